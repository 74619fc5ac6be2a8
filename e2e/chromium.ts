/**
 * Debian's Chromium (apt-get install chromium) and the flags every headless Chromium of this
 * project starts with (no network chatter, no GPU): the Playwright suite and the web checks
 * share them. Nothing here ever downloads a browser.
 */
export const chromiumPath =
  process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { chromiumFlags, chromiumPath, freePort, startServer, type RunningServer } from './server';

/**
 * The production server and a phone-sized page with the CPU slowed ×4, as Lighthouse's mobile
 * preset does: what the diagnostics (profile-page.ts, trace-tasks.ts) load a screen in.
 * `use` gets the page before it navigates; everything is closed after.
 */
export async function withMobilePage(
  use: (tools: {
    server: RunningServer;
    browser: Browser;
    page: Page;
    cdp: CDPSession;
  }) => Promise<void>,
): Promise<void> {
  const server = await startServer(await freePort());
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await use({ server, browser, page, cdp });
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * npm run screenshots — docs/screenshots/web-{home,show,search}-{desktop,phone}.png from the
 * production build (run `npm run build` first), in Chromium at 1280×800 and 360×740.
 * Cover images are hot-linked from static.tvmaze.com; offline they show their placeholders.
 * Options: --full (whole page instead of the first screen), --signed-in.
 */
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumFlags, chromiumPath, freePort, repoRoot, seed, startServer } from './server';

const outDir = path.join(repoRoot, 'docs/screenshots');
const full = process.argv.includes('--full');
const signedIn = process.argv.includes('--signed-in');

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      () => !document.querySelector('[data-testid="skeleton"], [data-testid$="-skeleton"]'),
    )
    .catch(() => undefined);
  // Let lazy images that failed settle into their placeholders.
  await page.waitForTimeout(300);
}

async function main() {
  const server = await startServer(await freePort());
  try {
    const fixture = await seed(server);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    const screens = [
      { name: 'home', path: '/' },
      { name: 'show', path: `/show/${fixture.showId}` },
      { name: 'search', path: '/search?q=breaking' },
    ];
    for (const device of [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ]) {
      const context = await browser.newContext({ viewport: device.viewport });
      if (signedIn) {
        await context.addInitScript((token) => {
          window.localStorage.setItem('manga_tracker_token', token);
        }, fixture.token);
      }
      const page = await context.newPage();
      for (const screen of screens) {
        await page.goto(`${server.origin}${screen.path}`);
        await settle(page);
        const file = path.join(outDir, `web-${screen.name}-${device.name}.png`);
        await page.screenshot({ path: file, fullPage: full });
        console.log(path.relative(repoRoot, file));
      }
      await context.close();
    }
    await browser.close();
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

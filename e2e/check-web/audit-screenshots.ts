/**
 * npx tsx e2e/check-web/audit-screenshots.ts — docs/screenshots/audit/*.png (issue 32, ADR
 * 176): search for "friends" (no sideways scroll, quiet stale badges) and /lists during an
 * outage (one message), at 360×740 and 1280×800, from the production build (`npm run build`).
 */
import path from 'node:path';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/audit');

async function main() {
  await shots.withSite({ port: process.env.SCREENSHOT_PORT }, async (server, browser) => {
    for (const device of [...shots.widths].reverse()) {
      const page = await shots.open(browser, device);
      await page.goto(`${server.origin}/search?q=friends`);
      await page.getByText(/\d+ shows$/).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: path.join(outDir, `search-friends-${device.name}.png`) });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      console.log(`search "friends" at ${device.viewport.width}: page ${width} px wide`);

      await page.route('**/api/**', (route) => route.abort('connectionrefused'));
      await page.goto(`${server.origin}/lists`);
      await page
        .getByRole('heading', { name: 'Failed to load lists' })
        .waitFor({ timeout: 30_000 });
      await page.screenshot({ path: path.join(outDir, `lists-outage-${device.name}.png`) });
      await page.context().close();
    }
  });
}

shots.run(main);

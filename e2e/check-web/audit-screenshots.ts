/**
 * npx tsx e2e/check-web/audit-screenshots.ts — docs/screenshots/audit/*.png (issue 32, ADR
 * 176): search for "friends" (no sideways scroll, quiet stale badges) and /lists during an
 * outage (one message), at 360×740 and 1280×800, from the production build (`npm run build`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath, freePort, repoRoot, startServer } from './server';

const outDir = path.join(repoRoot, 'docs/screenshots/audit');

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const port = Number(process.env.SCREENSHOT_PORT ?? (await freePort()));
  const server = await startServer(port);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    for (const [name, viewport] of [
      ['360', { width: 360, height: 740 }],
      ['1280', { width: 1280, height: 800 }],
    ] as const) {
      const page = await browser.newPage({ viewport });
      await page.goto(`${server.origin}/search?q=friends`);
      await page.getByText(/\d+ shows$/).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: path.join(outDir, `search-friends-${name}.png`) });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      console.log(`search "friends" at ${viewport.width}: page ${width} px wide`);

      await page.route('**/api/**', (route) => route.abort('connectionrefused'));
      await page.goto(`${server.origin}/lists`);
      await page
        .getByRole('heading', { name: 'Failed to load lists' })
        .waitFor({ timeout: 30_000 });
      await page.screenshot({ path: path.join(outDir, `lists-outage-${name}.png`) });
      await page.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
void main();

/**
 * npx tsx e2e/check-web/audit-screenshots.ts — docs/screenshots/audit/*.png (issue 32, ADR
 * 176): search for "friends" (no sideways scroll, quiet stale badges), /lists during an
 * outage (one message), the home page whose refresh failed after it loaded (what was shown
 * stays) and a member's show page with its menus' stand-in triggers, closed and
 * open (ADR 185), at 360×740 and 1280×800, from the production build (`npm run build`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumFlags, chromiumPath, freePort, repoRoot, seed, startServer } from './server';

const outDir = path.join(repoRoot, 'docs/screenshots/audit');

/**
 * The home page loaded, then the server went away: coming back to it after its data went stale
 * (30 s), the refresh fails and what was shown stays, with the "Could not refresh" line.
 */
async function homeRefreshFailed(browser: Browser, origin: string) {
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await page.goto(`${origin}/`);
  await page.getByText('Platform Statistics').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(31_000);
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  const go = (to: string) =>
    page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  await go('/about');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await go('/');
  await page.getByTestId('refresh-error').first().waitFor({ timeout: 30_000 });
  await page.screenshot({ path: path.join(outDir, 'home-refresh-failed-360.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(outDir, 'home-refresh-failed-1280.png') });
  await page.close();
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const port = Number(process.env.SCREENSHOT_PORT ?? (await freePort()));
  const server = await startServer(port);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const fixture = await seed(server);
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
      await page.unroute('**/api/**');

      await page.close();

      // A member's show page: 'Add to list' and the status arrow are stand-ins until used.
      const context = await browser.newContext({ viewport });
      await context.addInitScript(
        ([key, value]) => window.localStorage.setItem(key!, value!),
        ['manga_tracker_token', fixture.token],
      );
      const member = await context.newPage();
      await member.goto(`${server.origin}/show/${fixture.showId}`);
      await member.getByRole('button', { name: /^Add to list/ }).waitFor({ timeout: 30_000 });
      await member.screenshot({ path: path.join(outDir, `show-member-${name}.png`) });
      await member.getByRole('button', { name: /^Add to list/ }).click();
      await member.getByRole('menu').waitFor({ timeout: 10_000 });
      await member.screenshot({ path: path.join(outDir, `show-add-to-list-open-${name}.png`) });
      await context.close();
    }
    await homeRefreshFailed(browser, server.origin);
  } finally {
    await browser.close();
    await server.stop();
  }
}
void main();

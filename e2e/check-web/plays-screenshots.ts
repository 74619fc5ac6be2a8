/**
 * npx tsx e2e/check-web/plays-screenshots.ts — docs/screenshots/plays/*.png (issue 19: play
 * count and plays on the episode page, the diary, a profile's History tab, Rewatch) at
 * 1280×800 and 360×740 from the production build (`npm run build` first), with axe on each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import {
  chromiumFlags,
  chromiumPath,
  freePort,
  registerMember,
  repoRoot,
  startServer,
  api as call,
} from './server';

const outDir = path.join(repoRoot, 'docs/screenshots/plays');

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startServer(await freePort());
  const o = server.origin;
  try {
    const id = Date.now().toString(36);
    const { token, user } = await registerMember(server, {
      username: `plays_${id}`,
      email: `plays_${id}@example.test`,
      password: 'watching-all-night',
    });
    const shows = await call<{ data: { id: number; title: string }[] }>(
      o,
      'GET',
      '/search/shows?q=breaking%20bad',
    );
    const show = shows.data.find((s) => s.title === 'Breaking Bad')!.id;
    const eps = await call<{ data: { id: number; seasonNumber: number; episodeNumber: number }[] }>(
      o,
      'GET',
      `/episodes/show/${show}`,
    );
    const ep = (s: number, n: number) =>
      eps.data.find((e) => e.seasonNumber === s && e.episodeNumber === n)!.id;
    // A diary across a few days: the pilot three times, a handful of others.
    const day = (daysAgo: number, hour: number) => {
      const d = new Date(Date.now() - daysAgo * 86_400_000);
      d.setUTCHours(hour, 15, 0, 0);
      return new Date(Math.min(d.getTime(), Date.now() - 60_000)).toISOString();
    };
    await call(o, 'POST', `/episodes/${ep(1, 1)}/plays`, { watchedAt: day(40, 20) }, token);
    for (const [i, n] of [2, 3, 4].entries())
      await call(o, 'POST', `/episodes/${ep(1, n)}/plays`, { watchedAt: day(3, 19 + i) }, token);
    for (const [i, n] of [5, 6].entries())
      await call(o, 'POST', `/episodes/${ep(1, n)}/plays`, { watchedAt: day(1, 20 + i) }, token);
    await call(o, 'POST', `/episodes/${ep(1, 1)}/plays`, { watchedAt: day(1, 18) }, token);
    await call(o, 'POST', `/episodes/${ep(1, 1)}/plays`, {}, token);

    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    const axeReport: string[] = [];
    const axe = async (page: Page, name: string) => {
      const r = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      const lines = r.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length})`);
      axeReport.push(`${name}: ${lines.length ? lines.join(', ') : 'clean'}`);
    };
    for (const device of [
      { name: 'desktop', viewport: { width: 1280, height: 800 } },
      { name: 'phone', viewport: { width: 360, height: 740 } },
    ]) {
      const context = await browser.newContext({ viewport: device.viewport });
      await context.addInitScript((t) => localStorage.setItem('manga_tracker_token', t), token);
      const page = await context.newPage();
      const shot = async (name: string, fullPage = false) => {
        await page.screenshot({ path: path.join(outDir, `${name}-${device.name}.png`), fullPage });
        if (device.name === 'desktop') await axe(page, name);
      };
      await page.goto(`${o}/episode/${ep(1, 1)}`);
      await settle(page);
      await page.getByTestId('play-count').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 160));
      await settle(page);
      await shot('episode-plays');
      await page
        .getByRole('button', { name: /Edit the date of the play/ })
        .first()
        .click();
      await page.waitForTimeout(200);
      await shot('episode-play-edit');
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.goto(`${o}/history`);
      await settle(page);
      // The router restores this tab's last scroll position; the page's top is the point here.
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('history');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(200);
      await shot('history-end');
      await page.goto(`${o}/profile/${user.username}?tab=history`);
      await settle(page);
      await page.getByRole('tab', { name: 'History' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => {
        const tabs = document.querySelector('[role="tablist"]');
        if (tabs) window.scrollTo(0, tabs.getBoundingClientRect().top + window.scrollY - 80);
      });
      await page.waitForTimeout(200);
      await shot('profile-history');

      // Loading failure of the diary is an error with Try again, never an empty diary.
      await page.route('**/api/users/me/history*', (r) =>
        r.fulfill({ status: 500, json: { error: 'Database unavailable', code: 'INTERNAL' } }),
      );
      await page.goto(`${o}/history`);
      await page.getByText('Could not load the history').waitFor({ timeout: 20_000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('history-error');
      await page.unroute('**/api/users/me/history*');
      await context.close();
    }
    await browser.close();
    console.log(axeReport.join('\n'));
  } finally {
    await server.stop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

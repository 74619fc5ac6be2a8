/**
 * npx tsx e2e/check-web/seasons-screenshots.ts — docs/screenshots/seasons/*.png (issue 29:
 * the season rating control on the Episodes tab, season ratings on the profile, the year in
 * review with data and empty, a member's shared year) at 1280×800 and 360×740 from the
 * production build (`npm run build` first), with axe and a sideways-scroll check on each.
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

const outDir = path.join(repoRoot, 'docs/screenshots/seasons');

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
    const member = (name: string) =>
      registerMember(server, {
        username: `${name}_${id}`,
        email: `${name}_${id}@example.test`,
        password: 'watching-all-night',
        displayName: name === 'ann' ? 'Ann Lee' : undefined,
      });
    const { token, user } = await member('ann');
    const other = await member('bob');
    const find = async (q: string, title: string) =>
      (
        await call<{ data: { id: number; title: string }[] }>(
          o,
          'GET',
          `/search/shows?q=${encodeURIComponent(q)}`,
        )
      ).data.find((s) => s.title === title)!.id;
    const bb = await find('breaking bad', 'Breaking Bad');
    const eps = await call<{ data: { id: number; seasonNumber: number; episodeNumber: number }[] }>(
      o,
      'GET',
      `/episodes/show/${bb}`,
    );
    const ep = (s: number, n: number) =>
      eps.data.find((e) => e.seasonNumber === s && e.episodeNumber === n)!.id;
    // A year of watching: plays spread over months, a streak of four days.
    const year = new Date().getUTCFullYear();
    const at = (month: number, day: number, hour = 20) =>
      new Date(
        Math.min(Date.UTC(year, month, day, hour, 15), Date.now() - 3_600_000),
      ).toISOString();
    const plan: [number, number, string][] = [
      [1, 1, at(0, 3)],
      [1, 2, at(0, 4)],
      [1, 3, at(1, 10)],
      [1, 4, at(2, 7)],
      [1, 5, at(2, 8)],
      [1, 6, at(2, 9)],
      [1, 7, at(2, 10)],
      [2, 1, at(4, 1)],
      [2, 2, at(4, 1, 21)],
      [2, 3, at(6, 14)],
      [2, 4, at(8, 2)],
      [2, 5, at(10, 1)],
    ];
    for (const [s, n, when] of plan)
      await call(o, 'POST', `/episodes/${ep(s, n)}/plays`, { watchedAt: when }, token);
    await call(o, 'PUT', `/shows/${bb}/seasons/1/rating`, { rating: 9 }, token);
    await call(o, 'PUT', `/shows/${bb}/seasons/2/rating`, { rating: 8 }, token);
    await call(o, 'PUT', `/shows/${bb}/seasons/2/rating`, { rating: 6 }, other.token);

    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    const report: string[] = [];
    const check = async (page: Page, name: string) => {
      const r = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      const lines = r.violations.map(
        (v) => `${v.impact} ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`,
      );
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      report.push(
        `${name}: ${lines.length ? lines.join(', ') : 'axe clean'}${sideways ? ', SIDEWAYS SCROLL' : ''}`,
      );
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
        await check(page, `${name}-${device.name}`);
      };
      await page.goto(`${o}/show/${bb}?tab=episodes`);
      await settle(page);
      await page.getByRole('combobox', { name: 'Season' }).selectOption('2');
      await page.getByTestId('season-rating').first().waitFor();
      await settle(page);
      await page.evaluate(() => {
        const picker = document.querySelector('select');
        if (picker) window.scrollTo(0, picker.getBoundingClientRect().top + window.scrollY - 90);
      });
      await page.waitForTimeout(300);
      await shot('season-rating');
      await page.getByRole('button', { name: /Your rating of Season 2/ }).click();
      await page.waitForTimeout(300);
      await shot('season-rating-dialog');
      await page.keyboard.press('Escape');

      await page.goto(`${o}/profile/${user.username}`);
      await settle(page);
      await page.getByRole('heading', { name: 'Season Ratings' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      await page.waitForTimeout(200);
      await shot('profile-season-ratings');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('link', { name: `${year} in review` }).scrollIntoViewIfNeeded();
      await shot('profile-year-link');

      await page.goto(`${o}/year/${year}`);
      await settle(page);
      await shot('year', true);
      await page.goto(`${o}/year/2019`);
      await settle(page);
      await shot('year-empty');
      await context.close();

      // A visitor opening the shared link.
      const visitor = await browser.newContext({ viewport: device.viewport });
      const vpage = await visitor.newPage();
      await vpage.goto(`${o}/profile/${user.username}/year/${year}`);
      await settle(vpage);
      await vpage.screenshot({
        path: path.join(outDir, `year-shared-${device.name}.png`),
      });
      await check(vpage, `year-shared-${device.name}`);
      await visitor.close();
    }
    const card = await fetch(`${o}/api/users/username/${user.username}/year/${year}/card.png`);
    fs.writeFileSync(path.join(outDir, 'year-card.png'), Buffer.from(await card.arrayBuffer()));
    const page = await (await fetch(`${o}/profile/${user.username}/year/${year}`)).text();
    report.push(`og:image in the shared page: ${page.includes('og:image')}`);
    await browser.close();
    console.log(report.join('\n'));
  } finally {
    await server.stop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

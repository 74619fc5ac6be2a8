/**
 * npx tsx e2e/check-web/seasons-screenshots.ts — docs/screenshots/seasons/*.png (issue 29:
 * the season rating control on the Episodes tab, season ratings on the profile, the year in
 * review with data and empty, a member's shared year) at 1280×800 and 360×740 from the
 * production build (`npm run build` first), with axe and a sideways-scroll check on each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { api as call } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/seasons');

async function main() {
  await shots.withSite({}, async (server, browser) => {
    const o = server.origin;
    const member = (name: string) =>
      shots.join(server, name, name === 'ann' ? 'Ann Lee' : undefined);
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

    const report = new shots.Report({
      finding: shots.finding.targets,
      clean: 'axe clean',
      sideways: 'flag',
    });
    for (const device of shots.devices) {
      const page = await shots.open(browser, device, token);
      const shot = shots.shooter({ dir: outDir, device, report });
      await page.goto(`${o}/show/${bb}?tab=episodes`);
      await shots.settle(page);
      await page.getByRole('combobox', { name: 'Season' }).selectOption('2');
      await page.getByTestId('season-rating').first().waitFor();
      await shots.settle(page);
      await page.evaluate(() => {
        const picker = document.querySelector('select');
        if (picker) window.scrollTo(0, picker.getBoundingClientRect().top + window.scrollY - 90);
      });
      await page.waitForTimeout(300);
      await shot(page, 'season-rating');
      await page.getByRole('button', { name: /Your rating of Season 2/ }).click();
      await page.waitForTimeout(300);
      await shot(page, 'season-rating-dialog');
      await page.keyboard.press('Escape');

      await page.goto(`${o}/profile/${user.username}`);
      await shots.settle(page);
      await page.getByRole('heading', { name: 'Season Ratings' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      await page.waitForTimeout(200);
      await shot(page, 'profile-season-ratings');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('link', { name: `${year} in review` }).scrollIntoViewIfNeeded();
      await shot(page, 'profile-year-link');

      await page.goto(`${o}/year/${year}`);
      await shots.settle(page);
      await shot(page, 'year', true);
      await page.goto(`${o}/year/2019`);
      await shots.settle(page);
      await shot(page, 'year-empty');
      await page.context().close();

      // A visitor opening the shared link.
      const visitor = await shots.open(browser, device);
      await visitor.goto(`${o}/profile/${user.username}/year/${year}`);
      await shots.settle(visitor);
      await shot(visitor, 'year-shared');
      await visitor.context().close();
    }
    const card = await fetch(`${o}/api/users/username/${user.username}/year/${year}/card.png`);
    fs.writeFileSync(path.join(outDir, 'year-card.png'), Buffer.from(await card.arrayBuffer()));
    const page = await (await fetch(`${o}/profile/${user.username}/year/${year}`)).text();
    report.push(`og:image in the shared page: ${page.includes('og:image')}`);
    report.print();
  });
}

shots.run(main);

/**
 * npx tsx e2e/check-web/plays-screenshots.ts — docs/screenshots/plays/*.png (issue 19: play
 * count and plays on the episode page, the diary, a profile's History tab, Rewatch) at
 * 1280×800 and 360×740 from the production build (`npm run build` first), with axe on each.
 */
import { api as call } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/plays');

async function main() {
  await shots.withSite({}, async (server, browser) => {
    const o = server.origin;
    const { token, user } = await shots.join(server, 'plays');
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

    const report = new shots.Report();
    for (const device of shots.devices) {
      const page = await shots.open(browser, device, token);
      const shot = shots.shooter({ dir: outDir, device, report, desktopOnly: true });
      await page.goto(`${o}/episode/${ep(1, 1)}`);
      await shots.settle(page);
      await page.getByTestId('play-count').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 160));
      await shots.settle(page);
      await shot(page, 'episode-plays');
      await page
        .getByRole('button', { name: /Edit the date of the play/ })
        .first()
        .click();
      await page.waitForTimeout(200);
      await shot(page, 'episode-play-edit');
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.goto(`${o}/history`);
      await shots.settle(page);
      // The router restores this tab's last scroll position; the page's top is the point here.
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'history');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(200);
      await shot(page, 'history-end');
      await page.goto(`${o}/profile/${user.username}?tab=history`);
      await shots.settle(page);
      await page.getByRole('tab', { name: 'History' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => {
        const tabs = document.querySelector('[role="tablist"]');
        if (tabs) window.scrollTo(0, tabs.getBoundingClientRect().top + window.scrollY - 80);
      });
      await page.waitForTimeout(200);
      await shot(page, 'profile-history');

      // Loading failure of the diary is an error with Try again, never an empty diary.
      await page.route('**/api/users/me/history*', (r) =>
        r.fulfill({ status: 500, json: { error: 'Database unavailable', code: 'INTERNAL' } }),
      );
      await page.goto(`${o}/history`);
      await page.getByText('Could not load the history').waitFor({ timeout: 20_000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'history-error');
      await page.unroute('**/api/users/me/history*');
      await page.context().close();
    }
    report.print();
  });
}

shots.run(main);

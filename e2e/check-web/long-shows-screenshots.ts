/**
 * npx tsx e2e/check-web/long-shows-screenshots.ts — docs/screenshots/long-shows/*.png (issue 18:
 * season picker, previous/next episode, the Completed offer) at 1280×800 and 360×740 from the
 * production build (`npm run build` first), with axe on each state.
 */
import type { Page } from '@playwright/test';
import { api as call } from './server';
import * as shots from './shots';

const outDir = shots.outputDir('docs/screenshots/long-shows');

/** Scroll so the Episodes tab strip sits just under the sticky header. */
async function toPanel(page: Page) {
  await page.evaluate(() => {
    const tabs = document.querySelector('[role="tablist"][aria-label="Show sections"]');
    if (tabs) window.scrollTo(0, tabs.getBoundingClientRect().top + window.scrollY - 72);
  });
  await page.waitForTimeout(200);
}

/** Scroll so the episode's title and its Previous / Next links are on screen. */
async function toNav(page: Page) {
  await page.evaluate(() => {
    const h1 = document.querySelector('h1');
    if (h1) window.scrollTo(0, h1.getBoundingClientRect().top + window.scrollY - 150);
  });
  await page.waitForTimeout(200);
}

async function main() {
  await shots.withSite({}, async (server, browser) => {
    const o = server.origin;
    const { token } = await shots.join(server, 'long');
    const shows = await call<{ data: { id: number; title: string }[] }>(
      o,
      'GET',
      '/search/shows?q=game%20of%20thrones',
    );
    const got = shows.data.find((s) => s.title === 'Game of Thrones')!.id;
    for (const season of [1, 2])
      await call(o, 'POST', `/episodes/show/${got}/progress`, { season }, token);
    await call(o, 'POST', `/episodes/show/${got}/progress`, { upToEpisodeId: 0 }, token).catch(
      () => undefined,
    );
    const eps = await call<{ data: { id: number; seasonNumber: number; episodeNumber: number }[] }>(
      o,
      'GET',
      `/episodes/show/${got}`,
    );
    const s3e1 = eps.data.find((e) => e.seasonNumber === 3 && e.episodeNumber === 1)!.id;
    const s3e3 = eps.data.find((e) => e.seasonNumber === 3 && e.episodeNumber === 3)!.id;
    await call(o, 'POST', `/episodes/${s3e1}/progress`, {}, token);
    await call(o, 'POST', `/episodes/${s3e3}/progress`, {}, token);

    const report = new shots.Report();
    for (const device of shots.devices) {
      for (const member of [true, false]) {
        const page = await shots.open(browser, device, member ? token : undefined);
        const shot = shots.shooter({ dir: outDir, device, report, desktopOnly: true });
        const who = member ? 'member' : 'visitor';
        await page.goto(`${o}/show/${got}`);
        await shots.settle(page);
        await page.getByRole('tab', { name: 'Episodes' }).click();
        await shots.settle(page);
        await toPanel(page);
        await shot(page, `episodes-${who}`);
        if (member) {
          await page.getByRole('combobox', { name: 'Season' }).selectOption('2');
          await shots.settle(page);
          await shot(page, 'episodes-watched-season');
          // Loading and error states of the member's progress.
          await page.route('**/api/episodes/show/*/progress', (r) =>
            r.fulfill({ status: 500, json: { error: 'Database unavailable', code: 'INTERNAL' } }),
          );
          await page.reload();
          await shots.settle(page);
          await page.getByRole('tab', { name: 'Episodes' }).click();
          // The query retries a 500 a few times before it says so.
          await page.getByText('Could not load your progress').waitFor({ timeout: 20_000 });
          await toPanel(page);
          await shot(page, 'episodes-progress-error');
          await page.unroute('**/api/episodes/show/*/progress');

          await page.goto(`${o}/episode/${s3e1}`);
          await shots.settle(page);
          await toNav(page);
          await shot(page, 'episode-neighbours');
          await page.goto(
            `${o}/episode/${eps.data.find((e) => e.seasonNumber === 1 && e.episodeNumber === 1)!.id}`,
          );
          await shots.settle(page);
          await toNav(page);
          await shot(page, 'episode-first');

          await page.goto(`${o}/show/${got}`);
          await shots.settle(page);
          await page.getByRole('combobox', { name: 'Watchlist status' }).selectOption('completed');
          await page.getByRole('dialog').waitFor();
          await page.waitForTimeout(300);
          await shot(page, 'completed-offer');
          await page.getByRole('button', { name: 'Not now' }).click();
          await page.getByRole('combobox', { name: 'Watchlist status' }).selectOption('watching');
          await shots.settle(page);
        }
        await page.context().close();
      }
    }
    report.print();
  });
}

shots.run(main);

import { expect, test } from '@playwright/test';
import yazl from 'yazl';
import { registerViaUi } from './helpers';

const got = {
  title: 'Game of Thrones',
  year: 2011,
  ids: { trakt: 1390, slug: 'game-of-thrones', tvdb: 121361, imdb: 'tt0944947', tmdb: 1399 },
};
const lost = {
  title: 'Lost',
  year: 2004,
  ids: { trakt: 1395, slug: 'lost', tvdb: 73739, imdb: 'tt0411008', tmdb: 4607 },
};
const breakingBad = {
  title: 'Breaking Bad',
  year: 2008,
  ids: { trakt: 1388, slug: 'breaking-bad', tvdb: 81189, imdb: 'tt0903747', tmdb: 1396 },
};

/** A Trakt export ZIP as app.trakt.tv writes it: paged history (newest first), ratings, watchlist. */
async function traktZip(): Promise<Buffer> {
  const plays: object[] = [];
  let id = 9_000_000_000;
  // Three GoT episodes, each watched many times over ten years (rewatches keep the first date),
  // so the import has enough rows to show its progress.
  for (let round = 0; round < 3000; round++) {
    for (const number of [1, 2, 3]) {
      const at = new Date(Date.UTC(2013, 0, 1) + (round * 3 + number) * 3_600_000);
      plays.push({
        id: id++,
        watched_at: at.toISOString(),
        action: 'watch',
        type: 'episode',
        episode: { season: 1, number, ids: { trakt: number, tvdb: null, imdb: null, tmdb: null } },
        show: got,
      });
    }
  }
  plays.reverse();
  const half = Math.floor(plays.length / 2);
  const zip = new yazl.ZipFile();
  const add = (name: string, value: unknown) =>
    zip.addBuffer(Buffer.from(JSON.stringify(value)), name);
  add('watched-history-1.json', plays.slice(0, half));
  add('watched-history-2.json', plays.slice(half));
  add('ratings-shows.json', [
    { rated_at: '2015-05-05T10:00:00.000Z', rating: 9, type: 'show', show: lost },
  ]);
  add('lists-watchlist.json', [
    { rank: 1, id: 1, listed_at: '2016-06-06T06:00:00.000Z', type: 'show', show: breakingBad },
  ]);
  add('comments-shows.json', []);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test('import a Trakt ZIP from the settings screen: progress, report, then the watchlist holds the shows and progress', async ({
  page,
}) => {
  await registerViaUi(page);
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('link', { name: 'Open Import & export' }).click();
  await expect(page).toHaveURL(/\/settings\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import & export' })).toBeVisible();
  await expect(page.getByText('You have not imported anything yet.')).toBeVisible();

  await page.getByLabel('Choose a file or drop it here').setInputFiles({
    name: 'trakt-export.zip',
    mimeType: 'application/zip',
    buffer: await traktZip(),
  });
  await page.getByRole('button', { name: 'Start import' }).click();

  // The progress bar shows the step while the job works (a fast import may finish first).
  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  const done = page.getByText('Import complete.');
  await expect(progress.or(done)).toBeVisible();
  await expect(done).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Detected source: Trakt export (ZIP)')).toBeVisible();
  const count = (label: string) =>
    page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
  await expect(count('Shows matched')).toHaveText('3');
  await expect(count('Episodes marked')).toHaveText('3');
  await expect(count('Ratings')).toHaveText('1');
  // Every play is kept (ADR 130): the file's 9,000 plays of 3 episodes are 8,997 rewatches.
  await expect(count('Rewatches kept')).toHaveText('8,997');
  await expect(page.getByText('Every row found its show.')).toBeVisible();
  await expect(page.getByRole('list').getByText('Trakt export (ZIP)')).toBeVisible();

  await page.getByRole('link', { name: 'Open your watchlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Watchlist' })).toBeVisible();
  await expect(page.getByText('3 shows in your list')).toBeVisible();
  const gotCard = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: 'Game of Thrones' }) });
  await expect(gotCard.getByText('3/73')).toBeVisible();
  await expect(gotCard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  await expect(
    page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Breaking Bad' }) }),
  ).toBeVisible();
  await expect(
    page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Lost' }) }),
  ).toBeVisible();
});

test('at 360 px the finished import report is brought into view and focused (ADR 176)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await registerViaUi(page);
  await page.goto('/settings/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import & export' })).toBeVisible();
  await page.getByLabel('Choose a file or drop it here').setInputFiles({
    name: 'trakt-export.zip',
    mimeType: 'application/zip',
    buffer: await traktZip(),
  });
  await page.getByRole('button', { name: 'Start import' }).click();
  const done = page.getByText('Import complete.');
  await expect(done).toBeVisible({ timeout: 20_000 });
  await expect(done).toBeInViewport();
  await expect(page.locator(':focus')).toContainText('Import complete.');
  await page.screenshot({ path: test.info().outputPath('import-report-360.png') });
});

import { expect, test } from '@playwright/test';
import { registerViaUi, showSpoilers } from './helpers';

test('watch again: the play count grows, the diary lists every play by day, deleting one takes it back', async ({
  page,
}) => {
  await registerViaUi(page);
  // Spoiler protection is on by default (ADR 181): this journey reads the unwatched title.
  await showSpoilers(page);
  const found = await page.request.get('/api/search/shows?q=breaking%20bad');
  const show = ((await found.json()) as { data: { id: number; title: string }[] }).data.find(
    (s) => s.title === 'Breaking Bad',
  )!;
  const episodes = await page.request.get(`/api/episodes/show/${show.id}`);
  const pilot = (
    (await episodes.json()) as {
      data: { id: number; seasonNumber: number; episodeNumber: number }[];
    }
  ).data.find((e) => e.seasonNumber === 1 && e.episodeNumber === 1)!;

  await page.goto(`/episode/${pilot.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pilot' })).toBeVisible();
  await expect(page.getByTestId('play-count')).toHaveText('Not watched yet');
  await page.getByRole('button', { name: 'Mark as Watched' }).click();
  await expect(page.getByTestId('play-count')).toHaveText('Watched once');
  await page.getByRole('button', { name: 'Watch again' }).click();
  await expect(page.getByTestId('play-count')).toHaveText('Watched twice');
  const plays = page.getByRole('list', { name: 'Your plays of this episode' });
  await expect(plays.getByRole('listitem')).toHaveCount(2);
  await expect(plays.getByText('Rewatch')).toHaveCount(1);
  // Still one watched episode: a rewatch is a play, not progress.
  await expect(page.getByRole('button', { name: 'Watched' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page
    .getByRole('button', { name: /Open account menu|account/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(page.getByText('2 plays')).toBeVisible();
  await expect(page.getByRole('link', { name: 'S1E1 · Pilot' })).toHaveCount(2);

  await page.goto(`/episode/${pilot.id}`);
  await page
    .getByRole('button', { name: /Delete the play on/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('play-count')).toHaveText('Watched once');
  await page.goto('/history');
  await expect(page.getByText('1 play', { exact: true })).toBeVisible();
});

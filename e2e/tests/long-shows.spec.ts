import { expect, test } from '@playwright/test';
import { registerViaUi } from './helpers';

test('long shows: pick a season, mark it, reopen on the next season, step to the next episode', async ({
  page,
}) => {
  await registerViaUi(page);
  const search = await page.request.get('/api/search/shows?q=game%20of%20thrones');
  const shows = (await search.json()) as { data: { id: number; title: string }[] };
  const id = shows.data.find((s) => s.title === 'Game of Thrones')!.id;

  await page.goto(`/show/${id}`);
  await page.getByRole('tab', { name: 'Episodes' }).click();
  const panel = page.getByRole('tabpanel');
  const picker = panel.getByRole('combobox', { name: 'Season' });
  // Nothing watched yet: the next episode is S1E1, so season 1 opens, and only its rows show.
  await expect(panel.getByRole('heading', { level: 2, name: /^Season 1/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Mark S\d+E\d+ as watched$/ })).toHaveCount(10);

  await picker.selectOption({ label: 'Season 2 · 0 of 10 watched' });
  await expect(panel.getByRole('heading', { level: 2, name: /^Season 2/ })).toBeVisible();
  await panel.getByRole('button', { name: 'Mark season watched' }).click();
  await expect(panel.getByRole('button', { name: 'Unmark season' })).toBeVisible();
  await expect(panel.getByTestId('season-progress')).toHaveText('10 of 10 watched');
  await expect(panel.getByText('10 of 73 watched')).toBeVisible();
  await expect(picker.locator('option:checked')).toHaveText('Season 2 · 10 of 10 watched');

  // Up next continues after season 2 (ADR 009): the page now opens on season 3.
  await page.reload();
  await page.getByRole('tab', { name: 'Episodes' }).click();
  await expect(panel.getByRole('heading', { level: 2, name: /^Season 3/ })).toBeVisible();
  const upNext = await page.request.get('/api/me/up-next', {
    headers: {
      Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('manga_tracker_token'))}`,
    },
  });
  const entry = (
    (await upNext.json()) as {
      data: { episode: { seasonNumber: number; episodeNumber: number } }[];
    }
  ).data[0]!;
  expect(entry.episode).toMatchObject({ seasonNumber: 3, episodeNumber: 1 });

  // The episode page steps across seasons: S3E1's previous is S2E10.
  await panel
    .getByRole('listitem')
    .first()
    .getByRole('heading', { level: 3 })
    .getByRole('link')
    .click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('S3E1');
  const episodes = page.getByRole('navigation', { name: 'Episodes of this show' });
  await expect(episodes.getByRole('link', { name: /Previous episode/ })).toContainText('S2E10');
  await episodes.getByRole('link', { name: /Next episode/ }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('S3E2');
});

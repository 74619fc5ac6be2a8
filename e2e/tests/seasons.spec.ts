import { expect, test } from '@playwright/test';
import { registerViaUi } from './helpers';

test('rate a season, see it on the profile, open the year in review', async ({ page }) => {
  const user = await registerViaUi(page);
  const token = await page.evaluate(() => localStorage.getItem('manga_tracker_token'));
  const auth = { authorization: `Bearer ${token}` };
  const found = await page.request.get('/api/search/shows?q=breaking%20bad');
  const show = ((await found.json()) as { data: { id: number; title: string }[] }).data.find(
    (s) => s.title === 'Breaking Bad',
  )!;

  // Rate season 1 on the Episodes tab.
  await page.goto(`/show/${show.id}?tab=episodes`);
  await page.getByRole('combobox', { name: 'Season' }).selectOption('1');
  await page.getByRole('button', { name: 'Rate Season 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '9', exact: true }).click();
  await expect(
    page.getByRole('button', { name: 'Your rating of Season 1: 9/10. Change it' }),
  ).toBeVisible();
  await expect(page.getByTestId('season-rating').getByText('avg · 1 rating')).toBeVisible();

  // A play this year, so the year in review has something in it.
  const episodes = await page.request.get(`/api/episodes/show/${show.id}`);
  const pilot = (
    (await episodes.json()) as {
      data: { id: number; seasonNumber: number; episodeNumber: number }[];
    }
  ).data.find((e) => e.seasonNumber === 1 && e.episodeNumber === 1)!;
  const played = await page.request.post(`/api/episodes/${pilot.id}/plays`, {
    headers: auth,
    data: {},
  });
  expect(played.status(), await played.text()).toBe(201);

  // The rating is on the profile, and the profile leads to the year.
  await page.goto(`/profile/${user.username}`);
  const ratings = page.getByTestId('profile-season-ratings');
  await expect(ratings.getByRole('link', { name: 'Breaking Bad' })).toBeVisible();
  await expect(ratings.getByText('Season 1')).toBeVisible();
  await expect(ratings.getByLabel('Rated 9 out of 10')).toBeVisible();
  const year = new Date().getFullYear();
  await page.getByRole('link', { name: `${year} in review` }).click();
  await expect(page).toHaveURL(new RegExp(`/year/${year}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Your ${year}` })).toBeVisible();
  await expect(page.getByText('Episodes', { exact: true }).locator('..')).toContainText('1');
  await expect(page.getByRole('link', { name: 'Breaking Bad' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();

  // The shared address works for a visitor, with its preview tags.
  const shared = await page.request.get(`/profile/${user.username}/year/${year}`);
  expect(await shared.text()).toContain('og:image');
});

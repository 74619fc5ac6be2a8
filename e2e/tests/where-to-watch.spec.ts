import { expect, test, type Page } from '@playwright/test';
import { registerViaUi } from './helpers';

// The second server (playwright.config.ts): TMDB_API_KEY set, TMDB answered by a local stand-in.
const reachPort = Number(process.env.E2E_PORT ?? 3100) + 1;
test.use({ baseURL: `http://127.0.0.1:${reachPort}` });

async function showId(page: Page, q: string, title: string) {
  const res = await page.request.get(`/api/search/shows?q=${encodeURIComponent(q)}&limit=5`);
  const found = ((await res.json()) as { data: { id: number; title: string }[] }).data.find(
    (s) => s.title === title,
  );
  expect(found, title).toBeTruthy();
  return found!.id;
}

test('where to watch: a country and my services in Settings, providers on the show page, Up Next and the watchlist on my services', async ({
  page,
}) => {
  await registerViaUi(page);
  const token = await page.evaluate(() => localStorage.getItem('manga_tracker_token'));
  const auth = { Authorization: `Bearer ${token}` };
  const got = await showId(page, 'game of thrones', 'Game of Thrones');
  const bb = await showId(page, 'breaking bad', 'Breaking Bad');

  // Settings: the country, and a service picked from the catalogue's channels.
  await page.goto('/settings#watch-heading');
  const section = page.getByRole('region', { name: 'Where to watch' });
  await section.getByLabel('Country').selectOption('GB');
  await section.getByRole('checkbox', { name: 'Netflix', exact: true }).check();
  await section.getByRole('button', { name: 'Save where to watch' }).click();
  await expect(section.getByRole('status')).toHaveText('Saved. 1 service picked.');

  // The show page: the network always; TMDB's offers in the United Kingdom once the job ran.
  await page.goto(`/show/${got}`);
  const watch = page.getByRole('region', { name: 'Where to watch' });
  await expect(watch.getByText('Airs on HBO (United States)')).toBeVisible();
  await expect(watch.getByText('In United Kingdom', { exact: true })).toBeVisible();
  await expect(watch.getByText('Now TV')).toBeVisible({ timeout: 15_000 });
  await expect(watch.getByText('Sky Go')).toBeVisible();
  await expect(watch).toContainText('Watch provider data by JustWatch.');

  // Both shows being watched: both are in Up Next.
  for (const id of [got, bb]) {
    const res = await page.request.post('/api/user-content-status', {
      headers: auth,
      data: { showId: id, status: 'watching' },
    });
    expect(res.status()).toBeLessThan(300);
  }
  await page.goto('/');
  const upNext = page.getByRole('region', { name: 'Up Next' });
  await expect(upNext.getByText('Game of Thrones').first()).toBeVisible();
  await expect(upNext.getByText('Breaking Bad').first()).toBeVisible();
  // On my services (Netflix in the UK): Game of Thrones is on Now TV and Sky Go there.
  await upNext.getByRole('switch', { name: 'On my services' }).check();
  await expect(upNext.getByText('Game of Thrones')).toHaveCount(0);
  await expect(upNext.getByText('Breaking Bad').first()).toBeVisible();

  // The same switch on the watchlist: Breaking Bad streams on Netflix, Game of Thrones does not.
  await page.goto('/watchlist');
  const toggle = page.getByRole('switch', { name: 'On my services' });
  await expect(toggle).toBeChecked();
  await expect(page.getByRole('link', { name: /Breaking Bad/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Game of Thrones/ })).toHaveCount(0);
  await toggle.uncheck();
  await expect(page.getByRole('link', { name: /Game of Thrones/ }).first()).toBeVisible();
});

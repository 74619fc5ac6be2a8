import { expect, test } from '@playwright/test';
import { registerViaUi, showSpoilers } from './helpers';

// The second server (playwright.config.ts): its catalogue reaches a local TVmaze stand-in.
const reachPort = Number(process.env.E2E_PORT ?? 3100) + 1;
test.use({ baseURL: `http://127.0.0.1:${reachPort}` });

test('a show that is not in the snapshot: found by search, full episode list, tracked, in Up Next', async ({
  page,
}) => {
  await registerViaUi(page);
  // The journey reads the fetched episodes' titles: spoilers shown (ADR 181).
  await showSpoilers(page);

  // The bundled snapshot has no Severance; the search asks TVmaze and adds it.
  await page.goto('/search?q=severance');
  const card = page.getByRole('link', { name: /Severance/ });
  await expect(card).toBeVisible();
  await expect(page.getByText(/Showing local results only/)).toHaveCount(0);
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Severance' })).toBeVisible();

  // Its episodes arrive by a background job within seconds of the search.
  await expect(async () => {
    const id = page.url().split('/').pop();
    const res = await page.request.get(`/api/episodes/show/${id}`);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(5);
  }).toPass({ timeout: 10_000 });
  await page.reload();

  await page.getByRole('button', { name: 'Add to Watchlist' }).click();
  await expect(page.getByRole('button', { name: 'Remove from Watchlist' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Watchlist status' }).selectOption('watching');
  await page.getByRole('tab', { name: 'Episodes' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Half Loop')).toBeVisible();
  await panel.getByRole('button', { name: 'Mark S1E1 as watched' }).click();
  await expect(panel.getByRole('button', { name: 'Mark S1E1 as unwatched' })).toBeVisible();

  // Up Next on the home page offers the next episode.
  await page.goto('/');
  const upNext = page.getByRole('region', { name: 'Up Next' });
  await expect(upNext.getByRole('link', { name: /Half Loop/ })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { registerViaUi } from './helpers';

/**
 * Issue 29 (ADR 183): a new member tracks a show from its page; the recommendations job
 * (queued by the tracking change, run by the server's worker) fills a "Because you watched"
 * row on home; "Not interested" takes a pick away, and it stays away after a reload.
 */
test('tracking brings a Because you watched row; Not interested sticks', async ({ page }) => {
  test.setTimeout(90_000);
  await registerViaUi(page);
  const found = await page.request.get('/api/search/shows?q=game%20of%20thrones');
  const show = ((await found.json()) as { data: { id: number; title: string }[] }).data.find(
    (s) => s.title === 'Game of Thrones',
  )!;

  await page.goto(`/show/${show.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Game of Thrones' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Watchlist' }).click();
  await expect(page.getByRole('button', { name: 'Remove from Watchlist' })).toBeVisible();

  // The picks are computed by a job: home shows the row once it has run.
  const row = page.getByRole('region', { name: 'Because you watched Game of Thrones' });
  await expect(async () => {
    await page.goto('/');
    await expect(row).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });

  const first = row.getByRole('listitem').first();
  const title = (await first.getByRole('heading', { level: 3 }).textContent())!.trim();
  expect(title).not.toBe('Game of Thrones');
  await first.getByRole('button', { name: `Not interested: ${title}` }).click();
  await expect(page.getByText(`${title} will not be suggested again`)).toBeVisible();
  await expect(row.getByRole('heading', { level: 3, name: title, exact: true })).toHaveCount(0);

  await page.reload();
  await expect(row).toBeVisible();
  await expect(row.getByRole('heading', { level: 3, name: title, exact: true })).toHaveCount(0);

  // The page of every pick agrees.
  await page.goto('/recommendations');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Recommendations for you' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Because you watched Game of Thrones' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toHaveCount(0);
});

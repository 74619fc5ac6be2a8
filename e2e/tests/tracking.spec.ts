import { expect, test, type Page } from '@playwright/test';
import { registerViaUi } from './helpers';

async function gameOfThronesId(page: Page): Promise<number> {
  const response = await page.request.get('/api/search/shows?q=game%20of%20thrones');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { id: number; title: string }[] };
  const show = body.data.find((s) => s.title === 'Game of Thrones');
  expect(show, 'Game of Thrones is in the bundled catalogue').toBeTruthy();
  return show!.id;
}

test('track a show: add, mark two episodes, then On Hold and 8/10 on the watchlist survive a reload', async ({
  page,
}) => {
  await registerViaUi(page);
  const id = await gameOfThronesId(page);

  await page.goto(`/show/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Game of Thrones' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Watchlist' }).click();
  const status = page.getByRole('combobox', { name: 'Watchlist status' });
  await expect(status).toHaveValue('want_to_watch');
  await expect(page.getByRole('button', { name: 'Remove from Watchlist' })).toBeVisible();

  await page.getByRole('tab', { name: 'Episodes' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('0 of 73 watched')).toBeVisible();
  const first = panel.getByRole('button', { name: 'Mark S1E1 as watched' });
  await first.click();
  await expect(panel.getByRole('button', { name: 'Mark S1E1 as unwatched' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await panel.getByRole('button', { name: 'Mark S1E2 as watched' }).click();
  await expect(panel.getByRole('button', { name: 'Mark S1E2 as unwatched' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(panel.getByText('2 of 73 watched')).toBeVisible();
  // Watching an episode of a planned show starts it (ADR 009).
  await expect(status).toHaveValue('watching');

  await page.getByRole('banner').getByRole('link', { name: 'Watchlist' }).click();
  await expect(page).toHaveURL(/\/watchlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Watchlist' })).toBeVisible();
  await expect(page.getByText('1 show in your list')).toBeVisible();
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: 'Game of Thrones' }) });
  await expect(card.getByText('2/73')).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');

  await card
    .getByRole('combobox', { name: 'Status of Game of Thrones' })
    .selectOption({ label: 'On Hold' });
  await expect(card.locator('span', { hasText: /^On Hold$/ })).toBeVisible();
  await card.hover();
  await card.getByRole('button', { name: 'Rate Game of Thrones' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rate Game of Thrones' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove Rating' })).toHaveCount(0);
  await dialog.getByRole('button', { name: '8', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('8/10')).toBeVisible();

  // Saved on the server, not just on the screen.
  await page.reload();
  const reloaded = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: 'Game of Thrones' }) });
  await expect(reloaded.getByRole('combobox', { name: 'Status of Game of Thrones' })).toHaveValue(
    'paused',
  );
  await expect(reloaded.getByText('8/10')).toBeVisible();
  await expect(reloaded.getByText('2/73')).toBeVisible();

  // The On Hold filter asks the server and keeps the show; Dropped is empty.
  await page
    .getByRole('group', { name: 'Filter by status' })
    .getByRole('button', { name: 'On Hold' })
    .click();
  await expect(page).toHaveURL(/\?status=paused$/);
  await expect(page.getByRole('link', { name: 'Game of Thrones' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Filter by status' })
    .getByRole('button', { name: 'Dropped' })
    .click();
  await expect(page.getByRole('heading', { name: 'No shows found' })).toBeVisible();
});

test('an anonymous click on Add to Watchlist goes to sign in and comes back to the show', async ({
  page,
}) => {
  const user = await registerViaUi(page);
  await page.evaluate(() => localStorage.removeItem('manga_tracker_token'));
  const id = await gameOfThronesId(page);

  await page.goto(`/show/${id}`);
  await page.getByRole('button', { name: 'Add to Watchlist' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fshow%2F${id}$`));

  await page.getByLabel('Username or Email').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/show/${id}$`));
  await page.getByRole('button', { name: 'Add to Watchlist' }).click();
  await expect(page.getByRole('combobox', { name: 'Watchlist status' })).toHaveValue(
    'want_to_watch',
  );
});

test('signed-out visitors to /watchlist sign in and land back on it', async ({ page }) => {
  const user = await registerViaUi(page);
  await page.evaluate(() => localStorage.removeItem('manga_tracker_token'));
  await page.goto('/watchlist');
  await expect(page).toHaveURL(/\/login\?next=%2Fwatchlist$/);
  await page.getByLabel('Username or Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/watchlist$/);
  await expect(page.getByRole('heading', { name: 'No shows found' })).toBeVisible();
});

test('removing a show you watched episodes of and adding it again resumes it as Watching', async ({
  page,
}) => {
  await registerViaUi(page);
  const id = await gameOfThronesId(page);
  await page.goto(`/show/${id}`);
  await page.getByRole('tab', { name: 'Episodes' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Mark S1E1 as watched' }).click();
  await expect(panel.getByText('1 of 73 watched')).toBeVisible();
  const status = page.getByRole('combobox', { name: 'Watchlist status' });
  await expect(status).toHaveValue('watching');

  await page.getByRole('button', { name: 'Remove from Watchlist' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Watchlist' }).click();
  // Not Plan to Watch: the watched episode is still there (defect 12, ADR 042).
  await expect(status).toHaveValue('watching');
  await expect(panel.getByText('1 of 73 watched')).toBeVisible();
});

import { expect, test, type Page } from '@playwright/test';
import { registerViaUi, uniqueUser } from './helpers';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();

test('register lands on / signed in; sign out shows Sign In again', async ({ page }) => {
  const user = await registerViaUi(page, uniqueUser(), 'Night Watcher');

  await expect(mainNav(page).getByRole('link', { name: 'Watchlist' })).toBeVisible();
  const menu = page.getByRole('button', { name: /Account menu/ });
  await expect(menu).toBeVisible();
  // The token is kept under the spec's storage key.
  expect(await page.evaluate(() => localStorage.getItem('manga_tracker_token'))).toBeTruthy();

  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Your Profile' })).toHaveAttribute(
    'href',
    `/profile/${user.username}`,
  );
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Watchlist' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('manga_tracker_token'))).toBeNull();

  // The signed-out token really is revoked on the server, not just forgotten.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
});

test('a session survives a reload and signing in again works', async ({ page }) => {
  const user = await registerViaUi(page);
  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Username or Email').fill(user.email.toUpperCase());
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
});

test('a wrong password shows the server message and stays on /login', async ({ page }) => {
  const user = await registerViaUi(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Sign In' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Username or Email').fill(user.username);
  await page.getByLabel('Password').fill('not-the-password');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(/Invalid username\/email or password/);
  await expect(page).toHaveURL(/\/login$/);
});

test('signed-in visitors opening /login or /register are sent to /', async ({ page }) => {
  await registerViaUi(page);
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  }
});

test('register shows the spec messages and a taken username', async ({ page }) => {
  const taken = await registerViaUi(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Join Series Tracker' })).toBeVisible();
  await page.getByLabel('Username').fill(taken.username.toUpperCase());
  await page.getByLabel('Email').fill(`other_${taken.email}`);
  await page.getByLabel('Password', { exact: true }).fill('abcdef');
  await page.getByLabel('Confirm Password').fill('abcdeg');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  await page.getByLabel('Confirm Password').fill('abcdef');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('That username is already taken').first()).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('routes without a screen yet show a real not-found page, and unknown API paths are JSON', async ({
  page,
  request,
}) => {
  await page.goto('/lists');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  const res = await request.get('/api/does-not-exist');
  expect(res.status()).toBe(404);
  expect((await res.json()).code).toBe('NOT_FOUND');
});

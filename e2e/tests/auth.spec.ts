import { expect, test, type Page } from '@playwright/test';
import {
  alreadyRegisteredSubject,
  finishingLink,
  finishSubject,
  openFinishingLink,
  registerViaApi,
  registerViaUi,
  submitRegistration,
  uniqueUser,
} from './helpers';
import { mailFromOutbox, mailsTo } from './outbox';
import { authMessages } from '@series-tracker/contracts';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();

test('register, then the mailed link: lands on / signed in; sign out shows Sign In again and revokes the token', async ({
  page,
}) => {
  await registerViaUi(page, uniqueUser(), 'Night Watcher');

  await expect(mainNav(page).getByRole('link', { name: 'Watchlist' })).toBeVisible();
  const menu = page.getByRole('button', { name: /Account menu/ });
  await expect(menu).toBeVisible();
  // The token is kept under the spec's storage key.
  const token = await page.evaluate(() => localStorage.getItem('manga_tracker_token'));
  expect(token).toBeTruthy();
  const me = () =>
    page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect((await me()).status()).toBe(200);

  await menu.click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Your Profile',
    'Calendar',
    'Recommendations',
    'History',
    'Settings',
    'Import & export',
    'Sign Out',
  ]);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Watchlist' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('manga_tracker_token'))).toBeNull();

  // The signed-out token really is revoked on the server, not just forgotten here.
  await expect.poll(async () => (await me()).status()).toBe(401);
});

test('Sign Out on /watchlist returns to / and stays there', async ({ page }) => {
  await registerViaUi(page);
  await mainNav(page).getByRole('link', { name: 'Watchlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Watchlist' })).toBeVisible();

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  // Still home a moment later, never by way of the sign-in page.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/$/);
  expect(visited).not.toContain('/login');
});

test('reloading while the start-up session check runs keeps the session', async ({ page }) => {
  await registerViaUi(page);
  const token = await page.evaluate(() => localStorage.getItem('manga_tracker_token'));
  // Hold the check so the reload lands while it is in flight.
  let held = 0;
  await page.route('**/api/auth/me', async (route) => {
    held += 1;
    if (held === 1) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    } else {
      await route.continue();
    }
  });
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => held).toBe(1);
  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('manga_tracker_token'))).toBe(token);
});

test('a server error during the session check keeps the token: the saved copy stays signed in, a device without one offers a retry', async ({
  page,
  browser,
}) => {
  await registerViaUi(page);
  const token = await page.evaluate(() => localStorage.getItem('manga_tracker_token'));
  let down = true;
  const failMe = (p: Page) =>
    p.route('**/api/auth/me', (route) =>
      down
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'Service unavailable', code: 'INTERNAL_ERROR' }),
          })
        : route.continue(),
    );
  // This device saved the member's pages (ADR 162): they stay signed in as far as it knows.
  await failMe(page);
  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('manga_tracker_token'))).toBe(token);

  // Another device with the same token and nothing saved: no guess, a retry.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await other.addInitScript((t) => localStorage.setItem('manga_tracker_token', t), token!);
  const second = await other.newPage();
  await failMe(second);
  await second.goto('/');
  const retry = second.getByRole('button', { name: 'Retry sign-in' });
  await expect(retry).toBeVisible({ timeout: 15_000 });
  expect(await second.evaluate(() => localStorage.getItem('manga_tracker_token'))).toBe(token);
  down = false;
  await retry.click();
  await expect(second.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await other.close();
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
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
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
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });
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
  // A password the server's strength estimator calls trivial: said once, under the field.
  await page.getByLabel('Password', { exact: true }).fill('aaaaaaaa');
  await page.getByLabel('Confirm Password').fill('aaaaaaaa');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(authMessages.passwordTooWeak)).toHaveCount(1);
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await page.getByLabel('Password', { exact: true }).fill('harbour-lights-1');
  await page.getByLabel('Confirm Password').fill('harbour-lights-2');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  await page.getByLabel('Confirm Password').fill('harbour-lights-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Said once, on the field.
  await expect(page.getByText('That username is already taken')).toHaveCount(1);
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/register$/);
});

test('registering with an address that has an account: the same panel, and the owner is mailed a reminder, not a link', async ({
  page,
  request,
}) => {
  const owner = await registerViaApi(request);
  const finishing = await mailsTo(owner.email, finishSubject);
  expect(finishing).toHaveLength(1);

  // Nothing on the screen tells this visitor the address is registered (ADR 152).
  const stranger = { ...uniqueUser(), email: owner.email };
  await submitRegistration(page, stranger);
  await expect(page.getByText(owner.email)).toBeVisible();
  await expect(page.getByText(/already (exists|registered|has an account)/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The owner hears of it, with a way to sign in; no new finishing link is sent.
  const reminder = await mailFromOutbox(owner.email, alreadyRegisteredSubject);
  expect(reminder.text).toContain(owner.username);
  expect(reminder.links.map((l) => l.pathname)).toContain('/login');
  expect(reminder.links.filter((l) => l.searchParams.has('token'))).toEqual([]);
  // A wrong finishing mail would be a job of the same request: give it the time to arrive.
  await page.waitForTimeout(1500);
  expect((await mailsTo(owner.email, finishSubject)).map((m) => m.file)).toEqual(
    finishing.map((m) => m.file),
  );
  // The account was not touched: its owner still signs in with their password.
  const login = await request.post('/api/auth/login', {
    data: { identifier: owner.email, password: owner.password },
  });
  expect(login.status()).toBe(200);
});

test('a finishing link works once: opened again it shows the invalid-link message', async ({
  page,
  browser,
}) => {
  const user = uniqueUser();
  await submitRegistration(page, user);
  const link = await finishingLink(page, user.email);
  await openFinishingLink(page, link);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // The same link again, on a device that is not signed in.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const second = await other.newPage();
  await openFinishingLink(second, link);
  await expect(second.getByRole('alert')).toContainText('This link no longer works');
  await expect(second.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  await other.close();
});

test('routes without a screen yet show a real not-found page, and unknown API paths are JSON', async ({
  page,
  request,
}) => {
  // Typed by hand: no link on the site leads here (ADR 032). (/lists is built now.)
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  const res = await request.get('/api/does-not-exist');
  expect(res.status()).toBe(404);
  expect((await res.json()).code).toBe('NOT_FOUND');
});

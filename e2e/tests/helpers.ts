import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthResponse } from '@series-tracker/contracts';
import { linkFromOutbox, outboxDir, outboxFor } from './outbox';

/** The mail a new address gets on registering (ADR 152), and the one an address with an account gets. */
export const finishSubject = 'Finish creating your Series Tracker account';
export const alreadyRegisteredSubject = 'You already have a Series Tracker account';

let seq = 0;
export function uniqueUser() {
  const id = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  return { username: `e2e_${id}`, email: `e2e_${id}@example.test`, password: 'watching-all-night' };
}

type NewUser = ReturnType<typeof uniqueUser>;

/** Fills /register and sends it: the screen then says to check the e-mail (nothing is created yet). */
export async function submitRegistration(page: Page, user: NewUser, displayName?: string) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  if (displayName) await page.getByLabel('Display Name (Optional)').fill(displayName);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
}

/** The finishing link mailed to `email` by the server `page` is on (newest one). */
export async function finishingLink(page: Page, email: string): Promise<URL> {
  const link = await linkFromOutbox(email, finishSubject, outboxFor(page.url()));
  expect(link.pathname).toBe('/finish-registration');
  return link;
}

/** Opens a finishing link on this server (the mail points at PUBLIC_URL) and presses the button. */
export async function openFinishingLink(page: Page, link: URL) {
  await page.goto(`${link.pathname}${link.search}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Finish creating your account' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Finish and sign in' }).click();
}

/**
 * Registers through the screens as a visitor does: the form, the "Check your e-mail" panel, the
 * link from the dev outbox, "Finish and sign in"; ends signed in on /.
 */
export async function registerViaUi(page: Page, user = uniqueUser(), displayName?: string) {
  await submitRegistration(page, user, displayName);
  await openFinishingLink(page, await finishingLink(page, user.email));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  return user;
}

/**
 * Registers over HTTP (POST register → 202, the link from the outbox, POST finish-registration
 * → 201): the member with their token, signed in as the API signs in.
 */
export async function registerViaApi(
  request: APIRequestContext,
  user: NewUser & { displayName?: string } = uniqueUser(),
  outbox = outboxDir,
): Promise<NewUser & { displayName?: string } & AuthResponse> {
  const res = await request.post('/api/auth/register', { data: user });
  // The first account of a fresh server is created at once (ADR 173; first-run.setup.ts
  // claims both e2e servers before the specs, so this is for a server started elsewhere).
  if (res.status() === 201) return { ...user, ...((await res.json()) as AuthResponse) };
  expect(res.status(), await res.text()).toBe(202);
  const link = await linkFromOutbox(user.email, finishSubject, outbox);
  const finish = await request.post('/api/auth/finish-registration', {
    data: { token: link.searchParams.get('token') },
  });
  expect(finish.status(), await finish.text()).toBe(201);
  return { ...user, ...((await finish.json()) as AuthResponse) };
}

/**
 * Switches spoiler protection off for the signed-in member of `page` (it is on by default,
 * ADR 181): for journeys about something else that read unwatched episodes' titles.
 */
export async function showSpoilers(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('manga_tracker_token'));
  const res = await page.request.put('/api/spoilers/settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { protect: false },
  });
  expect(res.status()).toBe(200);
}

/** The id of a bundled-catalogue show, by its exact title (search API). */
export async function showIdByTitle(request: APIRequestContext, title: string): Promise<number> {
  const response = await request.get(`/api/search/shows?q=${encodeURIComponent(title)}`);
  const body = (await response.json()) as { data: { id: number; title: string }[] };
  const show = body.data.find((s) => s.title === title);
  expect(show, `${title} is in the bundled catalogue`).toBeTruthy();
  return show!.id;
}

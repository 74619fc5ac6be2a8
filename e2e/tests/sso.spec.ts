import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { registerMember, startServer, type RunningServer } from '../check-web/server';
import {
  startOpenIdProvider,
  type ProviderAccount,
  type TestOpenIdProvider,
} from '../../apps/api/test/oidc-provider';

/*
 * Single sign-on in Chromium (ADR 174): a real OpenID Provider (oidc-provider) on a free
 * loopback port with its own login page, and our production server configured for it on
 * E2E_PORT + 4 (the suite's other servers use +0..+2). The browser goes to the provider,
 * signs in on its page, and comes back signed in here.
 */
// Two sites and a round trip between them per step: more than the suite's 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const port = Number(process.env.E2E_PORT ?? 3100) + 4;
const origin = `http://127.0.0.1:${port}`;
// The server's database, so a journey can let a sign-in grow old (ADR 173: 15 minutes).
const dbFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '.tmp',
  `sso-${process.pid}.db`,
);
let op: TestOpenIdProvider;
let server: RunningServer;
let seq = 0;

function providerAccount(overrides: Partial<ProviderAccount> = {}): ProviderAccount {
  const id = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  return op.addAccount({
    sub: `e2e-${id}`,
    username: `kim_${id}`,
    password: 'provider password',
    email: `kim.${id}@idp.example.test`,
    emailVerified: true,
    name: 'Kim Park',
    ...overrides,
  });
}

/** On the provider's own page: its form, filled and sent as a person would. */
async function signInAtProvider(page: Page, account: ProviderAccount) {
  await expect(page.getByRole('heading', { name: 'Test Identity Provider' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(op.issuer);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.beforeAll(async () => {
  // A server of its own starting on a shared machine (migrations): more than a test's 30 s.
  test.setTimeout(150_000);
  op = await startOpenIdProvider({ redirectUris: [`${origin}/api/auth/oidc/callback`] });
  server = await startServer(port, {
    PUBLIC_URL: origin,
    OIDC_ISSUER: op.issuer,
    OIDC_CLIENT_ID: op.clientId,
    OIDC_CLIENT_SECRET: op.clientSecret,
    OIDC_PROVIDER_NAME: 'Test ID',
    DATABASE_URL: `file:${dbFile}`,
    // Sessions are read from the database on every request (a sign-in made old below).
    SESSION_CACHE_SECONDS: '0',
    // Signing in needs no shows: the bundled catalogue is not imported.
    CATALOG_AUTO_IMPORT: 'off',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await op?.close();
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${dbFile}${suffix}`, { force: true });
});

/** As if the member signed in 20 minutes ago: no longer a recent sign-in. */
function signInGrowsOld(username: string) {
  const db = new Database(dbFile);
  try {
    db.prepare(
      'update sessions set verified_at = ? where user_id = (select id from users where username = ?)',
    ).run(new Date(Date.now() - 20 * 60_000).toISOString(), username);
  } finally {
    db.close();
  }
}

test('a first sign-in through the provider creates the account and comes back signed in', async ({
  page,
}) => {
  const account = providerAccount();
  await page.goto(`${origin}/login?next=/settings`);
  await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
  await signInAtProvider(page, account);
  // Back here: the one-time code became a session, and the member is where they were going.
  await expect(page).toHaveURL(`${origin}/settings`);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  const section = page.getByRole('region', { name: 'Single sign-on' });
  // The address is on a line of its own under "Linked to Test ID" (it wraps on a phone).
  await expect(section.getByRole('listitem')).toContainText('Linked to Test ID');
  await expect(section.getByRole('listitem')).toContainText(account.email ?? '');
  // Their only way in: Unlink waits for a password.
  await expect(section.getByRole('button', { name: 'Unlink Test ID' })).toBeDisabled();
  // The code left the address bar; the token is this tab's, as after a password sign-in.
  expect(page.url()).not.toContain('code=');

  // Signing out and in again lands in the same account.
  await expect(page.getByLabel('Username')).toHaveValue(account.username);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.goto(`${origin}/login`);
  await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
  // The provider remembers the browser: straight back, no second login form.
  await expect(page).toHaveURL(`${origin}/`);
  await page.goto(`${origin}/settings`);
  await expect(page.getByLabel('Username')).toHaveValue(account.username);
});

test('a member links the provider from Settings, then signs in with it', async ({ page }) => {
  const id = Date.now().toString(36);
  const member = await registerMember(server, {
    username: `linker_${id}`,
    email: `linker.${id}@example.test`,
    password: 'watching-all-night',
  });
  const account = providerAccount({ email: member.user.email });
  await page.goto(`${origin}/login`);
  await page.getByLabel('Username or Email').fill(member.user.username);
  await page.getByLabel('Password').fill('watching-all-night');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  await page.goto(`${origin}/settings`);
  const section = page.getByRole('region', { name: 'Single sign-on' });
  await section.getByRole('button', { name: 'Link Test ID' }).click();
  await signInAtProvider(page, account);
  await expect(page).toHaveURL(/\/settings\?sso=linked/);
  await expect(section.getByText('Test ID is now linked to your account.')).toBeVisible();
  // The address is on a line of its own under "Linked to Test ID" (it wraps on a phone).
  await expect(section.getByRole('listitem')).toContainText('Linked to Test ID');
  await expect(section.getByRole('listitem')).toContainText(account.email ?? '');

  // Same address, but linked on purpose: signing in with the provider is this member.
  await page.context().clearCookies({ domain: '127.0.0.1' });
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${origin}/login`);
  await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
  await signInAtProvider(page, account);
  await expect(page).toHaveURL(`${origin}/`);
  await page.goto(`${origin}/settings`);
  await expect(page.getByLabel('Username')).toHaveValue(member.user.username);

  // A password stays, so the link may go.
  await section.getByRole('button', { name: 'Unlink Test ID' }).click();
  await expect(section.getByText('Test ID is no longer linked to your account.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Link Test ID' })).toBeVisible();
});

test('the address of an existing account is never linked by itself: a page says how', async ({
  page,
}) => {
  const id = Date.now().toString(36);
  const member = await registerMember(server, {
    username: `owner_${id}`,
    email: `owner.${id}@example.test`,
    password: 'watching-all-night',
  });
  const account = providerAccount({ email: member.user.email });
  await page.goto(`${origin}/login`);
  await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
  await signInAtProvider(page, account);
  await expect(page.getByRole('heading', { name: 'Signing in did not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('link Test ID from Settings');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(`${origin}/login`);
  await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
});

test('a member without a password confirms by signing in again at the provider, then deletes the account', async ({
  page,
}) => {
  const account = providerAccount();
  await page.goto(`${origin}/login?next=/settings`);
  await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
  await signInAtProvider(page, account);
  await expect(page).toHaveURL(`${origin}/settings`);
  signInGrowsOld(account.username);

  // No password to type: a box to tick, and the provider confirms.
  await page.goto(`${origin}/settings#danger`);
  const form = page.getByRole('form', { name: 'Delete account' });
  await expect(form.getByLabel('Password')).toHaveCount(0);
  await form.getByRole('checkbox', { name: /gone for good/ }).check();
  await form.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(dialog.getByLabel('Password')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Sign in again with Test ID' }).click();
  // The provider asks again although it remembers this browser (prompt=login).
  await signInAtProvider(page, account);
  // Back on the page the member was on, still signed in, now recent.
  await expect(page).toHaveURL(`${origin}/settings#danger`);
  await form.getByRole('checkbox', { name: /gone for good/ }).check();
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

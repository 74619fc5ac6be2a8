import { expect, test, type Locator, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { registerViaUi } from './helpers';

/*
 * Two-factor sign-in and passkeys in Chromium (ADR 173): a member turns on an authenticator app
 * in Settings › Security (the code is computed here from the key the page shows, as an app
 * would), keeps the backup codes, signs in with password + code and once with a backup code,
 * then adds a passkey on Chromium's virtual authenticator and signs in with it alone.
 *
 * The main e2e server has no PUBLIC_URL, so its WebAuthn relying party is `localhost` with the
 * origin http://localhost:<port>: this journey opens the site on that name (still loopback).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
test.use({ baseURL: `http://localhost:${port}` });
// Several sign-ins and a WebAuthn ceremony: more than the suite's 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The app's code for a later time step: the one used to turn it on cannot be used again. */
function codeFor(secret: string, offsetSteps = 1): string {
  const totp = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
}

/** Username and password on /login; with two-factor on, the second step follows. */
async function passwordStep(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username or Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const step = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(step.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  return step;
}

async function enterCode(step: Locator, code: string) {
  await step.getByLabel('Code').fill(code);
  await step.getByRole('button', { name: 'Verify' }).click();
}

async function expectSignedIn(page: Page) {
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
}

test('a member turns on an authenticator app, signs in with codes, then with a passkey', async ({
  page,
}) => {
  const user = await registerViaUi(page);

  // Settings › Security: two-factor is off; setting it up shows a QR code and the key.
  await page.goto('/settings#security');
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security.getByRole('heading', { name: 'Two-factor sign-in: off' })).toBeVisible();
  await security.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(
    security.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const secret = (await security.getByLabel('Key', { exact: true }).inputValue()).replace(
    /\s/g,
    '',
  );
  expect(secret).toMatch(/^[A-Z2-7]+$/);

  // A wrong code is refused; the app's current code turns it on.
  await security
    .getByLabel('Code from the app')
    .fill('000000' === codeFor(secret, 0) ? '111111' : '000000');
  await security.getByRole('button', { name: 'Turn on' }).click();
  await expect(security.getByText('That code is not right.').first()).toBeVisible();
  await security.getByLabel('Code from the app').fill(codeFor(secret, 0));
  await security.getByRole('button', { name: 'Turn on' }).click();

  // Ten backup codes, shown once.
  await expect(
    security.getByText('Save these backup codes now: they are shown only once.'),
  ).toBeVisible();
  const codes = await security
    .getByRole('list', { name: 'Backup codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/i);
  await security.getByRole('button', { name: 'I saved them' }).click();
  await expect(security.getByRole('heading', { name: 'Two-factor sign-in: on' })).toBeVisible();
  await expect(security.getByText('You have 10 of 10 backup codes left.')).toBeVisible();

  // Password alone no longer signs in: the second step asks for the app's code.
  await signOut(page);
  let step = await passwordStep(page, user.username, user.password);
  await enterCode(step, codeFor(secret));
  await expectSignedIn(page);

  // A backup code signs in once…
  await signOut(page);
  step = await passwordStep(page, user.username, user.password);
  await enterCode(step, codes[0]!);
  await expectSignedIn(page);
  await page.goto('/settings#security');
  await expect(security.getByText('You have 9 of 10 backup codes left.')).toBeVisible();

  // …and never again.
  await signOut(page);
  step = await passwordStep(page, user.username, user.password);
  await enterCode(step, codes[0]!);
  await expect(step.getByText('That code is not right.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  await enterCode(step, codes[1]!);
  await expectSignedIn(page);

  // A passkey on Chromium's virtual authenticator (user verification: a fingerprint, say).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  await page.goto('/settings#security');
  await expect(security.getByText('No passkeys yet.')).toBeVisible();
  await security.getByLabel('Name of the new passkey').fill('Work laptop');
  await security.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(security.getByText('Passkey “Work laptop” added.')).toBeVisible();
  const passkeys = security.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).toContainText('Work laptop');
  await expect(passkeys).toContainText('not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // The passkey alone signs in: no name, no password, no code.
  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectSignedIn(page);
  await page.goto('/settings#security');
  await expect(passkeys).toContainText('last used');
  await expect(page.getByLabel('Username')).toHaveValue(user.username);

  // With two-factor on, the passkey is also offered as the second step of a password sign-in.
  await signOut(page);
  step = await passwordStep(page, user.username, user.password);
  await step.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expectSignedIn(page);
});

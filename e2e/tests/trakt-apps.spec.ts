import { expect as baseExpect, test } from '@playwright/test';
import { registerViaUi } from './helpers';

// Sign-in round trips on a shared, busy machine: more room than the suite's 7 s per step.
const expect = baseExpect.configure({ timeout: 20_000 });

/*
 * A Trakt app (Kodi add-on, script) signs in with a device code (issue 27, ADR 170): the app
 * asks /trakt/oauth/device/code, the member enters the code on /activate, the app's poll gets
 * its token; the member sees the app under Settings › Apps & devices and disconnects it.
 */
test('a member approves a device code on /activate, sees the app in settings and disconnects it', async ({
  page: registering,
  browser,
  request,
}) => {
  // The app polls every 5 s, as Trakt apps do: room for a poll or two on a busy machine.
  test.setTimeout(150_000);
  const user = await registerViaUi(registering);
  // The member opens the address on another device (a phone), where they are signed out.
  const phone = await browser.newContext();
  const page = await phone.newPage();

  // The app (any client id works: apps ship their own).
  const clientId = `kodi-addon-${Date.now().toString(36)}-0123456789abcdef`;
  const codes = (await (
    await request.post('/trakt/oauth/device/code', { data: { client_id: clientId } })
  ).json()) as { device_code: string; user_code: string; verification_url: string };
  expect(codes.verification_url).toMatch(/\/activate$/);
  const poll = () =>
    request.post('/trakt/oauth/device/token', {
      data: { code: codes.device_code, client_id: clientId, client_secret: 'secret' },
    });
  expect((await poll()).status()).toBe(400); // pending

  // Signed out, /activate sends the member to sign in first, then back with the code.
  await page.goto(`/activate?code=${codes.user_code.toLowerCase()}`);
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Username or Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/activate\?code=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a device' })).toBeVisible();
  const field = page.getByLabel('Code shown by your app');
  await expect(field).toHaveValue(codes.user_code.toLowerCase());
  await page.getByRole('button', { name: 'Continue' }).click();

  const short = `${clientId.slice(0, 8)}…${clientId.slice(-4)}`;
  await expect(page.getByText(`An app with the ID ${short} wants to connect`)).toBeVisible();
  await expect(page.getByText('Mark episodes watched and update your watchlist')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Connected. Go back to your app')).toBeVisible();

  // The app's next poll gets its token (polled after the 5 s interval, as apps do).
  let refreshToken = '';
  await expect
    .poll(
      async () => {
        const res = await poll();
        if (res.ok())
          refreshToken = ((await res.json()) as { refresh_token: string }).refresh_token;
        return res.status();
      },
      { timeout: 15_000, intervals: [5_000] },
    )
    .toBe(200);

  await page.getByRole('link', { name: 'Settings › Apps & devices' }).click();
  await expect(page).toHaveURL(/\/settings\/apps#connected-apps$/);
  const connected = page.getByRole('list', { name: 'Your connected apps' });
  await expect(connected.getByRole('listitem')).toHaveCount(1);
  await expect(connected).toContainText(`App ID ${short}`);
  await expect(connected).toContainText('Connected');

  await page.getByRole('button', { name: `Disconnect app ${short}` }).click();
  await expect(page.getByText('No connected apps')).toBeVisible();
  // Its tokens end at once: the app cannot refresh its way back in.
  const refreshed = await request.post('/trakt/oauth/token', {
    data: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId },
  });
  expect(refreshed.status()).toBe(401);
  // The code is spent: entering it again says so, and keeps what was typed.
  await page.goto(`/activate?code=${codes.user_code}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('This code was already used');
  await expect(page.getByLabel('Code shown by your app')).toHaveValue(codes.user_code);
  await phone.close();
});

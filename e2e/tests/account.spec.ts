import { expect, test } from '@playwright/test';
import { registerViaUi } from './helpers';
import { linkFromOutbox, mailFromOutbox } from './outbox';

test('forgot password: from /login through the mail in the dev outbox to a new password', async ({
  page,
}) => {
  const user = await registerViaUi(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The screen loads on demand; the sign-in form stays up until it is there.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If an account uses that address, we have sent it a link',
  );

  const link = await linkFromOutbox(user.email, 'Reset your Series Tracker password');
  expect(link.pathname).toBe('/reset-password');
  // The mail points at PUBLIC_URL; open the same page on this server.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  const newPassword = 'a brand new secret';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  // The old password is refused, the new one works.
  await page.getByLabel('Username or Email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid username/email or password');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // The link worked once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New Password', { exact: true }).fill('yet another one');
  await page.getByLabel('Confirm New Password').fill('yet another one');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link was already used');
});

test('avatar: upload from Settings with the progress bar showing, then see it in the header', async ({
  page,
}) => {
  await registerViaUi(page, undefined, 'Picture Person');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // A real photo-sized PNG, drawn by the browser.
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 800, 600);
    gradient.addColorStop(0, '#7c3aed');
    gradient.addColorStop(1, '#f59e0b');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 800, 600);
    for (let i = 0; i < 400; i++) {
      ctx.fillStyle = `hsl(${(i * 37) % 360} 70% 60%)`;
      ctx.fillRect((i * 97) % 800, (i * 53) % 600, 24, 24);
    }
    return canvas.toDataURL('image/png');
  });
  const png = Buffer.from(dataUrl.split(',')[1]!, 'base64');

  // Hold the upload's answer a moment, as a slow connection would, so the bar can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/users/me/avatar', async (route) => {
    await held;
    await route.continue();
  });

  await page.getByLabel('Choose an avatar image').setInputFiles({
    name: 'holiday photo.png',
    mimeType: 'image/png',
    buffer: png,
  });
  const bar = page.getByRole('progressbar', { name: 'Avatar upload' });
  await expect(bar).toBeVisible();
  await expect(page.getByAltText('Preview of the new avatar')).toBeVisible();
  release();

  await expect(page.getByRole('status').filter({ hasText: 'Avatar saved' })).toBeVisible();
  await expect(bar).toBeHidden();

  const headerImage = page
    .getByRole('button', { name: 'Account menu for Picture Person' })
    .locator('img');
  await expect(headerImage).toHaveAttribute('src', /^\/uploads\/avatars\/\d+\/[a-z0-9]+-64\.webp$/);
  await expect
    .poll(() => headerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(64);
  // Still there after a reload: it is stored, not just shown.
  await page.reload();
  await expect(
    page.getByRole('button', { name: 'Account menu for Picture Person' }).locator('img'),
  ).toHaveAttribute('src', /-64\.webp$/);
});

test('e-mail change: the address switches only through the link mailed to the new one', async ({
  page,
}) => {
  const user = await registerViaUi(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const form = page.getByRole('form', { name: 'Email address' });
  const newEmail = `moved_${user.email}`;
  await form.getByLabel('Email', { exact: true }).fill(newEmail);
  await form.getByLabel('Current Password').fill(user.password);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `Check ${newEmail} for a link to confirm the change. Until then your address stays ${user.email}.`,
  );
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Email address' }).getByRole('status')).toContainText(
    `Check ${newEmail}`,
  );
  const link = await linkFromOutbox(newEmail, 'Confirm your new e-mail address for Series Tracker');
  expect(link.pathname).toBe('/verify-email');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('status')).toHaveText('Your email address is changed.');
  await page.goto('/settings');
  const after = page.getByRole('form', { name: 'Email address' });
  await expect(after.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
  await expect(after.getByText('Until then your address stays')).toHaveCount(0);
  const notice = await mailFromOutbox(user.email, 'Your Series Tracker e-mail address was changed');
  expect(notice.link?.pathname).toBe('/undo-email-change');
});

test('e-mail change to a taken address: the same note, and only the owner hears of it', async ({
  page,
  browser,
}) => {
  const owner = await registerViaUi(page);
  const other = await browser.newPage();
  const member = await registerViaUi(other);
  await other.goto('/settings');
  const form = other.getByRole('form', { name: 'Email address' });
  await form.getByLabel('Email', { exact: true }).fill(owner.email);
  await form.getByLabel('Current Password').fill(member.password);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `Check ${owner.email} for a link to confirm the change. Until then your address stays ${member.email}.`,
  );
  const note = await mailFromOutbox(
    owner.email,
    'Someone tried to use your address for another Series Tracker account',
  );
  expect(note.text).not.toContain(member.username);
  await form.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(form.getByText('Until then your address stays')).toHaveCount(0);
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(member.email);
  await other.close();
});

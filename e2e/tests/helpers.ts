import { expect, type Page } from '@playwright/test';

let seq = 0;
export function uniqueUser() {
  const id = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  return { username: `e2e_${id}`, email: `e2e_${id}@example.test`, password: 'watching-all-night' };
}

export async function registerViaUi(page: Page, user = uniqueUser(), displayName?: string) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  if (displayName) await page.getByLabel('Display Name (Optional)').fill(displayName);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  return user;
}

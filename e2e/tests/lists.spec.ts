import { expect, test, type Page } from '@playwright/test';
import { registerViaUi } from './helpers';

/** The show titles of the list's rows, top to bottom. */
async function rowTitles(page: Page): Promise<string[]> {
  return page.getByTestId('list-item').getByRole('heading', { level: 3 }).allTextContents();
}

async function waitForMove(page: Page) {
  return page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/lists\/\d+\/items\/\d+$/.test(r.url()),
  );
}

test('a ranked list of 5 from the wizard, reordered, followed, duplicated; a private one stays private', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await registerViaUi(page);
  const name = `Top Five ${Date.now().toString(36)}`;

  // Wizard: 1 Details.
  await page.getByRole('banner').getByRole('link', { name: 'Lists' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Community Lists' })).toBeVisible();
  await page.getByRole('link', { name: 'Create List' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create New List' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next: Add Shows' })).toBeDisabled();
  await page.getByLabel('List name').fill(name);
  await page.getByLabel(/Description/).fill('Five I would watch again tonight.');
  await page.getByRole('switch', { name: 'Ranked list' }).click();
  await page.getByRole('button', { name: 'Next: Add Shows' }).click();

  // 2 Add Shows: five picks from one search.
  await page.getByLabel('Find shows to add').fill('the');
  const add = page.getByRole('button', { name: /^Add / });
  await expect(add.first()).toBeVisible();
  const picked: string[] = [];
  for (let i = 0; i < 5; i++) {
    const label = (await add.first().getAttribute('aria-label'))!;
    picked.push(label.replace(/^Add /, ''));
    await add.first().click();
    await expect(page.getByRole('button', { name: `${picked[i]} (added)` })).toBeDisabled();
  }
  await expect(page.getByText('5 shows selected')).toBeVisible();
  await page.getByRole('button', { name: 'Next: Review & Create' }).click();

  // 3 Review → Create.
  await expect(page.getByText(name)).toBeVisible();
  await page.getByRole('button', { name: 'Create List' }).click();
  await expect(page).toHaveURL(/\/list\/\d+$/);
  const listUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rankings' })).toBeVisible();
  await expect(page.getByTestId('list-item')).toHaveCount(5);
  expect(await rowTitles(page)).toEqual(picked);

  // Reorder: drag #1 below #3, then the last one up with its keyboard button.
  const handle = (title: string) => page.getByRole('button', { name: `Drag to reorder ${title}` });
  // Rows at the top of the window, away from the edges where dragging scrolls the page.
  await page
    .getByTestId('list-item')
    .first()
    // Clear of the sticky header, near the top of the window.
    .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 120));
  const grip = (await handle(picked[0]!).boundingBox())!;
  const first = (await page.getByTestId('list-item').nth(0).boundingBox())!;
  const third = (await page.getByTestId('list-item').nth(2).boundingBox())!;
  // The dragged row's centre has to end over the third row's centre (closest centre wins).
  const shift = third.y + third.height / 2 - (first.y + first.height / 2);
  const x = grip.x + grip.width / 2;
  const y = grip.y + grip.height / 2;
  const moved = waitForMove(page);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 20, { steps: 5 });
  await page.mouse.move(x, y + shift, { steps: 15 });
  await page.mouse.up();
  expect((await moved).ok()).toBe(true);
  const afterDrag = [picked[1]!, picked[2]!, picked[0]!, picked[3]!, picked[4]!];
  await expect.poll(() => rowTitles(page)).toEqual(afterDrag);

  const movedUp = waitForMove(page);
  await page.getByRole('button', { name: `Move ${picked[4]} up` }).click();
  expect((await movedUp).ok()).toBe(true);
  const expected = [picked[1]!, picked[2]!, picked[0]!, picked[4]!, picked[3]!];
  await expect.poll(() => rowTitles(page)).toEqual(expected);

  // Kept on the server.
  await page.reload();
  await expect(page.getByTestId('list-item')).toHaveCount(5);
  expect(await rowTitles(page)).toEqual(expected);
  await expect(page.getByTestId('list-item').first().getByText('#1')).toBeVisible();

  // A private list of the same member.
  const secret = `Secret ${Date.now().toString(36)}`;
  await page.goto('/lists/create');
  await page.getByLabel('List name').fill(secret);
  await page.getByRole('switch', { name: 'Public list' }).click();
  await expect(page.getByText('Only you can see this list')).toBeVisible();
  await page.getByRole('button', { name: 'Next: Add Shows' }).click();
  await page.getByRole('button', { name: 'Next: Review & Create' }).click();
  await page.getByRole('button', { name: 'Create List' }).click();
  await expect(page).toHaveURL(/\/list\/\d+$/);
  const privateUrl = new URL(page.url()).pathname;
  await expect(page.getByText('Private', { exact: true })).toBeVisible();

  // Another member follows and duplicates the ranked list.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await registerViaUi(page2);
  await page2.goto(listUrl);
  await expect(page2.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page2.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page2.getByRole('button', { name: /Move .* up/ })).toHaveCount(0);
  await expect(page2.getByText('0 followers')).toBeVisible();
  await page2.getByRole('button', { name: 'Follow' }).click();
  await expect(page2.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(page2.getByText('1 follower', { exact: true })).toBeVisible();
  await page2.reload();
  await expect(page2.getByRole('button', { name: 'Following' })).toBeVisible();

  await page2.getByRole('button', { name: 'Duplicate' }).click();
  const dialog = page2.getByRole('dialog', { name: 'Duplicate List' });
  await expect(dialog.getByLabel('Name of your copy')).toHaveValue(`Copy of ${name}`);
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  // The copy's own page: wait for the navigation away from the original (its URL also matches
  // /list/N, so matching the pattern alone can pass before the duplicate exists).
  await page2.waitForURL((url) => /^\/list\/\d+$/.test(url.pathname) && url.pathname !== listUrl);
  await expect(page2.getByRole('heading', { level: 1, name: `Copy of ${name}` })).toBeVisible();
  await expect(page2.getByText('Private', { exact: true })).toBeVisible();
  await expect(page2.getByTestId('list-item')).toHaveCount(5);
  expect(await rowTitles(page2)).toEqual(expected);

  // The private list's URL answers as if it did not exist.
  await page2.goto(privateUrl);
  await expect(page2.getByRole('heading', { level: 1, name: 'List Not Found' })).toBeVisible();
  await expect(page2.getByText(secret)).toHaveCount(0);
  // And it is on no community page.
  await page2.goto('/lists');
  await expect(page2.getByRole('link', { name })).toBeVisible();
  await expect(page2.getByRole('link', { name: secret })).toHaveCount(0);
  await other.close();
});

import { expect, test, type Page } from '@playwright/test';
import { registerViaUi } from './helpers';

async function showId(page: Page, q: string, title: string): Promise<number> {
  const response = await page.request.get(`/api/search/shows?q=${encodeURIComponent(q)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { id: number; title: string }[] };
  const show = body.data.find((s) => s.title === title);
  expect(show, `${title} is in the bundled catalogue`).toBeTruthy();
  return show!.id;
}

test('a spoiler review: blurred in the feed, revealed, liked, commented and replied to; counts survive a reload', async ({
  page,
  browser,
}) => {
  // Two members, two sign-ups, a dozen round trips: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  // The author writes a review with a spoiler from the show page.
  await registerViaUi(page, undefined, 'Ada Author');
  const id = await showId(page, 'breaking bad', 'Breaking Bad');
  await page.goto(`/show/${id}`);
  await page.getByRole('tab', { name: /^Reviews \(\d+\)$/ }).click();
  await page.getByRole('link', { name: 'Be the First to Review' }).click();
  await expect(page).toHaveURL(new RegExp(`/reviews/write\\?showId=${id}$`));
  await expect(page.getByRole('heading', { name: 'Write a Review' })).toBeVisible();
  await expect(page.getByText('Reviewing:')).toBeVisible();
  await page.getByLabel('Review Title').fill('The ending hits hard');
  await page.getByLabel('Review Content').fill('Walt dies in the lab.\n\nWhat a finale.');
  await page.getByLabel('This review contains spoilers').check();
  await page.getByRole('button', { name: 'Publish Review' }).click();
  await expect(page).toHaveURL(/\/review\/\d+$/);
  const reviewUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'The ending hits hard' })).toBeVisible();

  // Another member meets it blurred in the feed.
  const context = await browser.newContext();
  const reader = await context.newPage();
  await registerViaUi(reader);
  await reader.getByRole('banner').getByRole('link', { name: 'Reviews' }).click();
  await expect(reader).toHaveURL(/\/reviews$/);
  const card = reader.getByRole('article', { name: 'The ending hits hard' });
  await expect(card.getByText('This review contains spoilers')).toBeVisible();
  await expect(card.getByTestId('spoiler-blur')).toContainText('Walt dies in the lab.');
  await card.getByRole('button', { name: 'Reveal spoiler' }).click();
  await expect(card.getByTestId('spoiler-blur')).toHaveCount(0);
  await expect(card.getByText(/Walt dies in the lab\./)).toBeVisible();

  // Opens it, reveals it there too, likes it and comments.
  await card.getByRole('link', { name: 'Read full review →' }).click();
  await expect(reader).toHaveURL(new RegExp(`${reviewUrl}$`));
  await expect(reader.getByTestId('spoiler-blur')).toHaveCount(1);
  await reader.getByRole('button', { name: 'Reveal spoiler' }).click();
  await expect(reader.getByText('What a finale.')).toBeVisible();
  await reader.getByRole('button', { name: 'Like this review (0 likes)' }).click();
  await expect(reader.getByRole('button', { name: 'Unlike this review (1 like)' })).toBeVisible();
  await reader
    .getByPlaceholder('Share your thoughts on this review...')
    .fill('Agreed, perfect ending.');
  await reader.getByRole('button', { name: 'Post Comment' }).click();
  await expect(reader.getByText('Agreed, perfect ending.')).toBeVisible();
  await expect(reader.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

  // The author replies under that comment.
  await page.reload();
  const thread = page.getByRole('listitem').filter({ hasText: 'Agreed, perfect ending.' }).first();
  await thread.getByRole('button', { name: 'Reply' }).click();
  await thread.getByPlaceholder('Write a reply...').fill('Thanks for reading!');
  await thread.getByRole('button', { name: 'Post Reply' }).click();
  await expect(thread.getByText('Thanks for reading!')).toBeVisible();
  // Nobody likes their own review.
  await expect(page.getByRole('button', { name: /Like this review/ })).toBeDisabled();

  // After a reload the reader sees the exact counts and the thread.
  await reader.reload();
  await expect(reader.getByRole('button', { name: 'Unlike this review (1 like)' })).toBeVisible();
  await expect(reader.getByRole('heading', { name: 'Comments (2)' })).toBeVisible();
  const readerThread = reader
    .getByRole('listitem')
    .filter({ hasText: 'Agreed, perfect ending.' })
    .first();
  await expect(readerThread.getByText('Thanks for reading!')).toBeVisible();
  await reader.goto('/reviews');
  const again = reader.getByRole('article', { name: 'The ending hits hard' });
  await expect(again.getByText('Likes:1')).toBeVisible();
  await expect(again.getByText('Comments:2')).toBeVisible();
  await context.close();
});

test('markup in a review renders as text and opens no dialog', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await registerViaUi(page);
  const id = await showId(page, 'game of thrones', 'Game of Thrones');
  const payload = '<img src=x onerror=alert(1)>';
  await page.goto(`/reviews/write?showId=${id}`);
  await page.getByLabel('Review Title').fill(`Markup ${payload}`);
  await page.getByLabel('Review Content').fill(`Look: ${payload} <script>alert(2)</script>`);
  await page.getByRole('button', { name: 'Publish Review' }).click();
  await expect(page).toHaveURL(/\/review\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Markup ${payload}` })).toBeVisible();
  await expect(page.getByText(`Look: ${payload} <script>alert(2)</script>`)).toBeVisible();
  await page.goto('/reviews');
  await expect(page.getByRole('link', { name: `Markup ${payload}` })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

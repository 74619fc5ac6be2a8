import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerViaUi, uniqueUser } from './helpers';

async function showId(page: Page, title: string): Promise<number> {
  const response = await page.request.get(`/api/search/shows?q=${encodeURIComponent(title)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { id: number; title: string }[] };
  const show = body.data.find((s) => s.title === title);
  expect(show, `${title} is in the bundled catalogue`).toBeTruthy();
  return show!.id;
}

async function member(browser: Browser, displayName: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const user = await registerViaUi(page, uniqueUser(), displayName);
  return { context, page, user };
}

test('two members follow each other; one watches, the other sees it on home and on the profile', async ({
  browser,
}) => {
  // Two members' journeys in one test, on a machine shared with other builds.
  test.setTimeout(120_000);
  const ann = await member(browser, 'Ann Follower');
  const ben = await member(browser, 'Ben Watcher');

  // Ann finds Ben on the search page's Users tab and follows him.
  await ann.page.goto(`/search?q=${ben.user.username}&tab=users`);
  const row = ann.page.getByRole('listitem').filter({ hasText: `@${ben.user.username}` });
  await row.getByRole('button', { name: 'Follow Ben Watcher' }).click();
  await expect(row.getByRole('button', { name: 'Unfollow Ben Watcher' })).toHaveText('Following');

  // Ben follows Ann back from her profile.
  await ben.page.goto(`/profile/${ann.user.username}`);
  await expect(ben.page.getByRole('heading', { level: 1, name: 'Ann Follower' })).toBeVisible();
  await ben.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(ben.page.getByRole('button', { name: 'Following' })).toBeVisible();
  await ben.page.reload();
  await expect(ben.page.getByRole('button', { name: 'Following' })).toBeVisible();

  // Ben marks two episodes and favourites the show.
  const id = await showId(ben.page, 'Game of Thrones');
  await ben.page.goto(`/show/${id}`);
  await ben.page.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(ben.page.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
  await ben.page.getByRole('tab', { name: 'Episodes' }).click();
  const panel = ben.page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Mark S1E1 as watched' }).click();
  await expect(panel.getByRole('button', { name: 'Mark S1E1 as unwatched' })).toBeVisible();
  await panel.getByRole('button', { name: 'Mark S1E2 as watched' }).click();
  await expect(panel.getByText('2 of 73 watched')).toBeVisible();

  // Ben writes a review and makes a public list (through the API: their screens belong to the
  // reviews and lists journeys).
  const token = await ben.page.evaluate(() => window.localStorage.getItem('manga_tracker_token'));
  const auth = { authorization: `Bearer ${token}` };
  const review = await ben.page.request.post('/api/reviews', {
    headers: auth,
    data: {
      showId: id,
      title: 'Winter is worth it',
      content: 'Two episodes in and the stakes are already enormous.',
      rating: 9,
      isPublic: true,
    },
  });
  expect(review.status()).toBe(201);
  const list = await ben.page.request.post('/api/lists', {
    headers: auth,
    data: { name: 'Fantasy essentials', isPublic: true, isRanked: false, items: [{ showId: id }] },
  });
  expect(list.status()).toBe(201);

  // Ann sees it in Recent Activity on home: one entry for the burst.
  await ann.page.goto('/');
  const activity = ann.page.locator('section', {
    has: ann.page.getByRole('heading', { name: 'Recent Activity' }),
  });
  await expect(activity.getByText(/watched 2 episodes of/)).toBeVisible();
  await expect(activity.getByText(/reviewed/)).toBeVisible();
  await expect(activity.getByText('“Winter is worth it”')).toBeVisible();
  await expect(activity.getByRole('link', { name: 'Fantasy essentials' })).toBeVisible();
  await expect(activity.getByRole('link', { name: 'Ben Watcher' }).first()).toBeVisible();
  await activity.getByRole('link', { name: 'View more' }).click();
  await expect(ann.page).toHaveURL(/\/activity$/);
  await expect(ann.page.getByText(/watched 2 episodes of/)).toBeVisible();

  // Ann opens Ben's profile: every tab shows real content, and the charts render.
  await ann.page.getByRole('link', { name: 'Ben Watcher' }).first().click();
  await expect(ann.page).toHaveURL(new RegExp(`/profile/${ben.user.username}$`));
  await expect(ann.page.getByRole('heading', { level: 1, name: 'Ben Watcher' })).toBeVisible();
  await expect(ann.page.getByRole('button', { name: 'Following' })).toBeVisible();
  const overview = ann.page.getByRole('tabpanel');
  await expect(overview.getByText('Episodes watched', { exact: true })).toBeVisible();
  await expect(overview.getByTestId('profile-charts')).toBeVisible();
  await expect(overview.locator('.recharts-surface').first()).toBeVisible();
  await expect(overview.getByRole('link', { name: 'Game of Thrones' }).first()).toBeVisible();

  await ann.page.getByRole('tab', { name: 'Activity' }).click();
  await expect(ann.page.getByRole('tabpanel').getByText(/watched 2 episodes of/)).toBeVisible();
  await expect(ann.page.getByRole('tabpanel').getByText(/started following/)).toBeVisible();
  await ann.page.getByRole('tab', { name: 'Favorites' }).click();
  await expect(
    ann.page.getByRole('tabpanel').getByRole('link', { name: /Game of Thrones/ }),
  ).toBeVisible();
  await ann.page.getByRole('tab', { name: 'Lists' }).click();
  await expect(ann.page.getByRole('tabpanel').getByText('Fantasy essentials')).toBeVisible();
  await ann.page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(
    ann.page.getByRole('tabpanel').getByRole('heading', { name: 'Winter is worth it' }),
  ).toBeVisible();

  // Followers page lists Ann.
  await ann.page.goto(`/profile/${ben.user.username}/followers`);
  await expect(ann.page.getByText(`@${ann.user.username}`)).toBeVisible();

  await ann.context.close();
  await ben.context.close();
});

test('an unknown profile says so', async ({ page }) => {
  await page.goto('/profile/nobody_by_this_name');
  await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
  await expect(page.getByText("The user profile you're looking for doesn't exist.")).toBeVisible();
});

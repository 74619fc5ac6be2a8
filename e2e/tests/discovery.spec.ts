import { expect, test } from '@playwright/test';

test('header search → results → show → episodes → episode breadcrumb', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Search shows' });
  await search.fill('breaking');

  // Suggestions arrive after the pause, with the full-search row last.
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option', { name: /Breaking Bad/ })).toBeVisible();
  await expect(listbox.getByRole('option').last()).toHaveText('Search all results for "breaking"');
  await expect(search).toHaveAttribute('aria-expanded', 'true');

  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=breaking$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Results for "breaking"' }),
  ).toBeVisible();

  await page
    .getByRole('link', { name: /Breaking Bad/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/show\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Breaking Bad' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Reviews \(\d+\)$/ })).toBeVisible();

  await page.getByRole('tab', { name: 'Episodes' }).click();
  const episodes = page.getByRole('tabpanel');
  // A visitor starts on the latest season; the picker goes back to the first (value = number).
  await episodes.getByRole('combobox', { name: 'Season' }).selectOption('1');
  await expect(episodes.getByRole('heading', { name: /Season 1/ })).toBeVisible();
  await expect(episodes.getByText('S1E1', { exact: true })).toBeVisible();
  await episodes.getByRole('link', { name: 'Pilot' }).click();

  await expect(page).toHaveURL(/\/episode\/\d+$/);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
  await expect(breadcrumb.getByRole('link', { name: 'Breaking Bad' })).toHaveAttribute(
    'href',
    /\/show\/\d+$/,
  );
  await expect(breadcrumb.getByText('S1E1')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pilot' })).toBeVisible();
});

test('picking a suggestion (keyboard or mouse) searches for its title; Game of Thrones lists all 73 episodes', async ({
  page,
}) => {
  await page.goto('/');
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Search shows' });
  await search.fill('game of thr');
  await expect(page.getByRole('option', { name: /^Game of Thrones/ }).first()).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');

  // Spec §2: picking a suggestion goes to /search?q={text} (ADR 033); the show leads.
  await expect(page).toHaveURL(/\/search\?q=Game\+of\+Thrones$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Results for "Game of Thrones"' }),
  ).toBeVisible();
  const results = page.getByRole('tabpanel');
  await expect(results.getByRole('link').first()).toContainText('Game of Thrones');

  // The search page's own box offers up to 8 suggestions (spec §9); a click picks too.
  const pageSearch = page.getByRole('main').getByRole('combobox', { name: 'Search' });
  await pageSearch.fill('the');
  const listbox = page.getByRole('main').getByRole('listbox');
  await expect(listbox.getByRole('option')).toHaveCount(9);
  const second = listbox.getByRole('option').nth(1);
  const title = (await second.locator('span.block').first().textContent())!.trim();
  await second.click();
  await expect(page).toHaveURL(`/search?${new URLSearchParams({ q: title }).toString()}`);

  await page.goto('/search?q=Game+of+Thrones');
  await results
    .getByRole('link', { name: /Game of Thrones/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Game of Thrones' })).toBeVisible();
  await page.getByRole('tab', { name: 'Episodes' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('73 episodes', { exact: true })).toBeVisible();
  // One season at a time: the picker lists all 8, the latest is open.
  const picker = panel.getByRole('combobox', { name: 'Season' });
  await expect(picker.locator('option')).toHaveCount(8);
  await expect(panel.getByRole('heading', { name: /^Season \d+/ })).toHaveText(/^Season 8/);
});

test('unknown show and episode ids get their not-found pages', async ({ page }) => {
  await page.goto('/show/99999999');
  await expect(page.getByRole('heading', { name: 'Show Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Shows' })).toHaveAttribute('href', '/search');
  await page.goto('/episode/99999999');
  await expect(page.getByRole('heading', { name: 'Episode Not Found' })).toBeVisible();
});

test('browse keeps filters in the URL and home mood buttons land on a real genre', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Need a laugh' }).click();
  await expect(page).toHaveURL(/\/browse\?genre=Comedy$/);
  await expect(page.getByLabel('Genre', { exact: true })).toHaveValue('Comedy');
  await expect(
    page
      .getByRole('link', { name: /./ })
      .filter({ has: page.getByText('Comedy', { exact: true }) })
      .first(),
  ).toBeVisible();
  await page.getByLabel('Type', { exact: true }).selectOption('anime');
  await expect(page).toHaveURL(/kind=anime/);
});

test("Rick and Morty's header counts the 32 episodes its Episodes tab lists (defect 12)", async ({
  page,
}) => {
  const response = await page.request.get('/api/search/shows?q=rick%20and%20morty');
  const body = (await response.json()) as { data: { id: number; title: string }[] };
  const show = body.data.find((s) => s.title === 'Rick and Morty');
  expect(show, 'Rick and Morty is in the bundled catalogue').toBeTruthy();

  await page.goto(`/show/${show!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rick and Morty' })).toBeVisible();
  await expect(page.getByText('32 episodes', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Episode count unknown')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Episodes' }).click();
  await expect(
    page.getByRole('tabpanel').getByText(/^32 episodes so far in our database/),
  ).toBeVisible();
});

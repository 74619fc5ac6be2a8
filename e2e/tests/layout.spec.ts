import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi } from './helpers';

/*
 * Layout in a real browser (issue 8 §9, defects 2, 6 and 7): what jsdom cannot measure.
 */

const PHONE = { width: 360, height: 740 };

async function findShow(request: APIRequestContext, query: string) {
  const res = await request.get(`/api/search/shows?q=${encodeURIComponent(query)}&limit=1`);
  const [show] = (await res.json()).data as { id: number }[];
  if (!show) throw new Error(`${query} is not in the catalogue`);
  const episodes = await request.get(`/api/episodes/show/${show.id}`);
  const [episode] = (await episodes.json()).data as { id: number }[];
  return { showId: show.id, episodeId: episode!.id };
}

/** Waits for the screen's data, then reports how wide the page is. */
async function pageWidth(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Loading...')).toHaveCount(0);
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe('on a 360 px phone nothing scrolls sideways', () => {
  test.use({ viewport: PHONE });

  test('signed out, on every screen', async ({ page, request }) => {
    const { showId, episodeId } = await findShow(request, 'game of thrones');
    for (const path of [
      '/',
      '/search?q=breaking',
      '/browse',
      `/show/${showId}`,
      `/episode/${episodeId}`,
      '/today',
      '/watchlist',
      '/login',
      '/register',
      '/about',
      '/help',
      '/privacy',
      '/terms',
      '/no-such-page',
    ]) {
      expect.soft(await pageWidth(page, path), path).toBeLessThanOrEqual(PHONE.width);
    }
  });

  test('signed in, on the screens with the most in them', async ({ page, request }) => {
    const { token } = await registerViaApi(request);
    const { showId, episodeId } = await findShow(request, 'game of thrones');
    await request.post('/api/user-content-status', {
      data: { showId, status: 'watching' },
      headers: { authorization: `Bearer ${token}` },
    });
    await page.addInitScript((value) => {
      window.localStorage.setItem('manga_tracker_token', value);
    }, token);
    for (const path of [
      '/',
      '/search?q=breaking',
      `/show/${showId}`,
      `/episode/${episodeId}`,
      '/watchlist',
    ]) {
      expect.soft(await pageWidth(page, path), path).toBeLessThanOrEqual(PHONE.width);
    }
  });
});

test.describe('Similar Shows carousel', () => {
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    test(`scrolls 320 px per arrow, arrows disabled at the ends (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const { showId } = await findShow(request, 'game of thrones');
      await page.goto(`/show/${showId}`);
      const section = page.getByRole('region', { name: 'Similar Shows' });
      await expect(section.getByRole('link').first()).toBeVisible();
      const left = section.getByRole('button', { name: 'Scroll left' });
      const right = section.getByRole('button', { name: 'Scroll right' });
      const row = section.getByRole('list');
      const scrollLeft = () => row.evaluate((el) => el.scrollLeft);

      await expect(left).toBeDisabled();
      await expect(right).toBeEnabled();

      await right.click();
      await expect.poll(scrollLeft).toBe(320);
      await expect(left).toBeEnabled();

      await left.click();
      await expect.poll(scrollLeft).toBe(0);
      await expect(left).toBeDisabled();

      // Along to the end, 320 px at a time (less on the last step): the right arrow gives up there.
      const end = await row.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(end).toBeGreaterThan(320);
      for (let at = 0; at < end;) {
        await expect(right).toBeEnabled();
        await right.click();
        at = Math.min(at + 320, end);
        await expect.poll(scrollLeft).toBeGreaterThanOrEqual(at - 1);
      }
      await expect(right).toBeDisabled();
      await expect(left).toBeEnabled();
    });
  }
});

test('the episode page links back to its show with a visible link', async ({ page, request }) => {
  const { episodeId } = await findShow(request, 'game of thrones');
  await page.goto(`/episode/${episodeId}`);
  const links = page.getByRole('link', { name: 'Game of Thrones', exact: true });
  await expect(links).toHaveCount(2); // breadcrumb and the line under the title
  for (const link of await links.all()) {
    const style = await link.evaluate((el) => {
      const css = getComputedStyle(el);
      const text = getComputedStyle(el.closest('p, ol')!);
      return { line: css.textDecorationLine, color: css.color, around: text.color };
    });
    expect(style.line).toContain('underline');
    expect(style.color).not.toBe(style.around);
  }
});

test('the highlighted suggestion stands out from the others', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Search shows' });
  await search.fill('breaking');
  const options = page.getByRole('option');
  await expect(options.nth(1)).toBeVisible();
  await search.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  const look = (index: number) =>
    options.nth(index).evaluate((el) => {
      const css = getComputedStyle(el);
      return `${css.backgroundColor} ${css.boxShadow}`;
    });
  const active = await look(0);
  const other = await look(1);
  expect(active).not.toBe(other);
  // A real wash of colour, not a near-invisible grey step.
  expect(active).toMatch(/rgba?\(/);
  expect(active).not.toMatch(/^rgba\(0, 0, 0, 0\)/);
});

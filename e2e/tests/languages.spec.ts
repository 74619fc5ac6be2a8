import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, showIdByTitle, uniqueUser } from './helpers';
import { mailsTo, outboxDir } from './outbox';

/*
 * Issue 31 (ADR 186): the site in the visitor's language. A browser asking for German gets
 * German (page, API errors), Arabic is laid out right to left, a member's own choice wins over
 * the browser's and reaches their mail, and in the pseudo-locale every string on every main
 * screen is a catalogued one.
 */

test.describe.configure({ timeout: 180_000 });

const tokenKey = 'manga_tracker_token';

/** Every string value of a JSON document (the data a screen shows, not its words). */
function stringsOf(value: unknown, into: Set<string>) {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, into);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) stringsOf(v, into);
}

/**
 * The texts of the page that are neither catalogued (the pseudo-locale accents every letter
 * of a catalogued message) nor data from the API: text nodes, the accessible names given in
 * attributes, and the title. Episode codes (S1E5, the spec's format) and addresses are data.
 */
async function unmarkedTexts(page: Page, data: Set<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, svg')) continue;
      // Text that declares its own language (the language menu names each in itself).
      if (parent.closest('body [lang]')) continue;
      if (node.textContent?.trim()) out.push(node.textContent);
    }
    for (const el of Array.from(
      document.querySelectorAll(
        '[aria-label], [placeholder], [title], img[alt], [aria-description]',
      ),
    )) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) {
        const value = el.getAttribute(name);
        if (value?.trim()) out.push(value);
      }
    }
    return out;
  });
  const known = [...data].filter((s) => /[A-Za-z]/.test(s)).sort((a, b) => b.length - a.length);
  const left: string[] = [];
  for (const text of texts) {
    // Time zones are named by their IANA ids (America/North_Dakota/Beulah, shown with spaces).
    let rest = text.replace(/\b(?:[A-Z][\w -]*\/)+[A-Z][\w -]*/g, ' ');
    for (const value of known) if (rest.includes(value)) rest = rest.split(value).join(' ');
    rest = rest.replace(/\bS\d+E\d+\b/g, ' ').replace(/https?:\/\/\S+|[\w.+-]+@[\w.-]+/g, ' ');
    // Two ASCII letters in a row: English (or any Latin text) that no catalogue marked.
    if (/[A-Za-z]{2,}/.test(rest)) left.push(text.trim());
  }
  return [...new Set(left)];
}

/** Opens `path` in the pseudo-locale, waits for its data, and lists what escaped translation. */
async function escapes(page: Page, path: string, data: Set<string>) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Lazy screens and their data arrive after the first paint.
  await page.waitForTimeout(300);
  return (await unmarkedTexts(page, data)).map((text) => `${path}: ${text}`);
}

test('in the pseudo-locale no visible string escapes the catalogues, signed out and signed in', async ({
  page,
  request,
}) => {
  // Names that stay themselves in every language (products, formats, browsers), and what the
  // visitor typed: data too, not words of ours.
  const data = new Set<string>([
    'Series Tracker',
    'TVmaze',
    'bangumi-data',
    'CC BY-SA 4.0',
    'CC BY 4.0',
    'IMDb',
    'JSON',
    'CSV',
    'Plex',
    'Jellyfin',
    'Emby',
    'Kodi',
    'Chrome',
    'Windows',
    'Linux',
    'sopranos',
  ]);
  page.on('response', async (response) => {
    if (!response.url().includes('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    try {
      stringsOf(await response.json(), data);
    } catch {
      // Not every answer has a body (204, aborted navigations).
    }
  });

  const member = await registerViaApi(request, { ...uniqueUser(), displayName: 'Pseudo Viewer' });
  const auth = { authorization: `Bearer ${member.token}` };
  const showId = await showIdByTitle(request, 'Game of Thrones');
  await request.post('/api/user-content-status', {
    headers: auth,
    data: { showId, status: 'watching' },
  });
  const episodes = (await (await request.get(`/api/episodes/show/${showId}`)).json()) as {
    data?: { id: number }[];
  };
  const firstEpisode = (episodes.data ?? (episodes as unknown as { id: number }[]))[0]!.id;
  const list = await request.post('/api/lists', {
    headers: auth,
    data: { name: 'Mob classics', isPublic: true, isRanked: true, items: [{ showId }] },
  });
  const listBody = (await list.json()) as { id?: number; list?: { id: number } };
  const listId = listBody.id ?? listBody.list?.id;
  const review = await request.post('/api/reviews', {
    headers: auth,
    data: {
      showId,
      title: 'Still the best',
      content: 'Every season holds up on a rewatch.',
      rating: 9,
      isPublic: true,
    },
  });
  const reviewBody = (await review.json()) as { id?: number; review?: { id: number } };
  const reviewId = reviewBody.id ?? reviewBody.review?.id;

  await page.goto('/?lang=en-XA');
  const signedOut = [
    '/',
    '/search?q=sopranos',
    '/browse',
    `/show/${showId}`,
    `/episode/${firstEpisode}`,
    '/reviews',
    '/lists',
    '/login',
    '/register',
    '/forgot-password',
    '/today',
    '/about',
    '/help',
    '/privacy',
    '/terms',
    '/no-such-page',
  ];
  const found: string[] = [];
  for (const path of signedOut) found.push(...(await escapes(page, path, data)));

  await page.evaluate(
    ([key, token]) => localStorage.setItem(key!, token!),
    [tokenKey, member.token],
  );
  const signedIn = [
    '/',
    '/watchlist',
    '/history',
    `/show/${showId}`,
    `/profile/${member.username}`,
    `/profile/${member.username}/followers`,
    '/lists/create',
    ...(listId ? [`/list/${listId}`] : []),
    ...(reviewId ? [`/review/${reviewId}`] : []),
    '/reviews/write',
    '/activity',
    '/calendar',
    '/notifications',
    '/recommendations',
    '/compare',
    '/settings',
    '/settings/import',
    '/settings/apps',
    `/year/${new Date().getFullYear()}`,
  ];
  for (const path of signedIn) found.push(...(await escapes(page, path, data)));
  expect(found, 'text outside the catalogues').toEqual([]);
});

test('a browser that asks for German gets the site, and the API’s errors, in German', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Sign in|Welcome/i);
  const answer = await page.request.post('/api/auth/login', {
    data: { identifier: 'nobody-here', password: 'wrong-password-1' },
    headers: { 'accept-language': 'de-DE,de;q=0.9' },
  });
  expect(answer.status()).toBe(401);
  const body = (await answer.json()) as { code: string; error: string };
  expect(body.code).toBeTruthy();
  expect(body.error).not.toMatch(/invalid|incorrect/i);
  await context.close();
});

test('Arabic is laid out right to left, without sideways scroll at 360 px', async ({ browser }) => {
  const context = await browser.newContext({
    locale: 'ar-EG',
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test('a member’s own language wins over the browser’s, survives reload, and reaches their mail', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const member = await registerViaApi(page.request);
  await page.addInitScript(
    ([key, token]) => localStorage.setItem(key!, token!),
    [tokenKey, member.token],
  );
  await page.goto('/settings');
  await page.getByRole('contentinfo').getByLabel('Language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect
    .poll(async () => {
      const me = await page.request.get('/api/auth/me', {
        headers: { authorization: `Bearer ${member.token}` },
      });
      return ((await me.json()) as { user: { locale: string | null } }).user.locale;
    })
    .toBe('fr');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // Another device whose browser asks for German: the member's French wins once signed in.
  const other = await browser.newContext({ locale: 'de-DE' });
  const second = await other.newPage();
  await second.addInitScript(
    ([key, token]) => localStorage.setItem(key!, token!),
    [tokenKey, member.token],
  );
  await second.goto('/watchlist');
  await expect(second.locator('html')).toHaveAttribute('lang', 'fr');

  // Their mail is in French too (a password reset, asked for signed out).
  await page.request.post('/api/auth/forgot-password', { data: { email: member.email } });
  await expect
    .poll(
      async () =>
        (await mailsTo(member.email, 'Réinitialisez votre mot de passe Series Tracker', outboxDir))
          .length,
    )
    .toBe(1);
  await context.close();
  await other.close();
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildEpisode, buildShow } from '@/test/shows';
import { buildWatchlistItem, signedInHandler } from '@/test/tracking';
import { routes } from './routes';
import { NotFoundRoute } from './routes/not-found';

/*
 * No link may lead to a dead page (ADR 032): every same-site link on the screens a new
 * visitor meets (header, mobile menu, user menu, footer, home, the site pages) must match a
 * route of the route table whose screen is built, not the not-found screen.
 */

function leadsToNotFound(href: string): boolean {
  const { pathname } = new URL(href, 'http://site.test');
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches.at(-1)?.route;
  if (!leaf) return true;
  return isValidElement(leaf.element) && leaf.element.type === NotFoundRoute;
}

function deadLinks(): string[] {
  return Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))
    .map((a) => a.getAttribute('href')!)
    .filter((href) => href.startsWith('/') && !href.startsWith('//'))
    .filter(leadsToNotFound);
}

function catalogue(call: RecordedCall): Response {
  const url = new URL(call.url, 'http://x');
  switch (url.pathname) {
    case '/api/shows/trending':
      return jsonResponse(200, {
        basis: 'catalogue',
        data: [buildShow({ id: 1, title: 'Top' }), buildShow({ id: 2, title: 'Second' })],
      });
    case '/api/shows/today':
      return jsonResponse(200, {
        data: [{ ...buildShow({ id: 3, title: 'Tonight' }), airingEpisodes: [buildEpisode()] }],
        total: 1,
        limit: 20,
        offset: 0,
        hasMore: false,
        date: url.searchParams.get('date'),
      });
    case '/api/stats/global':
      return jsonResponse(200, {
        totalShows: 1,
        totalUsers: 1,
        totalReviews: 0,
        totalLists: 0,
        totalFavorites: 0,
        averageRating: 7,
        recentActivity: { newLists: 0, newUsers: 0 },
      });
    case '/api/me/up-next':
      return jsonResponse(200, {
        data: [
          {
            item: buildWatchlistItem({ showId: 4 }),
            episode: {
              id: 40,
              seasonNumber: 1,
              episodeNumber: 2,
              title: 'Next one',
              airDate: '2020-01-01',
            },
          },
        ],
        total: 1,
        limit: 12,
        offset: 0,
        hasMore: false,
      });
    default:
      return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
  }
}

describe('links', () => {
  it('the route table still sends unbuilt screens to not-found (the check below means something)', () => {
    for (const path of ['/no-such-page']) expect(leadsToNotFound(path)).toBe(true);
    for (const path of [
      '/',
      '/search',
      '/browse',
      '/watchlist',
      '/today',
      '/help',
      '/show/1',
      '/reviews',
      '/review/1',
      '/reviews/write',
      '/lists',
      '/lists/create',
      '/list/1',
      '/settings',
      '/forgot-password',
      '/reset-password',
      '/verify-email',
      '/finish-registration',
      '/profile/alice',
      '/profile/alice/followers',
      '/activity',
    ])
      expect(leadsToNotFound(path)).toBe(false);
  });

  it.each(['/', '/help', '/about', '/privacy', '/terms', '/login', '/register'])(
    'signed out, every link on %s (header, mobile menu, footer, page) goes to a built screen',
    async (path) => {
      mockFetch(catalogue);
      const user = userEvent.setup();
      renderApp(path);
      await screen.findAllByRole('link', { name: 'Sign In' });
      if (path === '/') await screen.findByRole('link', { name: /Tonight/ }, { timeout: 8000 });
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      expect(document.querySelectorAll('a[href]').length).toBeGreaterThan(10);
      expect(deadLinks()).toEqual([]);
    },
    // The first render loads the lazy screens; on a busy machine that takes a while.
    15_000,
  );

  it('signed in, every link on home and in the user menu goes to a built screen', async () => {
    mockFetch(signedInHandler(catalogue));
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await screen.findByRole('menu');
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /Tonight/ })).not.toHaveLength(0),
    );
    await screen.findByRole('link', { name: /Next one/ });
    expect(deadLinks()).toEqual([]);
  }, 15_000);
});

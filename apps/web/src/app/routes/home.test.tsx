import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildEpisode, buildShow } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';
import { expectLink } from '@/test/expect-link';

const stats = {
  totalShows: 8540,
  totalUsers: 3,
  totalReviews: 0,
  totalLists: 0,
  totalFavorites: 0,
  averageRating: 7.2,
  recentActivity: { newLists: 0, newUsers: 1 },
};

type Failing = 'trending' | 'today' | 'stats' | 'up-next';

function serve({
  today = [] as ReturnType<typeof buildShow>[],
  failing = new Set<Failing>(),
  signedIn = false,
} = {}) {
  const fail = () =>
    jsonResponse(503, { error: 'The server is busy. Please try again.', code: 'INTERNAL_ERROR' });
  const handler = (call: RecordedCall) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/shows/trending' && failing.has('trending')) return fail();
    if (url.pathname === '/api/shows/today' && failing.has('today')) return fail();
    if (url.pathname === '/api/stats/global' && failing.has('stats')) return fail();
    if (url.pathname === '/api/me/up-next')
      return failing.has('up-next')
        ? fail()
        : jsonResponse(200, { data: [], total: 0, limit: 12, offset: 0, hasMore: false });
    if (url.pathname === '/api/shows/trending') {
      return jsonResponse(200, {
        basis: 'catalogue',
        data: [
          buildShow({
            id: 208,
            title: 'Rick and Morty',
            averageRating: 9.06,
            episodes: 81,
            totalUsers: 12,
            synopsis: 'Rick is a scientist.',
          }),
          buildShow({ id: 31, title: 'Fargo' }),
        ],
      });
    }
    if (url.pathname === '/api/shows/today') {
      const data = today.map((show) => ({
        ...show,
        airingEpisodes: [buildEpisode({ showId: show.id })],
      }));
      return jsonResponse(200, {
        data,
        total: data.length,
        limit: 20,
        offset: 0,
        hasMore: false,
        date: url.searchParams.get('date'),
      });
    }
    if (url.pathname === '/api/stats/global') return jsonResponse(200, stats);
    return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
  };
  return mockFetch(signedIn ? signedInHandler(handler) : handler);
}

describe('home', () => {
  it('puts the #1 trending show in the hero, honest about a catalogue basis', async () => {
    serve();
    renderApp('/');
    const hero = (
      await screen.findByRole('heading', { name: 'Rick and Morty', level: 2 }, { timeout: 4000 })
    ).closest('section')!;
    expect(within(hero).getByText('#1 Trending Now')).toBeInTheDocument();
    expect(within(hero).getByText(/Most popular in the catalogue/)).toBeInTheDocument();
    expect(within(hero).getByText('9.1')).toBeInTheDocument();
    expect(within(hero).getByText('81 episodes')).toBeInTheDocument();
    expect(within(hero).getByText('12 watching')).toBeInTheDocument();
    expectLink(within(hero), 'View Details', '/show/208');
    expectLink(within(hero), 'Browse Shows', '/search');

    // The sections below the hero mount once it has painted (ADR 020).
    const trending = await screen.findByRole('region', { name: 'Trending This Week' });
    expectLink(within(trending), /Fargo/, '/show/31');
    expect(await screen.findByText('8,540')).toBeInTheDocument();
    expect(screen.getByText('No New Episodes Today')).toBeInTheDocument();
    expect(screen.getByText('Check back later for updates!')).toBeInTheDocument();
    expectLink(screen, 'Need a laugh', '/browse?genre=Comedy');
    expectLink(screen, 'Mind-bending', '/browse?genre=Science-Fiction');
  });

  it("shows at most 4 of today's shows and hands the list to /today", async () => {
    const { calls } = serve({
      today: Array.from({ length: 6 }, (_, i) => buildShow({ id: 100 + i, title: `Tonight ${i}` })),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const section = (await screen.findByRole('heading', { name: 'New Episodes Today' })).closest(
      'section',
    )!;
    expect(await within(section).findAllByRole('link', { name: /Tonight/ })).toHaveLength(4);

    await user.click(within(section).getByRole('link', { name: 'View more' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: "Today's New Episodes" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/today');
    expect(screen.getAllByRole('link', { name: /Tonight/ })).toHaveLength(6);
    expect(calls.filter((c) => c.url.startsWith('/api/shows/today'))).toHaveLength(1);
  });

  it("a failed New Episodes request is an error with Try Again, never 'No New Episodes Today'", async () => {
    let failing = new Set<Failing>(['today']);
    mockFetch((call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/shows/today' && failing.has('today'))
        return jsonResponse(503, { error: 'The server is busy. Please try again.' });
      if (url.pathname === '/api/shows/today')
        return jsonResponse(200, {
          data: [{ ...buildShow({ id: 7, title: 'Tonight 7' }), airingEpisodes: [] }],
          total: 1,
          limit: 20,
          offset: 0,
          hasMore: false,
          date: url.searchParams.get('date'),
        });
      if (url.pathname === '/api/stats/global') return jsonResponse(200, stats);
      if (url.pathname === '/api/activity/feed')
        return jsonResponse(200, {
          scope: 'community',
          data: [],
          limit: 5,
          offset: 0,
          hasMore: false,
        });
      return jsonResponse(200, { basis: 'catalogue', data: [buildShow({ id: 1, title: 'Top' })] });
    });
    const user = userEvent.setup();
    renderApp('/');
    const section = (await screen.findByRole('heading', { name: 'New Episodes Today' })).closest(
      'section',
    )!;
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent("Could not load today's episodes");
    expect(alert).toHaveTextContent('The server is busy. Please try again.');
    expect(within(section).queryByText('No New Episodes Today')).not.toBeInTheDocument();

    failing = new Set();
    await user.click(within(section).getByRole('button', { name: 'Try Again' }));
    expect(await within(section).findByRole('link', { name: /Tonight 7/ })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('failed trending, statistics and up next each say so with Try Again, not an empty page', async () => {
    serve({ failing: new Set<Failing>(['trending', 'stats', 'up-next']), signedIn: true });
    renderApp('/');
    for (const title of [
      'Could not load trending shows',
      'Could not load the statistics',
      'Could not load your next episodes',
    ]) {
      const heading = await screen.findByRole('heading', { name: title }, { timeout: 4000 });
      const alert = heading.closest('[role="alert"]') as HTMLElement;
      expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    }
    // No fallback content pretends nothing is trending.
    expect(screen.queryByRole('region', { name: 'Trending This Week' })).not.toBeInTheDocument();
  });

  it('an outage after the page loaded keeps what is shown, with a "Could not refresh" line (ADR 176)', async () => {
    const failing = new Set<Failing>();
    serve({ failing });
    const { queryClient } = renderApp('/');
    expect(await screen.findByText('8,540')).toBeInTheDocument();
    const shown = screen.getAllByRole('heading', { name: 'Rick and Morty' }).length;
    expect(shown).toBeGreaterThan(0);

    failing.add('trending').add('stats');
    await queryClient.refetchQueries({ type: 'active' });

    expect(await screen.findAllByTestId('refresh-error')).toHaveLength(2);
    expect(screen.getAllByRole('heading', { name: 'Rick and Morty' })).toHaveLength(shown);
    expect(screen.getByText('8,540')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Could not load trending shows' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Could not load the statistics' })).toBeNull();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildEpisode, buildShow } from '@/test/shows';

const stats = {
  totalShows: 8540,
  totalUsers: 3,
  totalReviews: 0,
  totalLists: 0,
  totalFavorites: 0,
  averageRating: 7.2,
  recentActivity: { newLists: 0, newUsers: 1 },
};

function serve({ today = [] as ReturnType<typeof buildShow>[] } = {}) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
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
  });
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
    expect(within(hero).getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      '/show/208',
    );
    expect(within(hero).getByRole('link', { name: 'Browse Shows' })).toHaveAttribute(
      'href',
      '/search',
    );

    const trending = screen.getByRole('region', { name: 'Trending This Week' });
    expect(within(trending).getByRole('link', { name: /Fargo/ })).toHaveAttribute(
      'href',
      '/show/31',
    );
    expect(await screen.findByText('8,540')).toBeInTheDocument();
    expect(screen.getByText('No New Episodes Today')).toBeInTheDocument();
    expect(screen.getByText('Check back later for updates!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Need a laugh' })).toHaveAttribute(
      'href',
      '/browse?genre=Comedy',
    );
    expect(screen.getByRole('link', { name: 'Mind-bending' })).toHaveAttribute(
      'href',
      '/browse?genre=Science-Fiction',
    );
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
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localIsoDate } from '@/lib/format';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildEpisode, buildShow } from '@/test/shows';
import { expectLink } from '@/test/expect-link';

const airing = (id: number, extra: Parameters<typeof buildShow>[0] = {}) => ({
  ...buildShow({ id, title: `Airing ${id}`, ...extra }),
  airingEpisodes: [buildEpisode({ id: id * 10, showId: id, seasonNumber: 2, episodeNumber: 4 })],
});

/** /api/shows/today in two pages of one show: `first`, then Airing 2. */
function twoPages(url: URL, first: ReturnType<typeof airing>) {
  const offset = Number(url.searchParams.get('offset'));
  return jsonResponse(200, {
    data: offset === 0 ? [first] : [airing(2)],
    total: 2,
    limit: 1,
    offset,
    hasMore: offset === 0,
    date: url.searchParams.get('date'),
  });
}

describe('/today', () => {
  it('uses the list passed from the home page without fetching it again', async () => {
    const { calls } = mockFetch(() => jsonResponse(500));
    const date = localIsoDate();
    renderApp('/today', {
      state: {
        newEpisodes: [
          airing(1, { averageRating: 8.44, totalUsers: 1234, titleEnglish: 'First in English' }),
          airing(2),
        ],
        newEpisodesPage: { total: 2, hasMore: false, date, limit: 20 },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Today's New Episodes" }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 shows have new episodes today.')).toBeInTheDocument();
    expectLink(screen, /Airing 1/, '/show/1');
    expect(screen.getByText('First in English')).toBeInTheDocument();
    expect(screen.getByText('8.4')).toBeInTheDocument();
    expect(screen.getByText('1.2k users')).toBeInTheDocument();
    // Without a synopsis the hover text says so.
    expect(screen.getAllByText('No synopsis available')).toHaveLength(2);
    expect(calls.filter((c) => c.url.startsWith('/api/shows/today'))).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'See More Episodes' })).not.toBeInTheDocument();
  });

  it("fetches for the viewer's local date when no list was passed, and pages with 'See More Episodes'", async () => {
    const { calls } = mockFetch((call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname !== '/api/shows/today')
        return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
      return twoPages(url, airing(1, { synopsis: 'Spies at Slough House.' }));
    });
    const user = userEvent.setup();
    renderApp('/today');
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    expect(await screen.findByRole('link', { name: /Airing 1/ })).toBeInTheDocument();
    expect(screen.getByText('Spies at Slough House.')).toBeInTheDocument();
    const first = new URL(calls.find((c) => c.url.startsWith('/api/shows/today'))!.url, 'http://x');
    expect(first.searchParams.get('date')).toBe(localIsoDate());

    await user.click(screen.getByRole('button', { name: 'See More Episodes' }));
    expect(await screen.findByRole('link', { name: /Airing 2/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'See More Episodes' })).not.toBeInTheDocument(),
    );
  });

  it('shows the empty state', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        data: [],
        total: 0,
        limit: 20,
        offset: 0,
        hasMore: false,
        date: localIsoDate(),
      }),
    );
    renderApp('/today');
    expect(await screen.findByText('No New Episodes Today')).toBeInTheDocument();
    expect(screen.getByText('Check back later for updates!')).toBeInTheDocument();
  });

  it('a failed See More keeps the loaded shows, says so and tries again on the next press', async () => {
    let failNext = true;
    mockFetch((call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname !== '/api/shows/today')
        return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
      const offset = Number(url.searchParams.get('offset'));
      if (offset > 0 && failNext) {
        failNext = false;
        return jsonResponse(503, { error: 'The server is busy. Please try again.' });
      }
      return twoPages(url, airing(1));
    });
    const user = userEvent.setup();
    renderApp('/today');
    expect(await screen.findByRole('link', { name: /Airing 1/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'See More Episodes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load more episodes: The server is busy. Please try again.',
    );
    expect(screen.getByRole('link', { name: /Airing 1/ })).toBeInTheDocument();
    expect(screen.getByText('2 shows have new episodes today.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'See More Episodes' }));
    expect(await screen.findByRole('link', { name: /Airing 2/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

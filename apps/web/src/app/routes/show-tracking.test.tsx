import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildEpisode, buildShowDetail, page } from '@/test/shows';
import { buildWatchlistItem, signedInHandler } from '@/test/tracking';
import { expectLink } from '@/test/expect-link';

const show = buildShowDetail({ id: 7, title: 'Slow Horses', status: 'airing', episodes: 3 });
const episodes = [
  buildEpisode({ id: 2, seasonNumber: 1, episodeNumber: 1, title: 'Pilot' }),
  buildEpisode({ id: 3, seasonNumber: 1, episodeNumber: 2, title: 'Second' }),
  buildEpisode({ id: 4, seasonNumber: 1, episodeNumber: 3, title: 'Third' }),
];

function catalogue(call: RecordedCall): Response | null {
  if (call.url === '/api/shows/7') return jsonResponse(200, show);
  if (call.url.startsWith('/api/shows/7/similar')) return jsonResponse(200, { data: [] });
  if (call.url === '/api/episodes/show/7') return jsonResponse(200, page(episodes));
  return null;
}

const progress = (watched: number[]) => ({
  showId: 7,
  data: watched.map((episodeId) => ({ episodeId, watchedAt: '2025-03-01T10:00:00.000Z' })),
  watchedCount: watched.length,
  airedCount: 3,
  watchedAiredCount: watched.length,
  nextEpisodeId: [2, 3, 4].find((id) => id > Math.max(0, ...watched)) ?? null,
  item: null,
});

describe('show page tracking', () => {
  it("anonymous 'Add to Watchlist' goes to /login?next=/show/7 and asks the server nothing", async () => {
    const { calls } = mockFetch(
      (call) => catalogue(call) ?? jsonResponse(401, { error: 'Sign in', code: 'UNAUTHORIZED' }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/show/7');
    await user.click(await screen.findByRole('button', { name: 'Add to Watchlist' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fshow%2F7');
    expect(
      calls.some((c) => c.url.includes('user-content-status') || c.url.includes('favorites')),
    ).toBe(false);
  });

  it('an anonymous episode toggle leads to sign-in', async () => {
    mockFetch((call) => catalogue(call) ?? jsonResponse(401));
    const user = userEvent.setup();
    const { router } = renderApp('/show/7');
    await user.click(await screen.findByRole('tab', { name: 'Episodes' }));
    await user.click(await screen.findByRole('button', { name: 'Mark S1E2 as watched' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Back to the tab the member was on (tabs live in the URL, ADR 176).
    expect(router.state.location.search).toBe('?next=%2Fshow%2F7%3Ftab%3Depisodes');
  });

  it('an anonymous favourite click leads to sign-in', async () => {
    mockFetch((call) => catalogue(call) ?? jsonResponse(401));
    const user = userEvent.setup();
    const { router } = renderApp('/show/7');
    await user.click(await screen.findByRole('button', { name: 'Add to favorites' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fshow%2F7');
  });

  it('adds as Plan to Watch, then offers the status select, Remove from Watchlist and the heart', async () => {
    let tracked = false;
    const { calls } = mockFetch(
      signedInHandler((call) => {
        const fromCatalogue = catalogue(call);
        if (fromCatalogue) return fromCatalogue;
        if (call.url === '/api/user-content-status/show/7') {
          return tracked
            ? jsonResponse(200, buildWatchlistItem({ id: 5, showId: 7, status: 'want_to_watch' }))
            : jsonResponse(404, { error: 'Not tracked', code: 'NOT_FOUND' });
        }
        if (call.url === '/api/user-content-status' && call.method === 'POST') {
          tracked = true;
          return jsonResponse(
            201,
            buildWatchlistItem({ id: 5, showId: 7, status: 'want_to_watch' }),
          );
        }
        if (call.url === '/api/favorites/7')
          return jsonResponse(404, { error: 'Not a favorite', code: 'NOT_FOUND' });
        if (call.url === '/api/favorites') return jsonResponse(201, {});
        return jsonResponse(404);
      }),
    );
    const user = userEvent.setup();
    renderApp('/show/7');
    await user.click(await screen.findByRole('button', { name: 'Add to Watchlist' }));
    expect(await screen.findByRole('combobox', { name: 'Watchlist status' })).toHaveValue(
      'want_to_watch',
    );
    // No status: the server picks (plan to watch here; watching when episodes were watched).
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ showId: 7 });
    expect(screen.getByRole('button', { name: 'Remove from Watchlist' })).toBeInTheDocument();

    const heart = screen.getByRole('button', { name: 'Add to favorites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(calls.find((c) => c.url === '/api/favorites' && c.method === 'POST')?.body).toEqual({
      showId: 7,
    });
  });

  it("Episodes tab: 'N of M watched'; a toggle flips only after the server agrees", async () => {
    const post = deferred<Response>();
    const watched = [2];
    const { calls } = mockFetch(
      signedInHandler((call) => {
        const fromCatalogue = catalogue(call);
        if (fromCatalogue) return fromCatalogue;
        if (call.url === '/api/episodes/show/7/progress')
          return jsonResponse(200, progress(watched));
        if (call.url === '/api/episodes/3/progress') return post.promise;
        return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/show/7');
    await screen.findByRole('heading', { level: 1, name: 'Slow Horses' });
    expect(calls.some((c) => c.url.includes('/progress'))).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'Episodes' }));
    expect(await screen.findByText('1 of 3 watched')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark S1E1 as unwatched' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const toggle = screen.getByRole('button', { name: 'Mark S1E2 as watched' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    // Still unwatched while the call runs.
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toBeDisabled();
    expect(calls.find((c) => c.url === '/api/episodes/3/progress')?.body).toEqual({
      watched: true,
      watchedAt: expect.any(String),
    });

    watched.push(3);
    post.resolve(
      jsonResponse(200, {
        episodeId: 3,
        watched: true,
        watchedAt: '2025-03-02T10:00:00.000Z',
        item: buildWatchlistItem({ id: 5, showId: 7, progress: 2 }),
      }),
    );
    expect(await screen.findByRole('button', { name: 'Mark S1E2 as unwatched' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await screen.findByText('2 of 3 watched')).toBeInTheDocument();
  });

  it('a failed toggle changes nothing and shows an error', async () => {
    mockFetch(
      signedInHandler((call) => {
        const fromCatalogue = catalogue(call);
        if (fromCatalogue) return fromCatalogue;
        if (call.url === '/api/episodes/show/7/progress') return jsonResponse(200, progress([]));
        if (call.url === '/api/episodes/2/progress')
          return jsonResponse(503, { error: 'The server is busy. Please try again.' });
        return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/show/7');
    await user.click(await screen.findByRole('tab', { name: 'Episodes' }));
    expect(await screen.findByText('0 of 3 watched')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Mark S1E1 as watched' });
    await user.click(toggle);
    // The server's sentence ends in a full stop; the toast must not add a second one.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Could not mark S1E1 as watched: The server is busy\. Please try again\.$/,
    );
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(screen.getByText('0 of 3 watched')).toBeInTheDocument();
  });

  it("'Mark season watched' and 'Watched up to here' send the bulk call", async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        const fromCatalogue = catalogue(call);
        if (fromCatalogue) return fromCatalogue;
        if (call.url === '/api/episodes/show/7/progress' && call.method === 'GET')
          return jsonResponse(200, progress([]));
        if (call.url === '/api/episodes/show/7/progress')
          return jsonResponse(200, { changed: 2, item: null });
        return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/show/7');
    await user.click(await screen.findByRole('tab', { name: 'Episodes' }));
    await screen.findByText('0 of 3 watched');
    const panel = screen.getByRole('tabpanel');
    // Not on the first episode: there is nothing before it.
    expect(within(panel).getAllByRole('button', { name: /^Watched up to here/ })).toHaveLength(2);
    await user.click(
      within(panel).getByRole('button', {
        name: 'Watched up to here: mark every episode through S1E2 as watched',
      }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Mark season watched' }));
    const bulk = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(bulk).toEqual([
      { upToEpisodeId: 3, watched: true },
      { season: 1, watched: true },
    ]);
  });

  it("episode page: 'Mark as Watched' becomes 'Watched' after the call succeeds", async () => {
    const watched: number[] = [];
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/episodes/3') return jsonResponse(200, { ...episodes[1], show });
        if (call.url === '/api/episodes/show/7/progress')
          return jsonResponse(200, progress(watched));
        if (call.url === '/api/episodes/3/progress') {
          watched.push(3);
          return jsonResponse(200, {
            episodeId: 3,
            watched: true,
            watchedAt: '2025-03-02T10:00:00.000Z',
            item: buildWatchlistItem({ id: 5, showId: 7, progress: 1 }),
          });
        }
        return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/episode/3');
    const button = await screen.findByRole('button', { name: 'Mark as Watched' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Watched' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      watched: true,
      watchedAt: expect.any(String),
    });
  });
});

describe('home Up Next', () => {
  it('lists the next episode per show with a quick Mark as Watched, and hides when empty', async () => {
    let entries = [
      {
        item: buildWatchlistItem(
          { id: 5, showId: 7, progress: 1 },
          { title: 'Slow Horses', episodes: 3 },
        ),
        episode: {
          id: 3,
          seasonNumber: 1,
          episodeNumber: 2,
          title: 'Second',
          airDate: '2022-04-01',
        },
      },
    ];
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.url.startsWith('/api/me/up-next'))
          return jsonResponse(200, {
            data: entries,
            total: entries.length,
            limit: 12,
            offset: 0,
            hasMore: false,
          });
        if (call.url === '/api/episodes/3/progress') {
          entries = [];
          return jsonResponse(200, {
            episodeId: 3,
            watched: true,
            watchedAt: '2025-03-02T10:00:00.000Z',
            item: null,
          });
        }
        return jsonResponse(200, {
          data: [],
          basis: 'catalogue',
          total: 0,
          limit: 10,
          offset: 0,
          hasMore: false,
        });
      }),
    );
    const user = userEvent.setup();
    renderApp('/');
    const row = (await screen.findByRole('heading', { name: 'Up Next' })).closest('section')!;
    expectLink(within(row), /S1E2 Second/, '/episode/3');
    expectLink(within(row), 'Slow Horses', '/show/7');
    await user.click(
      within(row).getByRole('button', { name: 'Mark S1E2 of Slow Horses as watched' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Up Next' })).not.toBeInTheDocument(),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      watched: true,
      watchedAt: expect.any(String),
    });
  });

  it('Rewatch asks first: Cancel changes nothing, Start rewatch begins a new watch-through', async () => {
    let run = 1;
    const { calls } = mockFetch(
      signedInHandler((call) => {
        const fromCatalogue = catalogue(call);
        if (fromCatalogue) return fromCatalogue;
        if (call.url === '/api/user-content-status/show/7')
          return jsonResponse(
            200,
            run === 1
              ? buildWatchlistItem({ id: 5, showId: 7, status: 'completed', progress: 3, run: 1 })
              : buildWatchlistItem({ id: 5, showId: 7, status: 'watching', progress: 0, run: 2 }),
          );
        if (call.url === '/api/user-content-status/5/rewatch' && call.method === 'POST') {
          run = 2;
          return jsonResponse(
            200,
            buildWatchlistItem({ id: 5, showId: 7, status: 'watching', progress: 0, run: 2 }),
          );
        }
        if (call.url === '/api/favorites/7') return jsonResponse(404, { code: 'NOT_FOUND' });
        return jsonResponse(404);
      }),
    );
    const rewatches = () => calls.filter((c) => c.url.endsWith('/rewatch'));
    const user = userEvent.setup();
    renderApp('/show/7');
    await user.click(await screen.findByRole('button', { name: 'Rewatch' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Watch Slow Horses again from the start?',
    });
    expect(dialog).toHaveTextContent('Every episode you watched before stays in your history.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(rewatches()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rewatch' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Start rewatch' }));
    await waitFor(() => expect(rewatches()).toHaveLength(1));
    expect(await screen.findByText('2nd watch-through')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildWatchlistItem, signedInHandler, watchlistPage } from '@/test/tracking';
import { expectLink } from '@/test/expect-link';

const listCalls = (calls: { url: string; method: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/user-content-status?'));

describe('watchlist page', () => {
  it('sends signed-out visitors to /login?next=/watchlist', async () => {
    const { calls } = mockFetch(() => jsonResponse(500));
    const { router } = renderApp('/watchlist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fwatchlist');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(0);
  });

  it("shows 'My Watchlist' with the server's total, singular for one show", async () => {
    mockFetch(signedInHandler(() => jsonResponse(200, watchlistPage([buildWatchlistItem()], 1))));
    renderApp('/watchlist');
    expect(screen.getByRole('heading', { level: 1, name: 'My Watchlist' })).toBeInTheDocument();
    expect(await screen.findByText('1 show in your list')).toBeInTheDocument();
  });

  it('counts the total on the server, not the cards loaded, and loads more on request', async () => {
    const first = Array.from({ length: 50 }, (_, i) => buildWatchlistItem({ id: i + 1 }));
    const { calls } = mockFetch(
      signedInHandler((call) => {
        const offset = new URL(call.url, 'http://x').searchParams.get('offset');
        if (offset === '50')
          return jsonResponse(200, watchlistPage([buildWatchlistItem({ id: 51 })], 51, 50));
        return jsonResponse(200, watchlistPage(first, 51));
      }),
    );
    const user = userEvent.setup();
    renderApp('/watchlist');
    expect(await screen.findByText('51 shows in your list')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(50);
    expect(new URL(listCalls(calls)[0]!.url, 'http://x').searchParams.get('limit')).toBe('50');

    await user.click(screen.getByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(51));
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    // 51 cards take a while to render in jsdom on a busy machine.
  }, 20_000);

  it('filter pills ask the server for that status and keep it in the URL', async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        const status = new URL(call.url, 'http://x').searchParams.get('status');
        if (status === 'paused')
          return jsonResponse(
            200,
            watchlistPage([
              buildWatchlistItem({ id: 9, status: 'paused' }, { title: 'Severance' }),
            ]),
          );
        return jsonResponse(200, watchlistPage([buildWatchlistItem({ id: 1 }, { title: 'Dark' })]));
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/watchlist');
    const group = await screen.findByRole('group', { name: 'Filter by status' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All Shows', 'Watching', 'Completed', 'Plan to Watch', 'On Hold', 'Dropped']);
    expect(await screen.findByRole('link', { name: 'Dark' })).toBeInTheDocument();
    expect(new URL(listCalls(calls)[0]!.url, 'http://x').searchParams.has('status')).toBe(false);

    await user.click(within(group).getByRole('button', { name: 'On Hold' }));
    expect(await screen.findByRole('link', { name: 'Severance' })).toBeInTheDocument();
    expect(new URL(listCalls(calls).at(-1)!.url, 'http://x').searchParams.get('status')).toBe(
      'paused',
    );
    expect(router.state.location.search).toBe('?status=paused');
    expect(within(group).getByRole('button', { name: 'On Hold' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows the empty state with Browse Shows to /browse', async () => {
    mockFetch(signedInHandler(() => jsonResponse(200, watchlistPage([]))));
    renderApp('/watchlist');
    expect(await screen.findByRole('heading', { name: 'No shows found' })).toBeInTheDocument();
    expect(
      screen.getByText('Start building your watchlist by adding some shows!'),
    ).toBeInTheDocument();
    expectLink(screen, 'Browse Shows', '/browse');
    expect(screen.getByText('0 shows in your list')).toBeInTheDocument();
  });

  it('shows 8 skeleton cards while loading', async () => {
    const list = deferred<Response>();
    mockFetch(signedInHandler(() => list.promise));
    renderApp('/watchlist');
    await waitFor(() => expect(screen.getAllByTestId('watchlist-skeleton')).toHaveLength(8));
    list.resolve(jsonResponse(200, watchlistPage([buildWatchlistItem()])));
    await waitFor(() => expect(screen.queryByTestId('watchlist-skeleton')).not.toBeInTheDocument());
  });

  it('a failed load says so with Try Again, and never shows sample shows', async () => {
    let fail = true;
    mockFetch(
      signedInHandler(() =>
        fail
          ? jsonResponse(503, { error: 'Service unavailable', code: 'UNAVAILABLE' })
          : jsonResponse(200, watchlistPage([buildWatchlistItem({}, { title: 'Dark' })])),
      ),
    );
    const user = userEvent.setup();
    renderApp('/watchlist');
    expect(
      await screen.findByRole('heading', { name: 'Could not load your watchlist' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Dark' })).toBeInTheDocument();
  });

  it('card: status badge, progress, score, dates, and the title fallback', async () => {
    mockFetch(
      signedInHandler(() =>
        jsonResponse(
          200,
          watchlistPage([
            buildWatchlistItem(
              {
                id: 1,
                status: 'completed',
                progress: 12,
                score: 8,
                startedAt: '2025-01-05T10:00:00Z',
                completedAt: '2025-02-10T10:00:00Z',
              },
              { title: 'Dark', episodes: 26 },
            ),
            buildWatchlistItem({ id: 2, progress: 3 }, { title: '', episodes: null }),
          ]),
        ),
      ),
    );
    renderApp('/watchlist');
    const [dark, unknown] = await screen.findAllByRole('article');
    expect(within(dark!).getAllByText('Completed')[0]).toBeInTheDocument();
    expect(within(dark!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '12');
    expect(within(dark!).getByText('12/26')).toBeInTheDocument();
    expect(within(dark!).getByText('8/10')).toBeInTheDocument();
    expect(within(dark!).getByText('Started Jan 5, 2025')).toBeInTheDocument();
    expect(within(dark!).getByText('Completed Feb 10, 2025')).toBeInTheDocument();
    // Unknown episode count: no bar.
    expect(within(unknown!).getByRole('link', { name: 'Unknown Show' })).toBeInTheDocument();
    expect(within(unknown!).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('a status change shows at once, is PUT to the server, and rolls back with an alert on a 500', async () => {
    const put = deferred<Response>();
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.method === 'PUT') return put.promise;
        return jsonResponse(
          200,
          watchlistPage([buildWatchlistItem({ id: 4, status: 'watching' }, { title: 'Dark' })]),
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/watchlist');
    const select = await screen.findByRole('combobox', { name: 'Status of Dark' });
    await user.selectOptions(select, 'paused');

    // Optimistic: the card already says On Hold while the call runs.
    expect(select).toHaveValue('paused');
    const card = screen.getByRole('article');
    expect(within(card).getAllByText('On Hold').length).toBeGreaterThan(0);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const call = calls.find((c) => c.method === 'PUT')!;
    expect(call.url).toBe('/api/user-content-status/4');
    expect(call.body).toEqual({ status: 'paused' });

    put.reject(new TypeError('Failed to fetch'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Could not move Dark to On Hold: Unable to reach the server. Check your connection and try again. Nothing was changed.',
    );
    expect(alert.textContent).not.toContain('..');
    expect(select).toHaveValue('watching');
  });

  it('a saved status change keeps the server item', async () => {
    mockFetch(
      signedInHandler((call) => {
        if (call.method === 'PUT')
          return jsonResponse(
            200,
            buildWatchlistItem(
              { id: 4, status: 'completed', completedAt: '2025-04-01T00:00:00Z' },
              { title: 'Dark' },
            ),
          );
        return jsonResponse(
          200,
          watchlistPage([buildWatchlistItem({ id: 4, status: 'watching' }, { title: 'Dark' })]),
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/watchlist');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Status of Dark' }),
      'completed',
    );
    expect(await screen.findByText('Completed Apr 1, 2025')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("rate dialog: 'Rate {title}', buttons 1–10, Cancel; Remove Rating only with a score", async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.method === 'PUT') {
          const body = call.body as { score: number | null };
          return jsonResponse(
            200,
            buildWatchlistItem(
              { id: body.score === null ? 2 : 1, score: body.score },
              { title: body.score === null ? 'Severance' : 'Dark' },
            ),
          );
        }
        return jsonResponse(
          200,
          watchlistPage([
            buildWatchlistItem({ id: 1 }, { title: 'Dark' }),
            buildWatchlistItem({ id: 2, score: 7 }, { title: 'Severance' }),
          ]),
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/watchlist');

    await user.click(await screen.findByRole('button', { name: 'Rate Dark' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rate Dark' });
    const scores = within(within(dialog).getByRole('group', { name: 'Score' })).getAllByRole(
      'button',
    );
    expect(scores.map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(scores[0]).toHaveFocus();
    expect(within(dialog).queryByRole('button', { name: 'Remove Rating' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    // Focus goes back to the button that opened the dialog.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rate Dark' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Rate Dark' }));
    dialog = await screen.findByRole('dialog', { name: 'Rate Dark' });
    await user.click(within(dialog).getByRole('button', { name: '8' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getAllByRole('article')[0]!).getByText('8/10')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({
      url: '/api/user-content-status/1',
      body: { score: 8 },
    });

    await user.click(screen.getByRole('button', { name: 'Rate Severance' }));
    dialog = await screen.findByRole('dialog', { name: 'Rate Severance' });
    expect(within(dialog).getByRole('button', { name: '7' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: '7' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Rating' }));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({
      url: '/api/user-content-status/2',
      body: { score: null },
    });
    await waitFor(() =>
      expect(
        within(screen.getAllByRole('article')[1]!).queryByText('7/10'),
      ).not.toBeInTheDocument(),
    );
  });

  it('remove asks first, then deletes and updates the count', async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.method === 'DELETE') return jsonResponse(204);
        return jsonResponse(
          200,
          watchlistPage([
            buildWatchlistItem({ id: 1 }, { title: 'Dark' }),
            buildWatchlistItem({ id: 2 }, { title: 'Severance' }),
          ]),
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/watchlist');
    await user.click(await screen.findByRole('button', { name: 'Remove Dark' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Dark from your watchlist?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByText('1 show in your list')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/user-content-status/1');
  });
});

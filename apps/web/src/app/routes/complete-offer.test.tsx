import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildShowDetail, page } from '@/test/shows';
import { buildWatchlistItem, signedInHandler, watchlistPage } from '@/test/tracking';

const dark = (status: 'watching' | 'completed' | 'paused') =>
  buildWatchlistItem(
    {
      id: 4,
      showId: 12,
      status,
      completedAt: status === 'completed' ? '2025-04-01T00:00:00Z' : null,
    },
    { id: 12, title: 'Dark' },
  );
const progress = (aired: number, watched: number) => ({
  showId: 12,
  data: [],
  watchedCount: watched,
  airedCount: aired,
  watchedAiredCount: watched,
  nextEpisodeId: null,
  item: null,
});

/** The watchlist with Dark on it; PUT saves, the bulk POST marks. */
function serveWatchlist(
  aired: number,
  watched: number,
  extra?: (call: RecordedCall) => Response | null,
) {
  return mockFetch(
    signedInHandler((call) => {
      const answered = extra?.(call);
      if (answered) return answered;
      if (call.method === 'PUT')
        return jsonResponse(
          200,
          dark((call.body as { status: 'watching' | 'completed' | 'paused' }).status),
        );
      if (call.url === '/api/episodes/show/12/progress' && call.method === 'POST')
        return jsonResponse(200, { changed: aired - watched, item: dark('completed') });
      if (call.url === '/api/episodes/show/12/progress')
        return jsonResponse(200, progress(aired, watched));
      return jsonResponse(200, watchlistPage([dark('watching')]));
    }),
  );
}

const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST');

async function complete() {
  const user = userEvent.setup();
  renderApp('/watchlist');
  await user.selectOptions(
    await screen.findByRole('combobox', { name: 'Status of Dark' }),
    'completed',
  );
  return user;
}

describe('setting a show to Completed offers to mark its aired episodes', () => {
  it("'Mark watched' marks every aired regular episode in one call", async () => {
    const { calls } = serveWatchlist(26, 20);
    const user = await complete();
    const dialog = await screen.findByRole('dialog', {
      name: 'Mark all 6 aired episodes as watched?',
    });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'completed' });
    expect(posts(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Mark watched' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]).toMatchObject({
      url: '/api/episodes/show/12/progress',
      body: { includeSpecials: false, watched: true },
    });
  });

  it("'Not now' keeps the status and marks nothing", async () => {
    const { calls } = serveWatchlist(26, 25);
    const user = await complete();
    const dialog = await screen.findByRole('dialog', {
      name: 'Mark all 1 aired episode as watched?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toHaveLength(0);
    expect(await screen.findByText('Completed Apr 1, 2025')).toBeInTheDocument();
  });

  it('asks nothing when every aired episode is watched, or for another status', async () => {
    const { calls } = serveWatchlist(26, 26);
    const user = await complete();
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/episodes/show/12/progress')).toBe(true),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Dark' }), 'paused');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.url === '/api/episodes/show/12/progress')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("the show page's status control offers it too", async () => {
    const show = buildShowDetail({ id: 12, title: 'Dark', status: 'completed' });
    const { calls } = serveWatchlist(26, 0, (call) => {
      if (call.url === '/api/shows/12') return jsonResponse(200, show);
      if (call.url.startsWith('/api/shows/12/similar')) return jsonResponse(200, { data: [] });
      if (call.url === '/api/user-content-status/show/12')
        return jsonResponse(200, dark('watching'));
      if (call.url === '/api/favorites/12')
        return jsonResponse(404, { error: 'No', code: 'NOT_FOUND' });
      if (call.url === '/api/episodes/show/12') return jsonResponse(200, page([]));
      return null;
    });
    const user = userEvent.setup();
    renderApp('/show/12');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Watchlist status' }),
      'completed',
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Mark all 26 aired episodes as watched?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Mark watched' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ includeSpecials: false, watched: true });
  });
});

import type { EpisodePlays, HistoryEntry, Play } from '@series-tracker/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { playCountLabel, pickedInstant } from '@/features/tracking/components/episode-plays';
import { deferred, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildEpisode, buildShow } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';

const play = (id: number, watchedAt: string, extra: Partial<Play> = {}): Play => ({
  id,
  episodeId: 40,
  showId: 7,
  watchedAt,
  source: 'web',
  run: 1,
  rewatch: id > 1,
  ...extra,
});
const playsOf = (data: Play[]): EpisodePlays => ({
  episodeId: 40,
  showId: 7,
  run: 1,
  watched: data.length > 0,
  playCount: data.length,
  data,
});

function episodeServer(handler: (url: string, method: string) => Response | undefined) {
  const show = buildShow({ id: 7, title: 'Slow Horses' });
  const episode = { ...buildEpisode({ id: 40, showId: 7, title: 'Failure’s Contagious' }), show };
  return mockFetch(
    signedInHandler((call) => {
      const answered = handler(call.url, call.method);
      if (answered) return answered;
      if (call.url === '/api/episodes/40') return jsonResponse(200, episode);
      if (call.url.startsWith('/api/episodes/show/7/progress'))
        return jsonResponse(200, {
          showId: 7,
          data: [{ episodeId: 40, watchedAt: '2024-01-01T20:00:00.000Z' }],
          watchedCount: 1,
          airedCount: 1,
          watchedAiredCount: 1,
          item: null,
          nextEpisodeId: null,
        });
      return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
    }),
  );
}

describe('play counts', () => {
  it('labels', () => {
    expect([0, 1, 2, 3].map(playCountLabel)).toEqual([
      'Not watched yet',
      'Watched once',
      'Watched twice',
      'Watched 3 times',
    ]);
  });

  it('a picked day keeps the play’s time of day and never lands in the future', () => {
    const original = new Date(2024, 0, 5, 21, 30).toISOString();
    expect(new Date(pickedInstant('2023-12-24', original)).getHours()).toBe(21);
    const now = new Date(2024, 5, 1, 8, 0);
    expect(pickedInstant('2024-06-01', original, now)).toBe(now.toISOString());
  });
});

describe('episode page plays', () => {
  it('"Watch again" raises the count only once the server agreed, and lists the plays', async () => {
    let current = [play(1, '2024-01-01T20:00:00.000Z')];
    const gate = deferred<void>();
    const { calls } = episodeServer((url, method) => {
      if (url === '/api/episodes/40/plays' && method === 'GET')
        return jsonResponse(200, playsOf(current));
      return undefined;
    });
    // The POST waits for the gate, then answers with two plays.
    const { fetchMock } = {
      fetchMock: globalThis.fetch as unknown as { mockImplementationOnce: unknown },
    };
    void fetchMock;
    renderApp('/episode/40');
    expect(await screen.findByTestId('play-count')).toHaveTextContent('Watched once');
    const list = screen.getByRole('list', { name: 'Your plays of this episode' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    current = [play(2, new Date().toISOString()), ...current];
    const user = userEvent.setup();
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/episodes/40/plays' && init?.method === 'POST') {
        await gate.promise;
        return jsonResponse(201, { ...playsOf(current), item: null });
      }
      return original(input, init);
    }) as typeof fetch;
    // The POST waits for the gate, then answers with two plays.
    await user.click(screen.getByRole('button', { name: 'Watch again' }));
    expect(screen.getByTestId('play-count')).toHaveTextContent('Watched once');
    gate.resolve();
    expect(await screen.findByText('Watched twice')).toBeInTheDocument();
    expect(screen.getByText('Rewatch')).toBeInTheDocument();
    globalThis.fetch = original;
    expect(calls.some((c) => c.url === '/api/episodes/40/plays')).toBe(true);
  });

  it('editing a date shows the server’s refusal and keeps the play', async () => {
    episodeServer((url, method) => {
      if (url === '/api/episodes/40/plays')
        return jsonResponse(200, playsOf([play(1, '2024-01-01T20:00:00.000Z')]));
      if (url === '/api/plays/1' && method === 'PATCH')
        return jsonResponse(400, {
          error: 'Watched date cannot be in the future',
          code: 'VALIDATION_ERROR',
        });
      return undefined;
    });
    renderApp('/episode/40');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Edit the date of the play/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/Could not change the date: Watched date cannot be in the future/),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Watched on')).toBeInTheDocument();
  }, 15_000);
});

const entry = (id: number, watchedAt: string, title: string): HistoryEntry => ({
  ...play(id, watchedAt, { rewatch: false }),
  episode: { id: 40 + id, seasonNumber: 1, episodeNumber: id, title, type: 'regular' },
  show: { id: 7, title: 'Slow Horses', coverImageUrl: null },
});

describe('history page', () => {
  it('groups by day, newest first, loads more, and a failed page keeps what is shown', async () => {
    let fail = false;
    mockFetch(
      signedInHandler((call) => {
        if (call.url.startsWith('/api/users/me/history')) {
          const offset = Number(new URL(call.url, 'http://x').searchParams.get('offset'));
          if (offset === 0)
            return jsonResponse(200, {
              data: [
                entry(3, '2024-03-02T12:00:00.000Z', 'Third'),
                entry(2, '2024-03-02T11:00:00.000Z', 'Second'),
              ],
              total: 3,
              limit: 2,
              offset: 0,
              hasMore: true,
            });
          if (fail) return jsonResponse(500, { error: 'Boom', code: 'INTERNAL_ERROR' });
          return jsonResponse(200, {
            data: [entry(1, '2024-02-20T12:00:00.000Z', 'First')],
            total: 3,
            limit: 2,
            offset: 2,
            hasMore: false,
          });
        }
        return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    renderApp('/history');
    expect(await screen.findByRole('heading', { level: 1, name: 'History' })).toBeInTheDocument();
    const day = await screen.findByRole('region', { name: /March 2, 2024/ });
    expect(within(day).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(day)
        .getAllByRole('link', { name: /S1E/ })
        .map((l) => l.textContent),
    ).toEqual(['S1E3 · Third', 'S1E2 · Second']);
    const user = userEvent.setup();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more');
    expect(screen.getByText('Third')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('region', { name: /February 20, 2024/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('an empty diary says so; a failed first load is an error, not an empty diary', async () => {
    mockFetch(
      signedInHandler((call) =>
        call.url.startsWith('/api/users/me/history')
          ? jsonResponse(503, { error: 'Down', code: 'INTERNAL_ERROR' })
          : jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' }),
      ),
    );
    const { unmount } = renderApp('/history');
    expect(await screen.findByText('Could not load the history')).toBeInTheDocument();
    expect(screen.queryByText('No plays yet')).toBeNull();
    unmount();
    mockFetch(
      signedInHandler((call) =>
        call.url.startsWith('/api/users/me/history')
          ? jsonResponse(200, { data: [], total: 0, limit: 30, offset: 0, hasMore: false })
          : jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' }),
      ),
    );
    renderApp('/history');
    expect(await screen.findByText('No plays yet')).toBeInTheDocument();
  });
});

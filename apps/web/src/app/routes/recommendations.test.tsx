import type { Recommendation } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildShow } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';

const pick = (id: number, title: string, because: { id: number; title: string }, score: number) =>
  ({ show: buildShow({ id, title }), because, score }) satisfies Recommendation;

const breaking = { id: 1, title: 'Breaking Bad' };
const dark = { id: 2, title: 'Dark' };

function serve(picks: Recommendation[], { failDismiss = false } = {}) {
  let left = [...picks];
  return mockFetch(
    signedInHandler((call: RecordedCall) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/users/me/recommendations')
        return jsonResponse(200, {
          data: left,
          total: left.length,
          limit: 60,
          offset: 0,
          hasMore: false,
          computedAt: '2026-11-27T05:00:00.000Z',
        });
      if (url.pathname === '/api/users/me/recommendations/dismissals' && call.method === 'POST') {
        if (failDismiss)
          return jsonResponse(503, { error: 'The server is busy', code: 'INTERNAL_ERROR' });
        const { showId } = call.body as { showId: number };
        left = left.filter((p) => p.show.id !== showId);
        return jsonResponse(204);
      }
      return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
    }),
  );
}

describe('/recommendations', () => {
  it('groups picks by the show that brought them, best group first', async () => {
    serve([
      pick(10, 'Better Call Saul', breaking, 2),
      pick(20, '1899', dark, 1.5),
      pick(11, 'Ozark', breaking, 1),
    ]);
    renderApp('/recommendations');
    expect(
      await screen.findByRole('heading', { name: 'Recommendations for you', level: 1 }),
    ).toBeInTheDocument();
    const rows = await screen.findAllByRole('region', { name: /^Because you watched/ });
    expect(rows.map((r) => r.getAttribute('aria-labelledby'))).toEqual(['because-1', 'because-2']);
    expect(
      within(rows[0]!).getByRole('heading', { name: 'Because you watched Breaking Bad' }),
    ).toBeInTheDocument();
    expect(
      within(rows[0]!)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Better Call Saul', 'Ozark']);
    expect(within(rows[1]!).getByRole('heading', { name: '1899' })).toBeInTheDocument();
  });

  it('Not interested removes the pick at once, stores it and says so', async () => {
    const { calls } = serve([
      pick(10, 'Better Call Saul', breaking, 2),
      pick(11, 'Ozark', breaking, 1),
    ]);
    renderApp('/recommendations');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Not interested: Better Call Saul' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Better Call Saul' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Ozark' })).toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.method === 'POST')
        .map((c) => [new URL(c.url, 'http://x').pathname, c.body]),
    ).toEqual([['/api/users/me/recommendations/dismissals', { showId: 10 }]]);
    expect(
      await screen.findByText('Better Call Saul will not be suggested again'),
    ).toBeInTheDocument();
  });

  it('puts a pick back when Not interested fails', async () => {
    serve([pick(10, 'Better Call Saul', breaking, 2)], { failDismiss: true });
    renderApp('/recommendations');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Not interested: Better Call Saul' }),
    );
    expect(await screen.findByText(/Could not hide this pick/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Better Call Saul' })).toBeInTheDocument();
  });

  it('explains an empty list', async () => {
    serve([]);
    renderApp('/recommendations');
    expect(await screen.findByRole('heading', { name: 'No picks yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Track a few shows and picks made for you appear here.'),
    ).toBeInTheDocument();
  });
});

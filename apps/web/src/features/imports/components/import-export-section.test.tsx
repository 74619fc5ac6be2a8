import type { Import } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildShow } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';
import { expectLink } from '@/test/expect-link';

const id = '3f1c1c39-6a41-4c2f-9d55-0f0a4a1f3b11';

function buildImport(overrides: Partial<Import> = {}): Import {
  return {
    id,
    status: 'running',
    source: 'trakt',
    fileName: 'trakt-export.zip',
    progress: { done: 40, total: 100, message: 'Writing shows 41–100 of 100' },
    report: null,
    error: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const report: NonNullable<Import['report']> = {
  shows: { matched: 12, added: 1, unmatched: 1 },
  episodes: { marked: 340, alreadyWatched: 0, held: 2, unmatched: 0 },
  ratings: 5,
  watchlist: 13,
  favorites: 2,
  lists: 0,
  reviews: 0,
  skipped: { movies: 4, rewatches: 3 },
  notes: [],
  unmatchedRows: [
    {
      index: 0,
      kind: 'show',
      show: { title: 'Ghost Show', year: 2001, ids: { tvdb: 9999 } },
      season: null,
      episode: null,
      plays: 3,
      reason: 'No show in the catalogue has these ids or this title',
      appliedShowId: null,
    },
  ],
  unmatchedRowsOmitted: 0,
};

describe('/settings/import', () => {
  it('uploads a file, shows the detected source and the progress step, then the report; fixes a row', async () => {
    let polls = 0;
    let applied = false;
    const { calls } = mockFetch(
      signedInHandler((call) => {
        const url = new URL(call.url, 'http://x');
        if (url.pathname === '/api/imports' && call.method === 'POST')
          return jsonResponse(202, { id });
        if (url.pathname === '/api/imports/held')
          return jsonResponse(200, {
            data: [
              {
                show: { id: 12, title: 'Harbour Lights', year: 2018, posterUrl: null },
                watches: [
                  { season: 1, number: 3, airDate: null, watchedAt: '2019-01-03T20:00:00.000Z' },
                ],
                watchesReason: 'episodes-missing',
                count: null,
                reasons: [
                  {
                    reason: 'episodes-missing',
                    why: 'These episodes are not in the list yet.',
                    resolves: 'Marked when TVmaze lists them.',
                  },
                ],
              },
            ],
            total: 1,
            limit: 10,
            offset: 0,
            hasMore: false,
            totals: { watches: 1, counts: 0 },
          });
        if (url.pathname === '/api/imports')
          return jsonResponse(200, { data: [], total: 0, limit: 20, offset: 0, hasMore: false });
        if (url.pathname === `/api/imports/${id}/rows/0`) {
          applied = true;
          return jsonResponse(
            200,
            buildImport({
              status: 'done',
              report: {
                ...report,
                unmatchedRows: [{ ...report.unmatchedRows[0]!, appliedShowId: 7 }],
              },
            }),
          );
        }
        if (url.pathname === `/api/imports/${id}`) {
          polls++;
          return jsonResponse(
            200,
            polls < 2
              ? buildImport()
              : buildImport({ status: 'done', report, finishedAt: '2026-11-23T10:00:05.000Z' }),
          );
        }
        if (url.pathname === '/api/search/advanced')
          return jsonResponse(200, {
            data: [buildShow({ id: 7, title: 'Ghost Show', startDate: '2001-01-01' })],
            total: 1,
            limit: 6,
            offset: 0,
            hasMore: false,
          });
        return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/settings/import');
    expect(
      await screen.findByRole('heading', { name: 'Import & export', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('You have not imported anything yet.')).toBeInTheDocument();
    // Held history: per show, the held episodes with their dates, why and what resolves it.
    const held = await screen.findByRole('list', { name: 'Held watches of Harbour Lights' });
    expect(held).toHaveTextContent('S1E3 · Jan 3, 2019');
    expect(screen.getByText('These episodes are not in the list yet.')).toBeInTheDocument();
    expect(screen.getByText('Marked when TVmaze lists them.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a file to import');

    const file = new File(['PK'], 'trakt-export.zip', { type: 'application/zip' });
    await user.upload(screen.getByLabelText('Choose a file or drop it here'), file);
    await user.click(screen.getByRole('button', { name: 'Start import' }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Writing shows 41–100 of 100')).toBeInTheDocument();
    expect(screen.getByText(/Detected source:/)).toHaveTextContent(
      'Detected source: Trakt export (ZIP)',
    );
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/imports')!;
    expect(post.headers.get('authorization')).toBe('Bearer valid-token');

    expect(
      await screen.findByText('Import complete.', { exact: false }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expectLink(screen, 'Open your watchlist', '/watchlist');
    // Finished: the report is brought into view and focused (below the fold at 360 px, ADR 176).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('current-import')));
    expect(screen.getByText('Episodes marked').nextSibling).toHaveTextContent('340');
    const table = screen.getByRole('table');
    expect(within(table).getByText('Ghost Show')).toBeInTheDocument();
    expect(within(table).getByText('tvdb 9999')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Pick show' }));
    await user.click(await within(table).findByRole('button', { name: /Ghost Show/ }));
    await waitFor(() => expect(applied).toBe(true));
    expect(await within(table).findByText('Applied')).toBeInTheDocument();
    const apply = calls.find((c) => c.url === `/api/imports/${id}/rows/0`)!;
    expect(apply.body).toEqual({ showId: 7 });
  }, 15_000);

  it('shows a failed import with its reason, not as an empty report', async () => {
    mockFetch(
      signedInHandler((call) => {
        const url = new URL(call.url, 'http://x');
        if (url.pathname === '/api/imports')
          return jsonResponse(200, {
            data: [
              buildImport({
                status: 'failed',
                error: 'The ZIP archive is damaged or incomplete (was the download cut short?)',
              }),
            ],
            total: 1,
            limit: 20,
            offset: 0,
            hasMore: false,
          });
        if (url.pathname === `/api/imports/${id}`)
          return jsonResponse(
            200,
            buildImport({
              status: 'failed',
              error: 'The ZIP archive is damaged or incomplete (was the download cut short?)',
            }),
          );
        return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    renderApp(`/settings/import?import=${id}`);
    expect(
      await screen.findByText(
        'The ZIP archive is damaged or incomplete (was the download cut short?)',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(await screen.findByText(/Failed/)).toBeInTheDocument();
  });

  it('shows an error, not "nothing imported", when past imports cannot load', async () => {
    mockFetch(
      signedInHandler(() =>
        jsonResponse(500, { error: 'Database unavailable', code: 'INTERNAL_ERROR' }),
      ),
    );
    renderApp('/settings/import');
    expect(await screen.findByText('Could not load your imports')).toBeInTheDocument();
    expect(screen.queryByText('You have not imported anything yet.')).not.toBeInTheDocument();
  });
});

import { heldReasonText, type Import } from '@series-tracker/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { signedInHandler } from '@/test/tracking';

const id = '3f1c1c39-6a41-4c2f-9d55-0f0a4a1f3b11';

function finished(shows: number, episodes: number): Import {
  return {
    id,
    status: 'done',
    source: 'trakt',
    fileName: 'trakt-export.zip',
    progress: { done: 1, total: 1, message: null },
    report: {
      shows: { matched: shows, added: 0, unmatched: 1 },
      episodes: { marked: episodes, alreadyWatched: 0, held: 0, unmatched: 0 },
      ratings: 0,
      watchlist: 0,
      favorites: 0,
      lists: 0,
      reviews: 0,
      skipped: { movies: 4 },
      notes: [],
      unmatchedRows: [],
      unmatchedRowsOmitted: 0,
    },
    error: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    finishedAt: '2026-11-23T10:00:05.000Z',
  };
}

function serve(value: Import) {
  mockFetch(
    signedInHandler((call) => {
      const url = new URL(call.url, 'http://x');
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
              // The API sends the contracts' English; the screen shows it in its language.
              reasons: [{ reason: 'episodes-missing', ...heldReasonText['episodes-missing'] }],
            },
          ],
          total: 1,
          limit: 10,
          offset: 0,
          hasMore: false,
          totals: { watches: 1, counts: 0 },
        });
      if (url.pathname === '/api/imports')
        return jsonResponse(200, { data: [value], total: 1, limit: 20, offset: 0, hasMore: false });
      if (url.pathname === `/api/imports/${id}`) return jsonResponse(200, value);
      return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
    }),
  );
}

describe('/settings/import in other languages', () => {
  it('shows the report, past imports and held history in German, with plurals and dates', async () => {
    serve(finished(13, 340));
    renderApp(`/settings/import?import=${id}`, { i18n: await inLanguage('de') });
    expect(
      await screen.findByRole('heading', { name: 'Import & Export', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Import abgeschlossen.', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Markierte Folgen').nextSibling).toHaveTextContent('340');
    expect(screen.getByText('Nicht importiert').nextSibling).toHaveTextContent('Filme: 4');
    expect(
      await screen.findByText('Fertig · 13 Serien, 340 Folgen, 1 nicht zugeordnet'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(/^Aufbewahrt bis zur Zuordnung: 1 Wiedergabe aus 1 Serie\./),
    ).toBeInTheDocument();
    const held = screen.getByRole('list', { name: 'Geparkte Wiedergaben von Harbour Lights' });
    expect(held).toHaveTextContent('S1E3 · 03.01.2019');
    expect(
      screen.getByText(
        'Diese Folgen stehen noch nicht in der Folgenliste der Serie (die Liste ist unvollständig).',
      ),
    ).toBeInTheDocument();
  });

  it('uses the Arabic dual and the right-to-left list', async () => {
    serve(finished(2, 2));
    renderApp('/settings/import', { i18n: await inLanguage('ar') });
    const past = await screen.findByRole('button', { name: /مسلسلان/ });
    expect(within(past).getByText(/^تم · مسلسلان، حلقتان، عنصر واحد غير مربوط$/)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'الاستيراد والتصدير', level: 1 })).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

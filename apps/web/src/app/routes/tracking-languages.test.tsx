import type { HistoryEntry } from '@series-tracker/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { buildWatchlistItem, signedInHandler, watchlistPage } from '@/test/tracking';

const entry = (id: number, watchedAt: string): HistoryEntry => ({
  id,
  episodeId: 40 + id,
  showId: 7,
  watchedAt,
  source: 'web',
  run: 2,
  rewatch: true,
  episode: { id: 40 + id, seasonNumber: 1, episodeNumber: id, title: null, type: 'regular' },
  show: { id: 7, title: 'Slow Horses', coverImageUrl: null },
});

describe('the watchlist and the history in other languages (issue 31)', () => {
  it('German: the watchlist page, its count (singular), sort orders and card actions', async () => {
    mockFetch(
      signedInHandler(() =>
        jsonResponse(
          200,
          watchlistPage([buildWatchlistItem({ score: 8 }, { title: 'Dark', episodes: 10 })], 1),
        ),
      ),
    );
    renderApp('/watchlist', { i18n: await inLanguage('de') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Meine Merkliste' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('1 Serie auf deiner Liste')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Zuletzt aktualisiert' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Nach Status filtern' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dark bewerten' })).toHaveTextContent('Bewerten');
    expect(screen.getByRole('button', { name: 'Dark entfernen' })).toBeInTheDocument();
    expect(document.title).toBe('Meine Merkliste · Series Tracker');
  });

  it('Arabic: the diary, its days in Arabic, and the dual form of its count', async () => {
    mockFetch(
      signedInHandler((call) =>
        call.url.startsWith('/api/users/me/history')
          ? jsonResponse(200, {
              data: [entry(2, '2024-03-02T12:00:00.000Z'), entry(1, '2024-03-02T11:00:00.000Z')],
              total: 2,
              limit: 30,
              offset: 0,
              hasMore: false,
            })
          : jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' }),
      ),
    );
    renderApp('/history', { i18n: await inLanguage('ar') });
    expect(await screen.findByRole('heading', { level: 1, name: 'السجل' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    // Two plays: Arabic's dual, not "2 plays".
    expect(await screen.findByText('مشاهدتان')).toBeInTheDocument();
    const dayName = new Intl.DateTimeFormat('ar', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(new Date('2024-03-02T12:00:00.000Z'));
    const day = screen.getByRole('region', { name: dayName });
    expect(within(day).getAllByText('إعادة مشاهدة')).toHaveLength(2);
    expect(within(day).getAllByText('الجولة 2')).toHaveLength(2);
  });
});

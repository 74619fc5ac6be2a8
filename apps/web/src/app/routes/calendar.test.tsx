import type {
  CalendarEpisode,
  CalendarResponse,
  CalendarSettings,
} from '@series-tracker/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { signedInHandler } from '@/test/tracking';

const settings: CalendarSettings = {
  timeZone: 'Europe/Berlin',
  episodeAlerts: 'none',
  feed: { active: false, createdAt: null },
};

function episode(id: number, date: string, time: string | null = '21:00'): CalendarEpisode {
  return {
    episodeId: id,
    showId: 7,
    showTitle: 'Severance',
    posterUrl: null,
    seasonNumber: 2,
    episodeNumber: id,
    title: `Episode ${id}`,
    date,
    time,
    airsAt: null,
    runtimeMinutes: 50,
    watchStatus: 'watching',
    watched: id === 1,
  };
}

function calendarHandler(episodes: CalendarEpisode[]) {
  return signedInHandler((call) => {
    if (call.url.startsWith('/api/calendar/settings')) return jsonResponse(200, settings);
    if (call.url.startsWith('/api/calendar')) {
      const body: CalendarResponse = {
        timeZone: 'Europe/Berlin',
        from: '2026-02-23',
        to: '2026-04-05',
        trackedShows: 1,
        data: episodes,
      };
      return jsonResponse(200, body);
    }
    return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
  });
}

describe('calendar in another language', () => {
  it('names the month, the weekdays and the counts in German', async () => {
    mockFetch(
      calendarHandler([
        ...[1, 2, 3, 4].map((n) => episode(n, '2026-03-10')),
        episode(5, '2026-03-12', null),
      ]),
    );
    renderApp('/calendar?month=2026-03', { i18n: await inLanguage('de') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kalender' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'März 2026' })).toBeInTheDocument();
    expect(await screen.findByText('4 Folgen')).toBeInTheDocument();
    expect(screen.getByText('Mo')).toBeInTheDocument();
    expect(screen.getByText('1 Folge')).toBeInTheDocument();
    expect(screen.getByText('+1 weitere')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nächster Monat' })).toBeInTheDocument();
    // The phones' list under the grid: the day in German, an all-day episode.
    expect(
      screen.getByRole('heading', { level: 3, name: 'Donnerstag, 12. März' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ganztägig')).toBeInTheDocument();
    expect(document.title).toBe('Kalender · Series Tracker');
  });

  it('lays the agenda out in Arabic, with Arabic plurals', async () => {
    mockFetch(calendarHandler([]));
    renderApp('/calendar?view=agenda', { i18n: await inLanguage('ar') });
    expect(
      await screen.findByRole('heading', { name: 'آخر 7 أيام و30 يومًا قادمة' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('لا حلقات في هذه الأيام.')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

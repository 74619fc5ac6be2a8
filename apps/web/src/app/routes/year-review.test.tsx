import type { YearReview } from '@series-tracker/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { signedInHandler } from '@/test/tracking';
import { expectLink } from '@/test/expect-link';

function buildYear(overrides: Partial<YearReview> = {}): YearReview {
  return {
    year: 2026,
    user: { id: 1, username: 'alice', displayName: 'Alice Liddell' },
    timeZone: 'Europe/London',
    years: [2026, 2025],
    plays: 7,
    episodes: 6,
    minutes: 330,
    hours: 5.5,
    shows: 2,
    topShows: [
      { id: 7, title: 'Severance', coverImageUrl: null, episodes: 4, minutes: 240 },
      { id: 8, title: 'Slow Horses', coverImageUrl: null, episodes: 3, minutes: 90 },
    ],
    topGenres: [
      { name: 'Drama', episodes: 7, minutes: 330 },
      { name: 'Comedy', episodes: 3, minutes: 90 },
    ],
    byMonth: [1, 0, 4, 0, 0, 0, 2, 0, 0, 0, 0, 0],
    busiestDay: { day: '2026-03-04', episodes: 2 },
    busiestMonth: { month: 3, episodes: 4 },
    longestStreak: { days: 3, start: '2026-03-03', end: '2026-03-05' },
    firstWatch: {
      at: '2026-01-01T10:00:00.000Z',
      showId: 7,
      showTitle: 'Severance',
      seasonNumber: 1,
      episodeNumber: 1,
    },
    lastWatch: {
      at: '2026-07-11T10:00:00.000Z',
      showId: 8,
      showTitle: 'Slow Horses',
      seasonNumber: 1,
      episodeNumber: 2,
    },
    reviewsWritten: 2,
    listsCreated: 1,
    ...overrides,
  };
}

describe('year in review', () => {
  it('shows the signed-in member’s year with its figures, charts and Share', async () => {
    const { calls } = mockFetch(signedInHandler(() => jsonResponse(200, buildYear())));
    // user-event's clipboard stands in for the browser's.
    const user = userEvent.setup();
    renderApp('/year/2026');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your 2026' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/users/me/year/2026'))).toBe(true);
    expect(screen.getByText('Longest streak').nextSibling).toHaveTextContent('3 days');
    expect(screen.getByText('Busiest day').nextSibling).toHaveTextContent(
      'Wednesday, March 4 · 2 episodes',
    );
    expect(screen.getByText('Busiest month').nextSibling).toHaveTextContent('March · 4 episodes');
    const months = screen.getByRole('list', { name: 'Episodes by month' });
    expect(within(months).getByText('March: 4 episodes')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Severance' })[0]).toHaveAttribute(
      'href',
      '/show/7',
    );
    expectLink(screen, '2025', '/year/2025');

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/profile/alice/year/2026`,
    );
  });

  it('a year with nothing watched says so', async () => {
    mockFetch(
      signedInHandler(() =>
        jsonResponse(
          200,
          buildYear({
            year: 2019,
            plays: 0,
            episodes: 0,
            topShows: [],
            topGenres: [],
            busiestDay: null,
            busiestMonth: null,
            firstWatch: null,
            lastWatch: null,
          }),
        ),
      ),
    );
    renderApp('/year/2019');
    expect(
      await screen.findByRole('heading', { name: 'Nothing watched in 2019' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('a member’s private year is not found', async () => {
    mockFetch(() => jsonResponse(404, { error: 'User not found', code: 'NOT_FOUND' }));
    renderApp('/profile/bob/year/2026');
    expect(await screen.findByRole('heading', { name: 'Year Not Found' })).toBeInTheDocument();
  });

  it('a member’s public year names them', async () => {
    mockFetch(() =>
      jsonResponse(200, buildYear({ user: { id: 2, username: 'bob', displayName: null } })),
    );
    renderApp('/profile/bob/year/2026');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'bob’s 2026' }),
    ).toBeInTheDocument();
    expectLink(screen, '2025', '/profile/bob/year/2025');
  });

  it('reads the year in German, with its plurals and dates', async () => {
    mockFetch(signedInHandler(() => jsonResponse(200, buildYear())));
    renderApp('/year/2026', { i18n: await inLanguage('de') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dein Jahr 2026' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Dein Jahresrückblick 2026 · Series Tracker');
    expect(screen.getByText('Längste Strähne').nextSibling).toHaveTextContent('3 Tage');
    expect(screen.getByText('Aktivster Tag').nextSibling).toHaveTextContent(
      'Mittwoch, 4. März · 2 Folgen',
    );
    expect(screen.getByText('Aktivster Monat').nextSibling).toHaveTextContent('März · 4 Folgen');
    const months = screen.getByRole('list', { name: 'Folgen pro Monat' });
    expect(within(months).getByText('Januar: 1 Folge')).toBeInTheDocument();
    expect(screen.getByText('Erste Folge des Jahres').nextSibling).toHaveTextContent(
      'Severance S1E1 · 1. Januar',
    );
    expect(screen.getByRole('button', { name: 'Teilen' })).toBeInTheDocument();
  });

  it('counts in Arabic plural forms', async () => {
    mockFetch(signedInHandler(() => jsonResponse(200, buildYear())));
    renderApp('/year/2026', { i18n: await inLanguage('ar') });
    expect(await screen.findByRole('heading', { level: 1, name: 'عامك 2026' })).toBeInTheDocument();
    expect(screen.getByText('أطول مدة متواصلة').nextSibling).toHaveTextContent('3 أيام');
    expect(screen.getByText('4 حلقات · 4 ساعات')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { buildShowDetail } from '@/test/shows';

function serve() {
  const show = buildShowDetail({
    id: 7,
    title: 'Slow Horses',
    episodes: 24,
    totalUsers: 1,
    totalReviews: 3,
    status: 'airing',
    startDate: '2022-04-01',
    country: 'GB',
    runtimeMinutes: 50,
    schedule: { days: ['Monday', 'Thursday'], time: '21:00', timezone: 'Europe/London' },
    genres: ['Drama'],
  });
  return mockFetch((call) => {
    if (call.url === '/api/shows/7') return jsonResponse(200, show);
    if (call.url.startsWith('/api/shows/7/similar')) return jsonResponse(200, { data: [] });
    return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
  });
}

describe('the show page in other languages (issue 31)', () => {
  it('German: tabs, counts with their plural forms, facts, dates and the schedule', async () => {
    serve();
    renderApp('/show/7', { i18n: await inLanguage('de') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow Horses' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Überblick' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rezensionen (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Folgen' })).toBeInTheDocument();
    expect(screen.getByText('24 Folgen')).toBeInTheDocument();
    // One member: the singular.
    expect(screen.getByText('1 Mitglied verfolgt diese Serie')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Erstausstrahlung')).toBeInTheDocument();
    expect(within(details).getByText('1. Apr. 2022')).toBeInTheDocument();
    expect(within(details).getByText('Läuft noch')).toBeInTheDocument();
    expect(within(details).getByText('Vereinigtes Königreich')).toBeInTheDocument();
    expect(within(details).getByText('50 Min.')).toBeInTheDocument();
    expect(
      within(details).getByText('montags, donnerstags um 21:00 (Europe/London)'),
    ).toBeInTheDocument();
    expect(within(details).getAllByText('Unbekannt').length).toBeGreaterThan(0);
  });

  it('Arabic: the same page right to left, with Arabic plural forms', async () => {
    serve();
    renderApp('/show/7', { i18n: await inLanguage('ar') });
    expect(await screen.findByRole('tab', { name: 'نظرة عامة' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText('24 حلقة')).toBeInTheDocument();
    expect(screen.getByText('يتتبّعه عضو واحد')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { buildEpisode, buildShow, buildShowDetail, page } from '@/test/shows';

describe('episodes in other languages (issue 31)', () => {
  it('German: the Episodes tab names seasons and counts episodes in German', async () => {
    const show = buildShowDetail({ id: 7, title: 'Slow Horses', status: 'completed' });
    mockFetch((call) => {
      if (call.url === '/api/shows/7') return jsonResponse(200, show);
      if (call.url.startsWith('/api/shows/7/similar')) return jsonResponse(200, { data: [] });
      if (call.url === '/api/episodes/show/7')
        return jsonResponse(
          200,
          page([
            buildEpisode({ id: 1, seasonNumber: 1, episodeNumber: 1, title: 'Pilot' }),
            buildEpisode({ id: 2, seasonNumber: 2, episodeNumber: 1, title: null, runtime: 45 }),
            buildEpisode({ id: 3, seasonNumber: 2, episodeNumber: 2, title: 'Finale' }),
          ]),
        );
      return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
    });
    renderApp('/show/7?tab=episodes', { i18n: await inLanguage('de') });
    // The tab's code loads apart: give it time on a busy machine.
    const picker = await screen.findByRole('combobox', { name: 'Staffel' }, { timeout: 8000 });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Staffel 1 · 1 Folge', 'Staffel 2 · 2 Folgen']);
    expect(screen.getByRole('heading', { level: 2, name: 'Staffel 2 2 Folgen' })).toBeVisible();
    // An episode without a title is named by its number.
    expect(screen.getByRole('link', { name: 'Folge 1' })).toBeInTheDocument();
    expect(screen.getByText('· 45 Min.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Staffel 1' }));
    expect(await screen.findByRole('link', { name: 'Pilot' })).toBeInTheDocument();
  }, 15_000);

  it('Arabic: the episode page, its chips and neighbours, right to left', async () => {
    const show = buildShow({ id: 7, title: 'Slow Horses' });
    mockFetch((call) =>
      call.url === '/api/episodes/40'
        ? jsonResponse(200, {
            ...buildEpisode({
              id: 40,
              showId: 7,
              seasonNumber: 1,
              episodeNumber: 2,
              title: 'Failure’s Contagious',
              voteAverage: 8.1,
              voteCount: 2,
            }),
            show,
            previousEpisode: { id: 39, seasonNumber: 1, episodeNumber: 1, title: 'Pilot' },
            nextEpisode: null,
          })
        : jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' }),
    );
    renderApp('/episode/40', { i18n: await inLanguage('ar') });
    expect(await screen.findByText('الموسم 1')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText('الحلقة 2')).toBeInTheDocument();
    // Two votes: the dual.
    expect(screen.getByText('(صوتان)')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'حلقات هذا المسلسل' });
    expect(within(nav).getByRole('link')).toHaveTextContent('الحلقة السابقة');
    expect(document.title).toBe('Slow Horses S1E2: Failure’s Contagious · Series Tracker');
  });
});

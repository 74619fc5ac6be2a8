import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localIsoDate } from '@/lib/format';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { buildEpisode, buildShow } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';

/** Home and /today in other languages (issue 31). */

/** buildUser()'s display name. */
const NAME = 'Alice Liddell';

const airing = (id: number) => ({
  ...buildShow({ id, title: `Airing ${id}` }),
  airingEpisodes: [buildEpisode({ id: id * 10, showId: id, seasonNumber: 1, episodeNumber: 1 })],
});

function today(count: number) {
  const date = localIsoDate();
  return {
    newEpisodes: Array.from({ length: count }, (_, i) => airing(i + 1)),
    newEpisodesPage: { total: count, hasMore: false, date, limit: 20 },
  };
}

describe('home in German and Arabic', () => {
  it("Arabic /today counts today's shows with the dual, and titles the tab", async () => {
    mockFetch(() => jsonResponse(500));
    renderApp('/today', { state: today(2), i18n: await inLanguage('ar') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'حلقات اليوم الجديدة' }),
    ).toBeInTheDocument();
    expect(screen.getByText('مسلسلان لهما حلقات جديدة اليوم.')).toBeInTheDocument();
    expect(document.title).toBe('حلقات اليوم الجديدة · Series Tracker');
  });

  it('German /today: one show is singular', async () => {
    mockFetch(() => jsonResponse(500));
    renderApp('/today', { state: today(1), i18n: await inLanguage('de') });
    expect(await screen.findByText('1 Serie hat heute neue Folgen.')).toBeInTheDocument();
  });

  it('German home: the trending row, the moods and the welcome for visitors', async () => {
    mockFetch((call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/shows/trending')
        return jsonResponse(200, {
          data: [buildShow({ id: 1, title: 'Dark' })],
          basis: 'catalogue',
        });
      return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
    });
    renderApp('/', { i18n: await inLanguage('de') });
    expect(
      await screen.findByRole('region', { name: 'Diese Woche angesagt' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    const moods = (await screen.findByRole('heading', { name: 'Worauf hast du Lust?' })).closest(
      'section',
    )!;
    expect(within(moods).getByRole('link', { name: 'Was zum Lachen' })).toHaveAttribute(
      'href',
      '/browse?genre=Comedy',
    );
    const welcome = await screen.findByRole('region', { name: 'Series Tracker' });
    expect(within(welcome).getByRole('heading', { name: 'Verfolge jede Folge' })).toBeVisible();
    expect(within(welcome).getByRole('link', { name: 'Konto erstellen' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('German home, signed in: the greeting is one sentence with the name styled inside it', async () => {
    mockFetch(
      signedInHandler((call) => {
        const url = new URL(call.url, 'http://x');
        if (url.pathname === '/api/shows/trending')
          return jsonResponse(200, {
            data: [buildShow({ id: 1, title: 'Dark' })],
            basis: 'catalogue',
          });
        return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
      }),
    );
    renderApp('/', { i18n: await inLanguage('de') });
    const name = await screen.findByText(NAME, { selector: 'p > span' }, { timeout: 8000 });
    expect(name.parentElement).toHaveTextContent(`Willkommen zurück, ${NAME}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      `Willkommen zurück, ${NAME}`,
    );
  });
});

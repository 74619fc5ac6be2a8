import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildEpisode, buildShowDetail, page } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';

const show = buildShowDetail({ id: 9, title: 'The Long One', status: 'airing' });
// Three seasons of 20 (ids 100.., 200.., 300..) and two season-0 specials listed first.
const episodes = [
  buildEpisode({ id: 901, seasonNumber: 0, episodeNumber: 1, title: 'Christmas special' }),
  buildEpisode({ id: 902, seasonNumber: 0, episodeNumber: 2, title: 'Another special' }),
  ...[1, 2, 3].flatMap((season) =>
    Array.from({ length: 20 }, (_, i) =>
      buildEpisode({
        id: season * 100 + i + 1,
        showId: 9,
        seasonNumber: season,
        episodeNumber: i + 1,
        title: `Season ${season} part ${i + 1}`,
      }),
    ),
  ),
];
const seasonIds = (season: number) =>
  episodes.filter((e) => e.seasonNumber === season).map((e) => e.id);

function catalogue(call: RecordedCall): Response | null {
  if (call.url === '/api/shows/9') return jsonResponse(200, show);
  if (call.url.startsWith('/api/shows/9/similar')) return jsonResponse(200, { data: [] });
  if (call.url === '/api/episodes/show/9') return jsonResponse(200, page(episodes));
  if (call.url === '/api/user-content-status/show/9')
    return jsonResponse(404, { error: 'Not tracked', code: 'NOT_FOUND' });
  if (call.url === '/api/favorites/9') return jsonResponse(404, { error: 'No', code: 'NOT_FOUND' });
  return null;
}

const progress = (watched: number[], nextEpisodeId: number | null) => ({
  showId: 9,
  data: watched.map((episodeId) => ({ episodeId, watchedAt: '2025-03-01T10:00:00.000Z' })),
  watchedCount: watched.length,
  airedCount: 60,
  watchedAiredCount: watched.length,
  nextEpisodeId,
  item: null,
});

const episodeLinks = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('link')
    .filter((a) => a.getAttribute('href')?.startsWith('/episode/'));

async function openEpisodes() {
  const user = userEvent.setup();
  renderApp('/show/9');
  await user.click(await screen.findByRole('tab', { name: 'Episodes' }));
  return { user, panel: screen.getByRole('tabpanel') };
}

describe('Episodes tab season picker', () => {
  it('a visitor starts on the latest season, draws only its rows, and lists Specials last', async () => {
    mockFetch((call) => catalogue(call) ?? jsonResponse(401));
    const { user, panel } = await openEpisodes();
    expect(
      await within(panel).findByRole('heading', { level: 2, name: /^Season 3/ }),
    ).toBeInTheDocument();
    expect(episodeLinks(panel)).toHaveLength(20);
    const picker = within(panel).getByRole('combobox', { name: 'Season' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Season 1 · 20 episodes',
      'Season 2 · 20 episodes',
      'Season 3 · 20 episodes',
      'Specials · 2 episodes',
    ]);
    await user.selectOptions(picker, 'specials');
    expect(within(panel).getByRole('heading', { level: 2, name: /^Specials/ })).toBeInTheDocument();
    expect(episodeLinks(panel).map((a) => a.textContent)).toEqual([
      'Christmas special',
      'Another special',
    ]);
  });

  it("a member starts on their next episode's season, with each season's 'n of m watched'", async () => {
    const watched = [...seasonIds(1), ...seasonIds(2).slice(0, 5)];
    mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/episodes/show/9/progress')
          return jsonResponse(200, progress(watched, 206));
        return catalogue(call) ?? jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    const { panel } = await openEpisodes();
    expect(
      await within(panel).findByRole('heading', { level: 2, name: /^Season 2/ }),
    ).toBeInTheDocument();
    expect(within(panel).getByTestId('season-progress')).toHaveTextContent('5 of 20 watched');
    expect(within(panel).getByTestId('episodes-watched')).toHaveTextContent('25 of 60 watched');
    const options = within(within(panel).getByRole('combobox', { name: 'Season' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Season 1 · 20 of 20 watched',
      'Season 2 · 5 of 20 watched',
      'Season 3 · 0 of 20 watched',
      'Specials · 0 of 2 watched',
    ]);
  });

  it("'Mark season watched' marks the open season in one call; a watched season offers 'Unmark season'", async () => {
    let watched = seasonIds(1);
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/episodes/show/9/progress' && call.method === 'POST') {
          watched = [...watched, ...seasonIds(2)];
          return jsonResponse(200, { changed: 20, item: null });
        }
        if (call.url === '/api/episodes/show/9/progress')
          return jsonResponse(200, progress(watched, 201));
        return catalogue(call) ?? jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    const { user, panel } = await openEpisodes();
    await within(panel).findByRole('heading', { level: 2, name: /^Season 2/ });
    await user.click(within(panel).getByRole('button', { name: 'Mark season watched' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ season: 2, watched: true }),
    );
    // The season stays open after marking (it does not jump to the next one).
    expect(await within(panel).findByRole('button', { name: 'Unmark season' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { level: 2, name: /^Season 2/ })).toBeInTheDocument();
    expect(within(panel).getByTestId('season-progress')).toHaveTextContent('20 of 20 watched');
  });

  it('waits for progress before opening a season; a progress error keeps the list usable', async () => {
    mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/episodes/show/9/progress')
          return jsonResponse(500, { error: 'Database down', code: 'INTERNAL' });
        return catalogue(call) ?? jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    const { panel } = await openEpisodes();
    expect(await within(panel).findByText(/Could not load your progress/)).toBeInTheDocument();
    expect(
      await within(panel).findByRole('heading', { level: 2, name: /^Season 3/ }),
    ).toBeInTheDocument();
    expect(episodeLinks(panel)).toHaveLength(20);
  });
});

import { spoilerMessages } from '@series-tracker/contracts/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildEpisode, buildShow, buildShowDetail, page } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';

const show = buildShowDetail({ id: 7, title: 'Slow Horses', status: 'airing', episodes: 3 });
const episodes = [
  buildEpisode({ id: 2, showId: 7, seasonNumber: 1, episodeNumber: 1, title: 'Pilot' }),
  buildEpisode({
    id: 3,
    showId: 7,
    seasonNumber: 1,
    episodeNumber: 2,
    title: 'Second',
    overview: 'Somebody dies.',
  }),
  buildEpisode({ id: 4, showId: 7, seasonNumber: 1, episodeNumber: 3, title: 'Third' }),
];

const spoilerState = (ids: number[], revealed = false) => ({
  showId: 7,
  protect: true,
  revealed,
  spoilerEpisodeIds: revealed ? [] : ids,
});

function catalogue(call: RecordedCall): Response | null {
  if (call.url === '/api/shows/7') return jsonResponse(200, show);
  if (call.url.startsWith('/api/shows/7/similar')) return jsonResponse(200, { data: [] });
  if (call.url === '/api/episodes/show/7') return jsonResponse(200, page(episodes));
  if (call.url === '/api/episodes/3')
    return jsonResponse(200, {
      ...episodes[1],
      show: buildShow({ id: 7, title: 'Slow Horses' }),
      retired: false,
      previousEpisode: { id: 2, seasonNumber: 1, episodeNumber: 1, title: 'Pilot' },
      nextEpisode: { id: 4, seasonNumber: 1, episodeNumber: 3, title: 'Third' },
    });
  return null;
}

/** The machine running these is shared and slow: first loads may take a few seconds. */
const slow = { timeout: 15_000 };

/** A member who has watched S1E1: S1E2 and S1E3 are spoilers until revealed. */
function serveMember() {
  let revealed = false;
  return mockFetch(
    signedInHandler((call) => {
      const fromCatalogue = catalogue(call);
      if (fromCatalogue) return fromCatalogue;
      if (call.url === '/api/spoilers/shows/7' && call.method === 'PUT') {
        revealed = (call.body as { revealed: boolean }).revealed;
        return jsonResponse(200, spoilerState([3, 4], revealed));
      }
      if (call.url === '/api/spoilers/shows/7')
        return jsonResponse(200, spoilerState([3, 4], revealed));
      return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
    }),
  );
}

const rowOf = (title: RegExp | string) =>
  screen.getByRole('link', { name: title }).closest('article')!;

describe('spoiler protection on the show page', { timeout: 40_000 }, () => {
  it('hides an unwatched episode’s title and summary; Reveal shows it without asking again', async () => {
    const { calls } = serveMember();
    const user = userEvent.setup();
    renderApp('/show/7?tab=episodes');
    expect(await screen.findByRole('link', { name: 'Episode 2' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pilot' })).toBeInTheDocument();
    expect(screen.queryByText('Second')).toBeNull();
    expect(screen.queryByText('Somebody dies.')).toBeNull();
    const row = rowOf('Episode 2');
    expect(row).toHaveTextContent(spoilerMessages.summaryHidden);
    expect(within(row).getByTestId('hidden-still')).toBeInTheDocument();

    const asked = calls.filter((c) => c.url.startsWith('/api/spoilers')).length;
    await user.click(screen.getByRole('button', { name: 'Reveal S1E2' }));
    expect(screen.getByRole('link', { name: 'Second' })).toBeInTheDocument();
    expect(screen.getByText('Somebody dies.')).toBeInTheDocument();
    // Still hidden: the other unwatched episode.
    expect(screen.getByRole('link', { name: 'Episode 3' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/spoilers')).length).toBe(asked);
  });

  it('"Show spoilers for this show" is saved and shows every episode', async () => {
    const { calls } = serveMember();
    const user = userEvent.setup();
    renderApp('/show/7?tab=episodes');
    await screen.findByRole('link', { name: 'Episode 2' }, slow);
    await user.click(screen.getByRole('button', { name: spoilerMessages.revealShow }));
    expect(await screen.findByRole('link', { name: 'Third' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Second' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/spoilers/shows/7',
      body: { revealed: true },
    });
    expect(screen.getByRole('button', { name: spoilerMessages.hideShow })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('visitors see everything and nothing is asked about spoilers', async () => {
    const { calls } = mockFetch((call) => catalogue(call) ?? jsonResponse(401));
    renderApp('/show/7?tab=episodes');
    expect(await screen.findByRole('link', { name: 'Second' }, slow)).toBeInTheDocument();
    expect(screen.queryByText(spoilerMessages.summaryHidden)).toBeNull();
    expect(screen.queryByRole('button', { name: spoilerMessages.revealShow })).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/spoilers'))).toBe(false);
  });
});

describe('spoiler protection on the episode page', { timeout: 40_000 }, () => {
  it('says "Episode 2", hides the overview and the next episode’s title until revealed', async () => {
    serveMember();
    const user = userEvent.setup();
    renderApp('/episode/3');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Episode 2' }, slow),
    ).toBeInTheDocument();
    expect(screen.queryByText('Somebody dies.')).toBeNull();
    expect(screen.getByText(spoilerMessages.summaryHidden)).toBeInTheDocument();
    const next = screen.getByRole('link', { name: /Next episode/ });
    expect(next).toHaveTextContent('Next episodeS1E3');
    expect(next).not.toHaveTextContent('Third');
    // The previous (watched) one keeps its title.
    expect(screen.getByRole('link', { name: /Previous episode/ })).toHaveTextContent('Pilot');

    await user.click(screen.getByRole('button', { name: 'Reveal S1E2' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Second' })).toBeInTheDocument();
    expect(screen.getByText('Somebody dies.')).toBeInTheDocument();
  });
});

describe('Settings → Spoilers', { timeout: 40_000 }, () => {
  it('is on by default and switching it off is saved', async () => {
    let protect = true;
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/spoilers/settings' && call.method === 'PUT') {
          protect = (call.body as { protect: boolean }).protect;
          return jsonResponse(200, { protect });
        }
        if (call.url === '/api/spoilers/settings') return jsonResponse(200, { protect });
        return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/settings');
    const box = await screen.findByRole('checkbox', { name: spoilerMessages.settingLabel }, slow);
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(spoilerMessages.settingHint);
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(
      calls.find((c) => c.method === 'PUT' && c.url === '/api/spoilers/settings')?.body,
    ).toEqual({ protect: false });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });
});

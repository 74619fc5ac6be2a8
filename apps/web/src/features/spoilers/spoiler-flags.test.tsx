import type { CalendarEpisode, EpisodeReview } from '@series-tracker/contracts';
import { spoilerMessages } from '@series-tracker/contracts/constants';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CalendarEpisodeRow } from '@/features/calendar/components/calendar-episode';
import { UpNextRow } from '@/features/tracking/components/up-next-row';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp, renderWithProviders } from '@/test/render';
import { buildEpisode, buildShow, page } from '@/test/shows';
import { buildWatchlistItem, signedInHandler } from '@/test/tracking';

/** The machine running these is shared and slow: first loads may take a few seconds. */
const slow = { timeout: 15_000 };

/** Answers the server flags (ADR 181): the web never shows a flagged title. */
describe('spoiler flags from the API', { timeout: 40_000 }, () => {
  it('Up Next says "Episode 2" for a flagged episode and its title otherwise', async () => {
    const entry = (id: number, spoiler: boolean) => ({
      item: buildWatchlistItem({ id, showId: id }, { title: `Show ${id}`, episodes: 3 }),
      episode: {
        id: id * 10,
        seasonNumber: 1,
        episodeNumber: 2,
        title: `Secret ${id}`,
        airDate: '2022-04-01',
        spoiler,
      },
    });
    const entries = [entry(1, true), entry(2, false)];
    mockFetch(
      signedInHandler((call) =>
        call.url.startsWith('/api/me/up-next')
          ? jsonResponse(200, { data: entries, total: 2, limit: 12, offset: 0, hasMore: false })
          : jsonResponse(404),
      ),
    );
    renderWithProviders(<UpNextRow />);
    expect(await screen.findByRole('link', { name: 'S1E2 Episode 2' }, slow)).toHaveAttribute(
      'href',
      '/episode/10',
    );
    expect(screen.queryByText(/Secret 1/)).toBeNull();
    expect(screen.getByRole('link', { name: 'S1E2 Secret 2' })).toBeInTheDocument();
  });

  it('a calendar entry of a flagged episode shows its code alone', () => {
    const base: CalendarEpisode = {
      episodeId: 5,
      showId: 7,
      showTitle: 'Slow Horses',
      posterUrl: null,
      seasonNumber: 2,
      episodeNumber: 5,
      title: 'The Twist',
      date: '2026-11-27',
      time: '21:00',
      airsAt: '2026-11-27T21:00:00Z',
      runtimeMinutes: 45,
      watchStatus: 'watching',
      watched: false,
    };
    const { unmount } = renderWithProviders(
      <CalendarEpisodeRow episode={{ ...base, spoiler: true }} />,
    );
    expect(screen.getByText('S2E5')).toBeInTheDocument();
    expect(screen.queryByText('The Twist')).toBeNull();
    unmount();
    renderWithProviders(<CalendarEpisodeRow episode={{ ...base, spoiler: false }} />);
    expect(screen.getByText('The Twist')).toBeInTheDocument();
  });

  it('reviews of an unwatched episode start collapsed, the member’s own never', async () => {
    const review = (id: number, userId: number, content: string): EpisodeReview => ({
      id,
      episodeId: 40,
      showId: 7,
      userId,
      rating: 8,
      content,
      isSpoiler: false,
      likesCount: 0,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      username: `user${userId}`,
      userDisplayName: null,
      userAvatarUrl: null,
    });
    const episode = {
      ...buildEpisode({ id: 40, showId: 7, episodeNumber: 4, title: 'The Twist' }),
      show: buildShow({ id: 7, title: 'Slow Horses' }),
      retired: false,
    };
    mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/episodes/40') return jsonResponse(200, episode);
        if (call.url === '/api/spoilers/shows/7')
          return jsonResponse(200, {
            showId: 7,
            protect: true,
            revealed: false,
            spoilerEpisodeIds: [40],
          });
        if (call.url.startsWith('/api/episodes/40/reviews'))
          return jsonResponse(
            200,
            page([review(1, 99, 'She was the mole.'), review(2, 1, 'My own notes.')]),
          );
        return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/episode/40');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Episode 4' }, slow),
    ).toBeInTheDocument();
    const warning = await screen.findByText(spoilerMessages.reviewHidden, {}, slow);
    const item = warning.closest('article')!;
    // The signed-in member (id 1) wrote the other one: it is never covered.
    expect(screen.getAllByText(spoilerMessages.reviewHidden)).toHaveLength(1);
    expect(screen.getByText('My own notes.')).toBeVisible();
    expect(within(item).getByTestId('spoiler-blur')).toHaveAttribute('aria-hidden', 'true');
    await user.click(within(item).getByRole('button', { name: 'Reveal spoiler' }));
    expect(within(item).queryByTestId('spoiler-blur')).toBeNull();
    expect(within(item).getByText('She was the mole.')).toBeVisible();
  });
});

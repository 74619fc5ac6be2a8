import type { ActivityItem, PersonalStats, ProfileUser } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { reloadApp, renderApp } from '@/test/render';
import { page } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';
import { joinedLabel } from '@/features/users/components/profile-header';
import { libraryColor } from '@/features/users/components/profile-stats';
import { expectLink } from '@/test/expect-link';

function buildProfile(overrides: Partial<ProfileUser> = {}): ProfileUser {
  return {
    id: 2,
    username: 'bob',
    displayName: 'Bob Viewer',
    avatarUrl: null,
    bio: 'Watches everything twice.',
    isPublic: true,
    createdAt: '2024-03-15T10:00:00.000Z',
    updatedAt: '2024-03-15T10:00:00.000Z',
    followersCount: 4,
    followingCount: 2,
    reviewsCount: 3,
    listsCount: 1,
    showsCount: 12,
    detailsHidden: false,
    ...overrides,
  };
}

const stats: PersonalStats = {
  userId: 2,
  year: null,
  years: [2025],
  episodesWatched: 42,
  plays: 45,
  rewatches: 3,
  minutesWatched: 1800,
  hoursWatched: 30,
  showsCompleted: 3,
  library: {
    total: 12,
    watching: 4,
    completed: 3,
    planToWatch: 5,
    onHold: 0,
    dropped: 0,
    animeWatching: 4,
    animeCompleted: 3,
    mangaReading: 0,
    mangaCompleted: 0,
  },
  byMonth: Array(12).fill(0),
  byWeekday: Array(7).fill(0),
  byHour: Array(24).fill(0),
  heatmap: Array.from({ length: 7 }, () => Array(24).fill(0)),
  timeZone: null,
  topGenres: [{ name: 'Drama', episodes: 42, minutes: 1800 }],
  topNetworks: [{ name: 'HBO', episodes: 42, minutes: 1800 }],
  ratingDistribution: Array(10).fill(0),
  averageScore: null,
  longestStreak: { days: 6, start: '2025-01-01', end: '2025-01-06' },
  reviewsWritten: 3,
  listsCreated: 1,
};

const entry: ActivityItem = {
  id: 1,
  action: 'watched',
  createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  user: { id: 2, username: 'bob', displayName: 'Bob Viewer', avatarUrl: null },
  show: { id: 7, title: 'Severance', coverImageUrl: null },
  episode: null,
  episodeCount: 10,
  rating: null,
  content: null,
  reviewId: null,
  list: null,
  targetUser: null,
};

function profileHandler(
  profile: ProfileUser,
  extra?: (call: RecordedCall) => Response | undefined,
) {
  return (call: RecordedCall) => {
    const url = new URL(call.url, 'http://x');
    const handled = extra?.(call);
    if (handled) return handled;
    if (url.pathname === `/api/users/username/${profile.username}`)
      return jsonResponse(200, { user: profile });
    if (url.pathname.endsWith('/stats')) return jsonResponse(200, stats);
    if (url.pathname.endsWith('/activity')) return jsonResponse(200, page([entry]));
    if (url.pathname.endsWith('/favorites')) return jsonResponse(200, page([]));
    if (url.pathname.endsWith('/season-ratings')) return jsonResponse(200, page([]));
    return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
  };
}

describe('profile page', () => {
  it("shows 'Profile Not Found' for an unknown member", async () => {
    mockFetch(() => jsonResponse(404, { error: 'User not found', code: 'NOT_FOUND' }));
    renderApp('/profile/nobody');
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The user profile you're looking for doesn't exist."),
    ).toBeInTheDocument();
  });

  it("a failed load is an error with Try Again, never 'Profile Not Found'", async () => {
    mockFetch(() => jsonResponse(503, { error: 'The server is busy.', code: 'X' }));
    renderApp('/profile/bob');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load profile');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByText('Profile Not Found')).not.toBeInTheDocument();
  });

  it('shows the header, counters, joined date, live stats, activity and favourites', async () => {
    mockFetch(profileHandler(buildProfile()));
    renderApp('/profile/bob');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bob Viewer' }),
    ).toBeInTheDocument();
    expect(screen.getByText('@bob')).toBeInTheDocument();
    expect(screen.getByText('Watches everything twice.')).toBeInTheDocument();
    expect(screen.getByText('Joined March 2024')).toBeInTheDocument();
    expectLink(screen, '4', '/profile/bob/followers');
    expect(screen.getByText('Total Shows')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Activity',
      'History',
      'Favorites',
      'Lists',
      'Reviews',
    ]);
    expect(await screen.findByText('Plan to Watch')).toBeInTheDocument();
    expect(screen.getByText('On Hold')).toBeInTheDocument();
    expect(await screen.findByText(/watched 10 episodes of/)).toBeInTheDocument();
    expectLink(screen, 'Severance', '/show/7');
    expect(screen.getByText('2 days ago')).toBeInTheDocument();
    expect(await screen.findByText('No favorites yet.')).toBeInTheDocument();
    // Season ratings (issue 29) and the way to the year in review.
    expect(await screen.findByText('No season ratings yet.')).toBeInTheDocument();
    expectLink(screen, '2025 in review', '/profile/bob/year/2025');
    // Signed out: no Follow, no Edit Profile, no message button.
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('profile-charts')).toBeInTheDocument();
  });

  it('a private profile shows name and counters, and says its details are private', async () => {
    const { calls } = mockFetch(
      profileHandler(buildProfile({ isPublic: false, detailsHidden: true, bio: null })),
    );
    renderApp('/profile/bob');
    expect(await screen.findByText('This profile is private')).toBeInTheDocument();
    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/stats') || c.url.includes('/activity'))).toBe(false);
  });

  it('own profile: Edit Profile opens /settings, no Follow', async () => {
    mockFetch(signedInHandler(profileHandler(buildProfile({ id: 1, username: 'alice' }))));
    renderApp('/profile/alice');
    expect(await screen.findByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  it('Follow flips at once with the count and flips back when the server refuses', async () => {
    const answer = deferred<Response>();
    const { calls } = mockFetch(
      signedInHandler(profileHandler(buildProfile({ isFollowing: false }))),
    );
    // Re-route the follow call to the deferred answer.
    const base = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/social/2/follow' && init?.method === 'POST'
        ? (calls.push({
            url: String(input),
            method: 'POST',
            headers: new Headers(),
            body: undefined,
          }),
          answer.promise)
        : base(input, init)) as typeof fetch;
    const user = userEvent.setup();
    renderApp('/profile/bob');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '5' })).toBeInTheDocument();
    answer.resolve(
      jsonResponse(403, { error: 'You cannot follow this member', code: 'FORBIDDEN' }),
    );
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4' })).toBeInTheDocument();
    expect(await screen.findByText(/You cannot follow this member/)).toBeInTheDocument();
    expectLink(screen, 'Compare with me', '/compare?users=alice,bob');
  });

  it('Block asks first, then blocks; a blocked member shows Unblock and no Follow', async () => {
    let blocked = false;
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/users/2/block' && call.method === 'POST') {
          blocked = true;
          return jsonResponse(200, { isBlocked: true });
        }
        return profileHandler(buildProfile({ isFollowing: true, isBlocked: blocked }))(call);
      }),
    );
    const user = userEvent.setup();
    renderApp('/profile/bob');
    // Block sits in the profile's More menu (issue 22), not beside Follow.
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    // Report is in the same menu (ADR 151): it opens the report dialog for this profile.
    await user.click(await screen.findByRole('button', { name: 'More actions for Bob Viewer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const report = await screen.findByRole('dialog', { name: 'Report this profile' });
    await user.click(within(report).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'More actions for Bob Viewer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Bob Viewer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/users/2/block')).toHaveLength(1),
    );
    await user.click(await screen.findByRole('button', { name: 'More actions for Bob Viewer' }));
    expect(await screen.findByRole('menuitem', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/users/2/block')).toHaveLength(1);
  });

  it('the Reviews and Lists tabs show the member’s own, from their endpoints', async () => {
    const review = {
      id: 9,
      title: 'Worth every minute',
      content: 'A long and careful review of the show.',
      rating: 8.5,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      userId: 2,
      user: { username: 'bob', displayName: 'Bob Viewer', avatarUrl: null },
      showId: 7,
      show: { id: 7, title: 'Severance', coverImageUrl: null },
      showName: 'Severance',
      imageUrl: null,
      likesCount: 3,
      commentsCount: 1,
      isSpoiler: false,
      isPublic: true,
    };
    const { calls } = mockFetch(
      profileHandler(buildProfile(), (call) => {
        if (call.url.startsWith('/api/users/2/reviews')) return jsonResponse(200, page([review]));
        if (call.url.startsWith('/api/users/2/lists')) return jsonResponse(200, page([]));
        return undefined;
      }),
    );
    const user = userEvent.setup();
    renderApp('/profile/bob?tab=reviews');
    expect(await screen.findByRole('heading', { name: 'Worth every minute' })).toBeInTheDocument();
    expect(screen.getByText('8.5/10')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Lists' }));
    expect(await screen.findByText('No lists yet.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/users/2/lists'))).toBe(true);
  });

  it('keeps the open tab in the URL: a reload opens it again, Back returns to the previous one (issue 32)', async () => {
    mockFetch(
      profileHandler(buildProfile(), (call) =>
        call.url.startsWith('/api/users/2/reviews') || call.url.startsWith('/api/users/2/lists')
          ? jsonResponse(200, page([]))
          : undefined,
      ),
    );
    const user = userEvent.setup();
    const app = renderApp('/profile/bob');
    await user.click(await screen.findByRole('tab', { name: 'Lists' }));
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(app.router.state.location.search).toBe('?tab=reviews');
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    await app.router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Lists' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(app.router.state.location.search).toBe('?tab=lists');

    reloadApp(app);
    expect(await screen.findByRole('tab', { name: 'Lists' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('No lists yet.')).toBeInTheDocument();
  });

  it('joined date and library colours', () => {
    expect(joinedLabel('2025-11-02T00:00:00Z')).toBe('November 2025');
    expect(joinedLabel('not a date')).toBe('Unknown');
    expect(joinedLabel(null)).toBe('Unknown');
    expect(libraryColor(201)).toContain('emerald');
    expect(libraryColor(101)).toContain('sky');
    expect(libraryColor(51)).toContain('orange');
    expect(libraryColor(50)).toContain('slate');
  });
});

describe('home recent activity', () => {
  it('shows live entries and View more to the full feed', async () => {
    mockFetch((call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/activity/feed')
        return jsonResponse(200, {
          scope: 'community',
          data: [entry],
          limit: 5,
          offset: 0,
          hasMore: false,
        });
      return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const section = (await screen.findByRole('heading', { name: 'Recent Activity' })).closest(
      'section',
    )!;
    expect(await within(section).findByRole('link', { name: 'Bob Viewer' })).toHaveAttribute(
      'href',
      '/profile/bob',
    );
    await user.click(within(section).getByRole('link', { name: 'View more' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Recent Activity' }),
    ).toBeInTheDocument();
  });
});

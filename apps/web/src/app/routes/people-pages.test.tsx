import type { CompareUsers, Person, ProfileUser } from '@series-tracker/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { page } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';
import { expectLink } from '@/test/expect-link';

const bob: ProfileUser = {
  id: 2,
  username: 'bob',
  displayName: 'Bob Viewer',
  avatarUrl: null,
  bio: null,
  isPublic: true,
  createdAt: '2024-03-15T10:00:00.000Z',
  updatedAt: '2024-03-15T10:00:00.000Z',
  followersCount: 1,
  followingCount: 0,
  reviewsCount: 0,
  listsCount: 0,
  showsCount: 0,
  detailsHidden: false,
};

const carol: Person = {
  id: 3,
  username: 'carol',
  displayName: 'Carol',
  avatarUrl: null,
  bio: null,
  isPublic: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  followersCount: 7,
  isFollowing: false,
};

describe('followers page', () => {
  it('a private profile shows a private notice, never asking for its followers', async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/users/username/bob')
          return jsonResponse(200, { user: { ...bob, isPublic: false, detailsHidden: true } });
        return jsonResponse(403, { error: 'This profile is private', code: 'FORBIDDEN' });
      }),
    );
    renderApp('/profile/bob/following');
    expect(await screen.findByText('This profile is private')).toBeInTheDocument();
    expect(
      screen.getByText('Bob Viewer keeps who they follow and who follows them to themselves.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/social/2/'))).toBe(false);
  });

  it('lists followers with Follow; the button waits with Loading... while the request runs', async () => {
    const answer = deferred<Response>();
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/users/username/bob') return jsonResponse(200, { user: bob });
        if (call.url.startsWith('/api/social/2/followers')) return jsonResponse(200, page([carol]));
        if (call.url === '/api/social/3/follow' && call.method === 'POST') return answer.promise;
        return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/profile/bob/followers');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'People following Bob Viewer' }),
    ).toBeInTheDocument();
    const row = (await screen.findByText('Carol')).closest('div')!;
    expect(within(row.parentElement!).getByText(/7 followers/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Follow Carol' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer.resolve(
      jsonResponse(200, {
        followersCount: 8,
        followingCount: 0,
        isFollowing: true,
        isFollowedByCurrentUser: true,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Unfollow Carol' })).toHaveTextContent(
      'Following',
    );
    expect(calls.filter((c) => c.url === '/api/social/3/follow')).toHaveLength(1);
  });

  it('never shows Follow on the viewer’s own row', async () => {
    mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/users/username/bob') return jsonResponse(200, { user: bob });
        if (call.url.startsWith('/api/social/2/followers'))
          return jsonResponse(
            200,
            page([{ ...carol, id: 1, username: 'alice', displayName: 'Alice' }]),
          );
        return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
      }),
    );
    renderApp('/profile/bob/followers');
    expect(await screen.findByText('Alice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });
});

describe('compare page', () => {
  const result: CompareUsers = {
    users: [
      {
        id: 1,
        username: 'alice',
        displayName: 'Alice',
        avatarUrl: null,
        showsCount: 3,
        episodesWatched: 20,
        hoursWatched: 15,
        averageScore: 8,
        topGenres: ['Drama'],
      },
      {
        id: 2,
        username: 'bob',
        displayName: 'Bob Viewer',
        avatarUrl: null,
        showsCount: 2,
        episodesWatched: 5,
        hoursWatched: 4,
        averageScore: 7,
        topGenres: ['Drama'],
      },
    ],
    showsInCommon: [{ id: 7, title: 'Severance', coverImageUrl: null, scores: [9, 7] }],
    showsInCommonCount: 1,
    ratingAgreement: 78,
    ratedInCommon: 1,
    sharedGenres: ['Drama'],
  };

  it('asks the server to compare and shows agreement, shared genres and named scores', async () => {
    const { calls } = mockFetch(
      signedInHandler((call) =>
        call.url === '/api/stats/compare-users'
          ? jsonResponse(200, result)
          : jsonResponse(404, { error: 'x', code: 'NOT_FOUND' }),
      ),
    );
    renderApp('/compare?users=alice,bob');
    expect(await screen.findByText('78%')).toBeInTheDocument();
    expect(screen.getByText('from 1 show you all scored')).toBeInTheDocument();
    expectLink(screen, 'Severance', '/show/7');
    expect(screen.getByText('9/10')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/stats/compare-users')!.body).toEqual({
      usernames: ['alice', 'bob'],
    });
  });

  it('a private profile is an error with its message, not an empty result', async () => {
    mockFetch(
      signedInHandler(() =>
        jsonResponse(403, { error: 'This profile is private', code: 'FORBIDDEN' }),
      ),
    );
    renderApp('/compare?users=alice,bob');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This profile is private');
  });

  it('signed out: asks to sign in instead of calling', async () => {
    const { calls } = mockFetch(() => jsonResponse(401, { error: 'x', code: 'UNAUTHORIZED' }));
    renderApp('/compare?users=alice,bob');
    expect(await screen.findByRole('heading', { name: 'Sign in to compare' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/stats/compare-users')).toBe(false);
  });
});

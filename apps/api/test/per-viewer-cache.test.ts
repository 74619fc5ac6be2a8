import { describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from './build-test-app';
import { bearer, buildShowWithEpisodes, registerUser } from './factories';
import { caller } from './http';

/**
 * ADR 091: a signed-in member's home feed and the profiles they open are kept per viewer, and
 * a token's signed-in state is kept in memory. Each case first makes sure the answer is held
 * (x-cache: hit), then changes something through the API as a member would, and checks that
 * the very next answer shows the change.
 */
const t = useTestApp({ responseCache: true, sessionCacheSeconds: 30 });

const call = caller(() => t.app);
const follow = (token: string, id: number) =>
  call(token, { method: 'POST', url: `/api/social/${id}/follow` });

/** Reads twice: the second read must come from the cache, so a later change has to drop it. */
async function held(token: string | null, url: string) {
  await call(token, { url });
  const res = await call(token, { url });
  expect(res.headers['x-cache']).toBe('hit');
  return res;
}

describe('home feed, kept per viewer', () => {
  it('shows a followed member’s new activity, unfollows and blocks at once; never another viewer’s feed', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    await follow(b.token, a.user.id);

    const empty = await held(b.token, '/api/activity/feed');
    expect(empty.json().data).toEqual([]);
    expect(empty.headers['cache-control']).toBe('private, no-cache');
    expect(empty.headers.vary).toContain('authorization');
    // C follows nobody: its feed is its own, not B's held answer.
    await held(c.token, '/api/activity/feed');

    await call(a.token, {
      method: 'POST',
      url: `/api/episodes/${episodes[0]!.id}/progress`,
      payload: {},
    });
    const after = await call(b.token, { url: '/api/activity/feed' });
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().data).toHaveLength(1);
    expect(after.json().data[0]).toMatchObject({ action: 'watched', user: { id: a.user.id } });
    expect((await call(c.token, { url: '/api/activity/feed' })).json().data).toEqual([]);

    // A second episode grows the same entry (an update, not an insert): the count moves.
    await held(b.token, '/api/activity/feed');
    await call(a.token, {
      method: 'POST',
      url: `/api/episodes/${episodes[1]!.id}/progress`,
      payload: {},
    });
    expect((await call(b.token, { url: '/api/activity/feed' })).json().data[0].episodeCount).toBe(
      2,
    );

    // C starts following A: C's feed has A's entry at once.
    await held(c.token, '/api/activity/feed');
    await follow(c.token, a.user.id);
    const cFeed = (await call(c.token, { url: '/api/activity/feed' })).json().data;
    expect(cFeed.map((i: { user: { id: number } }) => i.user.id)).toContain(a.user.id);

    // A blocks B: B's held feed loses A's entries.
    await held(b.token, '/api/activity/feed');
    const block = await call(a.token, { method: 'POST', url: `/api/users/${b.user.id}/block` });
    expect(block.statusCode).toBe(200);
    expect((await call(b.token, { url: '/api/activity/feed' })).json().data).toEqual([]);
  });

  it('a followed member’s new name and privacy reach the held feed', async () => {
    const a = await registerUser(t.app, { displayName: 'Before' });
    const b = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 1);
    await follow(b.token, a.user.id);
    await call(a.token, {
      method: 'POST',
      url: `/api/episodes/${episodes[0]!.id}/progress`,
      payload: {},
    });
    expect((await held(b.token, '/api/activity/feed')).json().data[0].user.displayName).toBe(
      'Before',
    );
    await call(a.token, { method: 'PUT', url: '/api/users/me', payload: { displayName: 'After' } });
    expect(
      (await call(b.token, { url: '/api/activity/feed' })).json().data[0].user.displayName,
    ).toBe('After');

    await held(b.token, '/api/activity/feed');
    await call(a.token, { method: 'PUT', url: '/api/users/me', payload: { isPrivate: true } });
    expect((await call(b.token, { url: '/api/activity/feed' })).json().data).toEqual([]);
  });
});

describe('profiles, kept per viewer', () => {
  it('counts and follow state move at once, and one viewer’s state never reaches another', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    const url = `/api/users/username/${a.user.username}`;
    const before = (await held(b.token, url)).json().user;
    expect(before).toMatchObject({ followersCount: 0, isFollowing: false, showsCount: 0 });
    await held(c.token, url);
    await held(null, url);

    await follow(b.token, a.user.id);
    expect((await call(b.token, { url })).json().user).toMatchObject({
      followersCount: 1,
      isFollowing: true,
    });
    // C's answer was held too: the count moved for it, the follow state did not.
    expect((await call(c.token, { url })).json().user).toMatchObject({
      followersCount: 1,
      isFollowing: false,
    });
    const anon = (await call(null, { url })).json().user;
    expect(anon.followersCount).toBe(1);
    expect(anon).not.toHaveProperty('isFollowing');

    const { show } = await buildShowWithEpisodes(t.db, 1, 1);
    await held(b.token, url);
    await call(a.token, {
      method: 'POST',
      url: '/api/user-content-status',
      payload: { showId: show.id },
    });
    expect((await call(b.token, { url })).json().user.showsCount).toBe(1);

    await held(c.token, url);
    await call(a.token, { method: 'PUT', url: '/api/users/me', payload: { isPrivate: true } });
    expect((await call(c.token, { url })).json().user.detailsHidden).toBe(true);

    await held(b.token, url);
    await call(b.token, { method: 'POST', url: `/api/users/${a.user.id}/block` });
    expect((await call(b.token, { url })).json().user).toMatchObject({
      isBlocked: true,
      isFollowing: false,
      followersCount: 0,
    });
  });
});

describe('signed-in state kept in memory', () => {
  const login = async (identifier: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier, password },
      })
    ).json().token as string;

  it('a revoked or signed-out token stops working on its very next request', async () => {
    const u = await registerUser(t.app);
    const other = await login(u.user.email, u.password);
    expect((await call(other, { url: '/api/auth/me' })).statusCode).toBe(200);
    const revoke = await call(u.token, { method: 'DELETE', url: '/api/auth/sessions' });
    expect(revoke.statusCode).toBeLessThan(300);
    expect((await call(other, { url: '/api/auth/me' })).statusCode).toBe(401);
    // The held feed is not a way around it: a revoked token is answered as signed out.
    const feed = await call(other, { url: '/api/activity/feed' });
    expect(feed.json().scope).toBe('community');

    expect((await call(u.token, { url: '/api/auth/me' })).statusCode).toBe(200);
    await call(u.token, { method: 'POST', url: '/api/auth/logout' });
    expect((await call(u.token, { url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('a new password signs the other sessions out at once; account edits show in /auth/me at once', async () => {
    const u = await registerUser(t.app);
    const other = await login(u.user.email, u.password);
    expect((await call(other, { url: '/api/auth/me' })).statusCode).toBe(200);
    const change = await call(u.token, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: u.password, newPassword: 'another long password' },
    });
    expect(change.statusCode).toBeLessThan(300);
    expect((await call(other, { url: '/api/auth/me' })).statusCode).toBe(401);

    expect((await call(u.token, { url: '/api/auth/me' })).json().user.displayName).not.toBe(
      'Renamed',
    );
    await call(u.token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { displayName: 'Renamed' },
    });
    expect((await call(u.token, { url: '/api/auth/me' })).json().user.displayName).toBe('Renamed');
  });

  it('stays on with REDIS_URL (invalidations travel between servers), and can be turned off', async () => {
    const { loadConfig } = await import('../src/config');
    expect(loadConfig({})).toMatchObject({ sessionCacheSeconds: 30, viewerCache: true });
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toMatchObject({
      sessionCacheSeconds: 30,
      viewerCache: true,
    });
    expect(
      loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', VIEWER_CACHE: 'off' }).viewerCache,
    ).toBe(false);
    expect(
      loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', SESSION_CACHE_SECONDS: '10' })
        .sessionCacheSeconds,
    ).toBe(10);
  });
});

describe('VIEWER_CACHE=off: no per-viewer entries', () => {
  it('answers a signed-in feed fresh every time and still keeps the anonymous one', async () => {
    const multi = await buildTestApp({ viewerCache: false, sessionCacheSeconds: 0 });
    try {
      const a = await registerUser(multi.app);
      const b = await registerUser(multi.app);
      await multi.app.inject({
        method: 'POST',
        url: `/api/social/${a.user.id}/follow`,
        headers: bearer(b.token),
      });
      const url = `/api/users/username/${a.user.username}`;
      for (let i = 0; i < 2; i++) {
        const res = await multi.app.inject({ url, headers: bearer(b.token) });
        expect(res.headers['x-cache']).toBeUndefined();
        expect(res.json().user.isFollowing).toBe(true);
      }
      await multi.app.inject({ url });
      expect((await multi.app.inject({ url })).headers['x-cache']).toBe('hit');
    } finally {
      await multi.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { integrationMessages } from '@series-tracker/contracts';
import { useTestApp } from './build-test-app';
import { caller, markEpisode } from './http';
import { buildShowWithEpisodes, registerUser } from './factories';

/**
 * Issue 32: a member's own history, Up Next and statistics are kept per viewer (ADR 091) like
 * profiles and feeds. Each case first makes sure the answer is held (x-cache: hit), then
 * changes something through the API as a member would, and checks that the very next answer
 * shows it: a held page must never hide a mark, a deleted play or a new setting.
 */
const t = useTestApp({ responseCache: true, sessionCacheSeconds: 30 });

const call = caller(() => t.app);
const mark = (token: string, episodeId: number) => markEpisode(t.app, token, episodeId);

/** Reads twice: the second read must come from the cache, so a later change has to drop it. */
async function held(token: string | null, url: string) {
  await call(token, { url });
  const res = await call(token, { url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-cache']).toBe('hit');
  return res;
}

describe('my history, Up Next and statistics, kept per viewer', () => {
  it('a mark, a deleted play and an unwatch show on the next read; never another member’s page', async () => {
    const a = await registerUser(t.app);
    const c = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 3);

    expect((await held(a.token, '/api/users/me/history')).json().data).toEqual([]);
    expect((await held(a.token, '/api/me/up-next')).json().data).toEqual([]);
    expect((await held(a.token, '/api/stats/me')).json().plays).toBe(0);
    await held(c.token, '/api/users/me/history');

    expect((await mark(a.token, episodes[0]!.id)).statusCode).toBe(200);
    const history = await call(a.token, { url: '/api/users/me/history' });
    expect(history.headers['x-cache']).toBe('miss');
    expect(history.headers['cache-control']).toBe('no-store');
    expect(history.json().data).toHaveLength(1);
    const upNext = (await call(a.token, { url: '/api/me/up-next' })).json().data;
    expect(upNext[0].episode.id).toBe(episodes[1]!.id);
    expect((await call(a.token, { url: '/api/stats/me' })).json().plays).toBe(1);
    // C's held page is C's: A's mark is not in it, and it was not dropped by A's change.
    const other = await call(c.token, { url: '/api/users/me/history' });
    expect(other.headers['x-cache']).toBe('hit');
    expect(other.json().data).toEqual([]);

    // Deleting the play from the diary.
    const playId = (await held(a.token, '/api/users/me/history')).json().data[0].id as number;
    expect(
      (await call(a.token, { method: 'DELETE', url: `/api/plays/${playId}` })).statusCode,
    ).toBe(200);
    expect((await call(a.token, { url: '/api/users/me/history' })).json().data).toEqual([]);
  });

  it('a play of a show no longer on the watchlist, deleted from the diary, leaves it at once', async () => {
    const a = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 2);
    await mark(a.token, episodes[0]!.id);
    const item = (await call(a.token, { url: '/api/user-content-status' })).json().data[0];
    const removed = await call(a.token, {
      method: 'DELETE',
      url: `/api/user-content-status/${item.id}`,
    });
    expect(removed.statusCode).toBeLessThan(300);
    // The diary keeps the play of a show taken off the watchlist.
    const plays = (await held(a.token, '/api/users/me/history')).json().data;
    expect(plays).toHaveLength(1);
    await call(a.token, { method: 'DELETE', url: `/api/plays/${plays[0].id}` });
    expect((await call(a.token, { url: '/api/users/me/history' })).json().data).toEqual([]);
  });

  it('a new time zone moves held statistics; spoiler protection moves a held Up Next', async () => {
    const a = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    await call(a.token, {
      method: 'POST',
      url: `/api/episodes/${episodes[0]!.id}/plays`,
      payload: { watchedAt: '2024-03-05T23:30:00Z' },
    });
    const utc = (await held(a.token, '/api/stats/me')).json();
    expect(utc.byHour[23]).toBe(1);
    const saved = await call(a.token, {
      method: 'PUT',
      url: '/api/calendar/settings',
      payload: { timeZone: 'Asia/Tokyo' },
    });
    expect(saved.statusCode).toBe(200);
    const tokyo = (await call(a.token, { url: '/api/stats/me' })).json();
    expect(tokyo.byHour[8]).toBe(1);
    expect(tokyo.byHour[23]).toBe(0);

    const before = (await held(a.token, '/api/me/up-next')).json().data[0].episode;
    expect(before.spoiler).toBe(true);
    await call(a.token, {
      method: 'PUT',
      url: '/api/spoilers/settings',
      payload: { protect: false },
    });
    expect((await call(a.token, { url: '/api/me/up-next' })).json().data[0].episode.spoiler).toBe(
      false,
    );
  });

  it('signed out: 401, nothing held; an API token without read is refused, not served', async () => {
    const a = await registerUser(t.app);
    await held(a.token, '/api/users/me/history');
    for (const url of ['/api/users/me/history', '/api/me/up-next', '/api/stats/me']) {
      const res = await call(null, { url });
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-cache']).toBeUndefined();
    }
    const bad = await call('not-a-token', { url: '/api/users/me/history' });
    expect(bad.statusCode).toBe(401);

    // The member's own held page is not served to their API token that may not read.
    const created = await call(a.token, {
      method: 'POST',
      url: '/api/api-tokens',
      payload: { name: 'writer', scopes: ['write:tracking'] },
    });
    expect(created.statusCode).toBe(201);
    const writer = created.json().token as string;
    const refused = await call(writer, { url: '/api/users/me/history' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(integrationMessages.scopeRead);
    expect(refused.headers['x-cache']).toBeUndefined();
  });
});

describe('a member’s history and statistics as others see them', () => {
  it('follow a mark at once, and a profile made private stops a held page', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 2);
    const url = `/api/users/${a.user.id}/history`;
    expect((await held(b.token, url)).json().data).toEqual([]);
    expect((await held(null, url)).json().data).toEqual([]);
    await held(b.token, `/api/stats/users/${a.user.id}`);

    await mark(a.token, episodes[0]!.id);
    expect((await call(b.token, { url })).json().data).toHaveLength(1);
    expect((await call(null, { url })).json().data).toHaveLength(1);
    expect((await call(b.token, { url: `/api/stats/users/${a.user.id}` })).json().plays).toBe(1);

    await held(b.token, url);
    await held(null, url);
    await call(a.token, { method: 'PUT', url: '/api/users/me', payload: { isPrivate: true } });
    expect((await call(b.token, { url })).statusCode).toBe(403);
    expect((await call(null, { url })).statusCode).toBe(403);
  });
});

import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShowRow } from '../src/db/types';
import { pickEncoding } from '../src/plugins/response-cache';
import { buildTestApp, type TestApp } from './build-test-app';
import { caller } from './http';
import { buildEpisode, buildShow, registerUser } from './factories';

let t: TestApp;
let a: ShowRow;
let b: ShowRow;
const longSynopsis = 'A long and winding synopsis about people who watch television. '.repeat(60);

beforeAll(async () => {
  t = await buildTestApp();
  a = await buildShow(t.db, { title: 'Cache Show A', synopsis: longSynopsis });
  b = await buildShow(t.db, { title: 'Cache Show B', synopsis: longSynopsis });
  for (let n = 1; n <= 3; n++) await buildEpisode(t.db, a.id, { episode_number: n });
}, 60_000);
afterAll(() => t.close());

const call = caller(() => t.app);

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

const decode = (body: Buffer, encoding: unknown) =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(body).toString()
    : encoding === 'gzip'
      ? zlib.gunzipSync(body).toString()
      : body.toString();

describe('compression of API JSON', () => {
  it('compresses a large cached read for clients that accept it, on the miss and on hits', async () => {
    t.app.responseCache.clear();
    const plain = await get(`/api/shows/${a.id}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
    ] as const) {
      const res = await get(`/api/shows/${a.id}`, { 'accept-encoding': accept });
      expect(res.headers['x-cache']).toBe('hit');
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(res.rawPayload, expected)).toBe(plain.body);
    }

    // A miss that asks for brotli gets it too.
    t.app.responseCache.clear();
    const miss = await get(`/api/shows/${a.id}`, { 'accept-encoding': 'br' });
    expect(miss.headers['x-cache']).toBe('miss');
    expect(miss.headers['content-encoding']).toBe('br');
    expect(decode(miss.rawPayload, 'br')).toBe(plain.body);
  });

  it('compresses large answers of routes that are not cached, and leaves small ones alone', async () => {
    const large = await get('/api/recommendations?limit=2', { 'accept-encoding': 'gzip' });
    expect(large.statusCode).toBe(200);
    expect(large.headers['x-cache']).toBeUndefined();
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(large.rawPayload, 'gzip')).data.length).toBe(2);
    const none = await get('/api/recommendations?limit=2');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().data.length).toBe(2);

    const small = await get('/api/health', { 'accept-encoding': 'gzip, br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding as RFC 9110 says', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('deflate, gzip;q=0.5')).toBe('gzip');
  });
});

describe('ETag revalidation', () => {
  it('answers 304 to a matching If-None-Match, from memory and after the entry is gone', async () => {
    t.app.responseCache.clear();
    const first = await get(`/api/shows/${b.id}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    const hit = await get(`/api/shows/${b.id}`, { 'if-none-match': etag });
    expect(hit.statusCode).toBe(304);
    expect(hit.body).toBe('');
    expect(hit.headers.etag).toBe(etag);

    t.app.responseCache.clear();
    const recomputed = await get(`/api/shows/${b.id}`, { 'if-none-match': `W/"other", ${etag}` });
    expect(recomputed.statusCode).toBe(304);
    expect(recomputed.body).toBe('');

    const stale = await get(`/api/shows/${b.id}`, { 'if-none-match': 'W/"not-it"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });
});

describe('single flight', () => {
  it('runs the handler once for concurrent identical cold requests', async () => {
    t.app.responseCache.clear();
    const detail = vi.spyOn(t.app.services.shows, 'detail');
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => get(`/api/shows/${a.id}`)),
      );
      expect(detail).toHaveBeenCalledTimes(1);
      expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([200]));
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      expect(answers.filter((r) => r.headers['x-cache'] === 'miss')).toHaveLength(1);
    } finally {
      detail.mockRestore();
    }
  });

  it('lets waiting requests run the handler themselves when the first one fails', async () => {
    t.app.responseCache.clear();
    const detail = vi
      .spyOn(t.app.services.shows, 'detail')
      .mockRejectedValueOnce(new Error('database went away'));
    try {
      const answers = await Promise.all(Array.from({ length: 4 }, () => get(`/api/shows/${b.id}`)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 500]);
      // One failed run, then one run for the waiters (one of them leads, the others wait again).
      expect(detail).toHaveBeenCalledTimes(2);
    } finally {
      detail.mockRestore();
    }
  });
});

describe('invalidation by domain event, by key', () => {
  it('tracking a show shows its new member count on its cached page at once', async () => {
    const show = await buildShow(t.db, { title: 'Freshly Tracked' });
    const before = await get(`/api/shows/${show.id}`);
    expect(before.json().totalUsers).toBe(0);
    expect((await get(`/api/shows/${show.id}`)).headers['x-cache']).toBe('hit');

    const u = await registerUser(t.app);
    const added = await call(u.token, {
      method: 'POST',
      url: '/api/user-content-status',
      payload: { showId: show.id, status: 'watching' },
    });
    expect(added.statusCode).toBe(201);

    const after = await get(`/api/shows/${show.id}`);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().totalUsers).toBe(1);
  });

  it("a deleted account's watchlist leaves cached show pages at once", async () => {
    const show = await buildShow(t.db, { title: 'Tracked Then Gone' });
    const u = await registerUser(t.app);
    await call(u.token, {
      method: 'POST',
      url: '/api/user-content-status',
      payload: { showId: show.id, status: 'watching' },
    });
    expect((await get(`/api/shows/${show.id}`)).json().totalUsers).toBe(1);
    expect((await get(`/api/shows/${show.id}`)).headers['x-cache']).toBe('hit');

    const deleted = await call(u.token, {
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: u.password },
    });
    expect(deleted.statusCode).toBeLessThan(300);

    const after = await get(`/api/shows/${show.id}`);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().totalUsers).toBe(0);
  });

  it("a catalogue refresh of show A drops A's page and episodes, not show B's", async () => {
    t.app.responseCache.clear();
    for (const url of [`/api/shows/${a.id}`, `/api/episodes/show/${a.id}`, `/api/shows/${b.id}`])
      await get(url);
    const episodeId = (await get(`/api/episodes/show/${a.id}`)).json().data[0].id as number;
    await get(`/api/episodes/${episodeId}`);
    expect((await get(`/api/episodes/${episodeId}`)).headers['x-cache']).toBe('hit');

    await t.db.kysely
      .updateTable('shows')
      .set({ title: 'Cache Show A, renamed' })
      .where('id', '=', a.id)
      .execute();
    await t.app.services.events.emit('catalog.refreshed', { showIds: [a.id], source: 'tvmaze' });

    const pageA = await get(`/api/shows/${a.id}`);
    expect(pageA.headers['x-cache']).toBe('miss');
    expect(pageA.json().title).toBe('Cache Show A, renamed');
    expect((await get(`/api/episodes/show/${a.id}`)).headers['x-cache']).toBe('miss');
    const episode = await get(`/api/episodes/${episodeId}`);
    expect(episode.headers['x-cache']).toBe('miss');
    expect(episode.json().show.title).toBe('Cache Show A, renamed');
    expect((await get(`/api/shows/${b.id}`)).headers['x-cache']).toBe('hit');
  });

  it('does not keep an answer computed before an invalidation that landed while it ran', async () => {
    t.app.responseCache.clear();
    const original = t.app.services.shows.detail;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const detail = vi.spyOn(t.app.services.shows, 'detail').mockImplementationOnce(async (id) => {
      const answer = await original(id);
      await gate;
      return answer;
    });
    try {
      const slow = get(`/api/shows/${b.id}`);
      await vi.waitFor(() => expect(detail).toHaveBeenCalledTimes(1));
      await t.app.services.events.emit('show.counters.changed', { showIds: [b.id] });
      release();
      expect((await slow).statusCode).toBe(200);
      expect((await get(`/api/shows/${b.id}`)).headers['x-cache']).toBe('miss');
    } finally {
      detail.mockRestore();
    }
  });
});

describe('platform figures', () => {
  const stats = async () => {
    const res = await get('/api/stats/global');
    expect(res.statusCode).toBe(200);
    return res.json() as { totalUsers: number; totalFavorites: number; totalShows: number };
  };

  it('are served from memory and stay exact after registrations and favourites', async () => {
    const start = await stats();
    expect((await get('/api/stats/global')).headers['x-cache']).toBe('hit');

    const u = await registerUser(t.app);
    const afterJoin = await stats();
    expect(afterJoin.totalUsers).toBe(start.totalUsers + 1);

    const fav = await call(u.token, {
      method: 'POST',
      url: '/api/favorites',
      payload: { showId: b.id },
    });
    expect(fav.statusCode).toBe(201);
    expect((await stats()).totalFavorites).toBe(start.totalFavorites + 1);

    const unfav = await call(u.token, { method: 'DELETE', url: `/api/favorites/${b.id}` });
    expect(unfav.statusCode).toBe(204);
    expect((await stats()).totalFavorites).toBe(start.totalFavorites);

    const imported = await buildShow(t.db, { title: 'Imported Later' });
    await t.app.services.events.emit('catalog.refreshed', {
      showIds: [imported.id],
      source: 'import',
    });
    expect((await stats()).totalShows).toBe(start.totalShows + 1);
  });
});

describe('global search', () => {
  it('is cached, and a new member appears in it at once', async () => {
    const q = 'zebracorn';
    const first = await get(`/api/search?q=${q}`);
    expect(first.json().users).toEqual([]);
    expect((await get(`/api/search?q=${q}`)).headers['x-cache']).toBe('hit');
    await registerUser(t.app, { username: `${q}_fan` });
    const again = await get(`/api/search?q=${q}`);
    expect(again.json().users.map((u: { username: string }) => u.username)).toEqual([`${q}_fan`]);
  });
});

import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Trakt from 'trakt.tv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { buildShowWithEpisodes, connectTraktApp, registerUser } from '../../../test/factories';

/**
 * The Trakt sync calls (issue 27, ADR 171) driven by the real npm Trakt client (`trakt.tv`)
 * against the server listening on loopback, the way a Kodi addon or a script talks to Trakt:
 * only the base URL changes. Every write is checked through the site's own /api routes.
 */
let t: TestApp;
let base: string;
let apps = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/trakt`;
});
afterAll(() => t.close());

const call = caller(() => t.app);

/** A member with an app connected over Trakt's OAuth, and the Trakt client holding its token. */
async function member() {
  const { user, token } = await registerUser(t.app);
  const clientId = `sync-app-${++apps}`;
  const grant = await connectTraktApp(t.app, user.id, clientId);
  const trakt = new Trakt({ client_id: clientId, client_secret: 'secret', api_url: base });
  await trakt.import_token({
    access_token: grant.access_token,
    refresh_token: grant.refresh_token,
    expires: Date.now() + 3_600_000,
  });
  const web = async (url: string) => {
    const res = await call(token, { url });
    return { status: res.statusCode, body: res.json() };
  };
  return { user, token, grant, trakt, web };
}

/** A raw call, for what the client hides (status codes, headers). */
const raw = (accessToken: string, url: string, body?: unknown) =>
  fetch(`${base}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      'trakt-api-version': '2',
      'trakt-api-key': 'raw',
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

const pause = () => new Promise((r) => setTimeout(r, 5));
const movie = { title: 'Batman Begins', year: 2005, ids: { imdb: 'tt0372784' } };

describe('Trakt sync: history and watched', () => {
  it('adds plays by show/season/episode number and by episode id, answers them back, once', async () => {
    const m = await member();
    const { show, episodes } = await buildShowWithEpisodes(t.db, 2, 3);
    const body = {
      shows: [
        {
          title: show.title,
          ids: { trakt: show.id },
          seasons: [
            {
              number: 1,
              episodes: [
                { number: 1, watched_at: '2024-01-01T20:00:00.000Z' },
                { number: 2, watched_at: '2024-01-02T20:00:00.000Z' },
              ],
            },
          ],
        },
      ],
      episodes: [
        { ids: { trakt: episodes[2]!.id }, watched_at: '2024-01-03T20:00:00.000Z' },
        { ids: { trakt: 2_000_000_000 } },
      ],
      movies: [movie],
    };
    const added = await m.trakt.sync.history.add(body);
    expect(added.added).toEqual({ movies: 0, episodes: 3 });
    expect(added.not_found.movies).toEqual([movie]);
    expect(added.not_found.episodes).toEqual([{ ids: { trakt: 2_000_000_000 } }]);
    expect(added.not_found.shows).toEqual([]);
    // The same plays again: nothing written twice (Trakt's add is idempotent per instant).
    expect((await m.trakt.sync.history.add(body)).added.episodes).toBe(0);

    // The web sees it: progress, status and the diary.
    const progress = await m.web(`/api/episodes/show/${show.id}/progress`);
    expect(progress.body.watchedCount).toBe(3);
    expect(progress.body.item.status).toBe('watching');
    expect((await m.web('/api/users/me/history')).body.total).toBe(3);

    const watched = await m.trakt.sync.watched({ type: 'shows' });
    expect(watched).toHaveLength(1);
    expect(watched[0]).toMatchObject({
      plays: 3,
      last_watched_at: '2024-01-03T20:00:00.000Z',
      reset_at: null,
      show: { title: show.title, ids: { trakt: show.id } },
      seasons: [
        {
          number: 1,
          episodes: [
            { number: 1, plays: 1, last_watched_at: '2024-01-01T20:00:00.000Z' },
            { number: 2, plays: 1, last_watched_at: '2024-01-02T20:00:00.000Z' },
            { number: 3, plays: 1, last_watched_at: '2024-01-03T20:00:00.000Z' },
          ],
        },
      ],
    });
    const noSeasons = await m.trakt.sync.watched({ type: 'shows', extended: 'noseasons' });
    expect(noSeasons[0].seasons).toBeUndefined();
    const full = await m.trakt.sync.watched({ type: 'shows', extended: 'full' });
    expect(full[0].show).toHaveProperty('status', 'ended');
    expect(await m.trakt.sync.watched({ type: 'movies' })).toEqual([]);

    // History: newest first, paged with Trakt's headers, filtered by item and by dates.
    const page1 = await m.trakt.sync.history.get({
      type: 'shows',
      id: show.id,
      limit: 2,
      page: 1,
      pagination: true,
    });
    expect(page1.pagination).toMatchObject({ 'item-count': '3', 'page-count': '2', page: '1' });
    expect(page1.data.map((h: { episode: { number: number } }) => h.episode.number)).toEqual([
      3, 2,
    ]);
    expect(page1.data[0]).toMatchObject({
      watched_at: '2024-01-03T20:00:00.000Z',
      action: 'watch',
      type: 'episode',
      episode: { season: 1, number: 3, ids: { trakt: episodes[2]!.id } },
      show: { ids: { trakt: show.id } },
    });
    const diary = (await m.web('/api/users/me/history')).body.data as { id: number }[];
    expect(diary.map((d) => d.id)).toContain(page1.data[0].id);
    const day2 = await m.trakt.sync.history.get({
      start_at: '2024-01-02T00:00:00.000Z',
      end_at: '2024-01-02T23:59:59.000Z',
    });
    expect(day2.map((h: { episode: { number: number } }) => h.episode.number)).toEqual([2]);
    const one = await m.trakt.sync.history.get({ type: 'episodes', id: episodes[0]!.id });
    expect(one).toHaveLength(1);
  });

  it('a whole show adds its aired regular episodes; "released" dates them by the air date', async () => {
    const m = await member();
    const { show, special } = await buildShowWithEpisodes(t.db, 2, 3);
    const added = await m.trakt.sync.history.add({
      shows: [{ ids: { slug: `anything-${show.id}` }, watched_at: 'released' }],
    });
    expect(added.added.episodes).toBe(6);
    const progress = await m.web(`/api/episodes/show/${show.id}/progress`);
    expect(progress.body.watchedCount).toBe(6);
    // Every aired episode of a finished show watched: completed, as on the web.
    expect(progress.body.item.status).toBe('completed');
    expect(progress.body.data.map((p: { episodeId: number }) => p.episodeId)).not.toContain(
      special.id,
    );
    const first = await m.trakt.sync.history.get({ type: 'shows', id: show.id, limit: 10 });
    expect(first.at(-1).watched_at).toBe('2011-01-01T00:00:00.000Z');
  });

  it('removes plays by play id and by item; removals move episodes.watched_at', async () => {
    const m = await member();
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    await m.trakt.sync.history.add({
      episodes: episodes.map((e, i) => ({
        ids: { trakt: e.id },
        watched_at: `2024-02-0${i + 1}T10:00:00.000Z`,
      })),
    });
    const history = await m.trakt.sync.history.get({});
    const before = await m.trakt.sync.last_activities();
    await pause();
    const removed = await m.trakt.sync.history.remove({ ids: [history[0].id, 2_000_000_001] });
    expect(removed).toEqual({
      deleted: { movies: 0, episodes: 1 },
      not_found: {
        movies: [],
        shows: [],
        seasons: [],
        episodes: [],
        people: [],
        ids: [2_000_000_001],
      },
    });
    const after = await m.trakt.sync.last_activities();
    expect(after.episodes.watched_at > before.episodes.watched_at).toBe(true);
    expect(after.all >= after.episodes.watched_at).toBe(true);
    let progress = await m.web(`/api/episodes/show/${show.id}/progress`);
    expect(progress.body.watchedCount).toBe(2);

    const byItem = await m.trakt.sync.history.remove({ shows: [{ ids: { trakt: show.id } }] });
    expect(byItem.deleted.episodes).toBe(2);
    progress = await m.web(`/api/episodes/show/${show.id}/progress`);
    expect(progress.body.watchedCount).toBe(0);
    expect((await m.web('/api/users/me/history')).body.total).toBe(0);

    // A removal made on the web moves the stamp too (event subscribers, not the Trakt route).
    await m.trakt.sync.history.add({ episodes: [{ ids: { trakt: episodes[0]!.id } }] });
    const [play] = await m.trakt.sync.history.get({});
    const beforeWeb = await m.trakt.sync.last_activities();
    await pause();
    const del = await call(m.token, { method: 'DELETE', url: `/api/plays/${play.id}` });
    expect(del.statusCode).toBeLessThan(300);
    const afterWeb = await m.trakt.sync.last_activities();
    expect(afterWeb.episodes.watched_at > beforeWeb.episodes.watched_at).toBe(true);
  });
});

describe('Trakt sync: watchlist', () => {
  it('adds planned shows, lists them with rank and removes them as the web does', async () => {
    const m = await member();
    const a = await buildShowWithEpisodes(t.db, 1, 2);
    const b = await buildShowWithEpisodes(t.db, 1, 2);
    await m.trakt.sync.history.add({ episodes: [{ ids: { trakt: b.episodes[0]!.id } }] });
    const before = await m.trakt.sync.last_activities();
    await pause();
    const added = await m.trakt.sync.watchlist.add({
      shows: [{ ids: { trakt: a.show.id } }, { ids: { trakt: b.show.id } }],
      movies: [movie],
    });
    expect(added.added).toEqual({ movies: 0, shows: 1, seasons: 0, episodes: 0 });
    expect(added.existing.shows).toBe(1);
    expect(added.not_found.movies).toEqual([movie]);
    expect((await m.web(`/api/user-content-status/show/${a.show.id}`)).body.status).toBe(
      'want_to_watch',
    );
    const list = await m.trakt.sync.watchlist.get({ type: 'shows' });
    expect(list).toEqual([
      expect.objectContaining({
        rank: 1,
        notes: null,
        type: 'show',
        show: expect.objectContaining({ ids: expect.objectContaining({ trakt: a.show.id }) }),
      }),
    ]);
    expect(await m.trakt.sync.watchlist.get({ type: 'movies' })).toEqual([]);
    const after = await m.trakt.sync.last_activities();
    expect(after.shows.watchlisted_at > before.shows.watchlisted_at).toBe(true);

    const removed = await m.trakt.sync.watchlist.remove({
      shows: [{ ids: { trakt: a.show.id } }, { ids: { trakt: b.show.id } }],
    });
    expect(removed.deleted.shows).toBe(1);
    // Being watched is not "on the watchlist": left alone, answered as not found.
    expect(removed.not_found.shows).toEqual([{ ids: { trakt: b.show.id } }]);
    expect((await m.web(`/api/user-content-status/show/${a.show.id}`)).status).toBe(404);
    expect((await m.web(`/api/user-content-status/show/${b.show.id}`)).body.status).toBe(
      'watching',
    );
    expect(await m.trakt.sync.watchlist.get({})).toEqual([]);
  });
});

describe('Trakt sync: ratings', () => {
  it('rates shows, seasons and episodes, reads them back, removes them', async () => {
    const m = await member();
    const a = await buildShowWithEpisodes(t.db, 1, 2);
    const b = await buildShowWithEpisodes(t.db, 2, 2);
    const c = await buildShowWithEpisodes(t.db, 1, 1);
    const before = await m.trakt.sync.last_activities();
    await pause();
    const added = await m.trakt.sync.ratings.add({
      shows: [
        { ids: { trakt: a.show.id }, rating: 8 },
        {
          ids: { trakt: b.show.id },
          seasons: [{ number: 1, rating: 9, episodes: [{ number: 2, rating: 7 }] }],
        },
        { ids: { trakt: c.show.id }, rating: 11 },
      ],
      episodes: [
        { ids: { trakt: a.episodes[0]!.id }, rating: 6, rated_at: '2024-03-01T10:00:00.000Z' },
      ],
      movies: [{ ...movie, rating: 10 }],
    });
    expect(added.added).toEqual({ movies: 0, shows: 1, seasons: 1, episodes: 2 });
    expect(added.not_found.shows).toEqual([{ ids: { trakt: c.show.id }, rating: 11 }]);
    expect(added.not_found.movies).toEqual([{ ...movie, rating: 10 }]);

    // The show's score is the web's score; nothing was planned for show c.
    expect((await m.web(`/api/user-content-status/show/${a.show.id}`)).body.score).toBe(8);
    expect((await m.web(`/api/user-content-status/show/${c.show.id}`)).status).toBe(404);

    const all = await m.trakt.sync.ratings.get({ type: 'all' });
    expect(all).toHaveLength(4);
    const seasons = await m.trakt.sync.ratings.get({ type: 'seasons' });
    expect(seasons).toEqual([
      expect.objectContaining({
        rating: 9,
        type: 'season',
        season: expect.objectContaining({ number: 1 }),
        show: expect.objectContaining({ ids: expect.objectContaining({ trakt: b.show.id }) }),
      }),
    ]);
    const sevens = await m.trakt.sync.ratings.get({ type: 'episodes', rating: '7' });
    expect(sevens).toHaveLength(1);
    expect(sevens[0].episode).toMatchObject({ season: 1, number: 2 });
    const dated = await m.trakt.sync.ratings.get({ type: 'episodes', rating: '6' });
    expect(dated[0].rated_at).toBe('2024-03-01T10:00:00.000Z');
    const after = await m.trakt.sync.last_activities();
    for (const kind of ['shows', 'seasons', 'episodes'] as const)
      expect(after[kind].rated_at > before[kind].rated_at, kind).toBe(true);

    // Changing a rating replaces it (one per item).
    await m.trakt.sync.ratings.add({ shows: [{ ids: { trakt: a.show.id }, rating: 5 }] });
    expect((await m.web(`/api/user-content-status/show/${a.show.id}`)).body.score).toBe(5);

    const removed = await m.trakt.sync.ratings.remove({
      shows: [
        { ids: { trakt: a.show.id } },
        { ids: { trakt: b.show.id }, seasons: [{ number: 1, episodes: [{ number: 2 }] }] },
      ],
      episodes: [{ ids: { trakt: a.episodes[0]!.id } }],
    });
    expect(removed.deleted).toEqual({ movies: 0, shows: 1, seasons: 0, episodes: 2 });
    const seasonGone = await raw(m.grant.access_token, '/sync/ratings/remove', {
      seasons: [{ ids: { trakt: 2_000_000_002 } }],
      shows: [{ ids: { trakt: b.show.id }, seasons: [{ number: 1 }] }],
    });
    expect(seasonGone.status).toBe(200);
    expect(await seasonGone.json()).toMatchObject({
      deleted: { seasons: 1 },
      not_found: { seasons: [{ ids: { trakt: 2_000_000_002 } }] },
    });
    expect(await m.trakt.sync.ratings.get({})).toEqual([]);
    expect((await m.web(`/api/user-content-status/show/${a.show.id}`)).body.score).toBeNull();
  });
});

describe('Trakt sync: season ratings leave with the export', () => {
  it('the JSON export carries season ratings', async () => {
    const m = await member();
    const { show } = await buildShowWithEpisodes(t.db, 2, 1);
    await m.trakt.sync.ratings.add({
      shows: [{ ids: { trakt: show.id }, seasons: [{ number: 2, rating: 4 }] }],
    });
    const res = await call(m.token, { url: '/api/users/me/export?format=json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as {
      seasonRatings: { show: { title: string }; season: number; rating: number }[];
    };
    expect(doc.seasonRatings).toEqual([
      expect.objectContaining({
        show: expect.objectContaining({ title: show.title }),
        season: 2,
        rating: 4,
      }),
    ]);
  });
});

describe('Trakt sync: who may call, and bad input', () => {
  it('an unknown or revoked token is a 401', async () => {
    const m = await member();
    expect((await raw('0'.repeat(64), '/sync/last_activities')).status).toBe(401);
    expect((await raw(m.grant.access_token, '/sync/last_activities')).status).toBe(200);
    await t.app.services.traktGrants.revokeToken(m.grant.access_token);
    expect((await raw(m.grant.access_token, '/sync/last_activities')).status).toBe(401);
    await expect(m.trakt.sync.history.get({})).rejects.toThrow();
  });

  it('a malformed body is a 400 and changes nothing; a bad rating filter too', async () => {
    const m = await member();
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 2);
    for (const body of [
      '[1,2]',
      { shows: 'all of them' },
      { episodes: [{ ids: { trakt: episodes[0]!.id } }], ids: ['x'] },
      { episodes: [{ ids: { trakt: episodes[0]!.id }, watched_at: 'last tuesday' }] },
    ]) {
      const res = await raw(m.grant.access_token, '/sync/history', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
    }
    expect((await m.web(`/api/episodes/show/${show.id}/progress`)).body.watchedCount).toBe(0);
    expect((await raw(m.grant.access_token, '/sync/ratings/shows/11')).status).toBe(400);
    expect((await raw(m.grant.access_token, '/sync/history?start_at=soon')).status).toBe(400);
  });

  it('a suspended member may read but every write is 403 ACCOUNT_SUSPENDED', async () => {
    const m = await member();
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 1);
    await t.db.kysely
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString(), suspension_reason: 'spam' })
      .where('id', '=', m.user.id)
      .execute();
    for (const url of [
      '/sync/history',
      '/sync/history/remove',
      '/sync/watchlist',
      '/sync/watchlist/remove',
      '/sync/ratings',
      '/sync/ratings/remove',
    ]) {
      const res = await raw(m.grant.access_token, url, {
        episodes: [{ ids: { trakt: episodes[0]!.id }, rating: 5 }],
      });
      expect(res.status, url).toBe(403);
      expect(((await res.json()) as { code: string }).code, url).toBe('ACCOUNT_SUSPENDED');
    }
    expect((await raw(m.grant.access_token, '/sync/history')).status).toBe(200);
    expect((await m.web('/api/users/me/history')).body.total).toBe(0);
  });
});

/** Every key Trakt's example has is in ours with the same JSON type (null stands for unknown ids). */
function sameShape(ours: unknown, theirs: unknown, at = '$'): string[] {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (ours === null && theirs !== null && typeof theirs !== 'object') return [];
  if (kind(ours) !== kind(theirs)) return [`${at}: ${kind(ours)} ≠ ${kind(theirs)}`];
  if (Array.isArray(theirs))
    return theirs.length && (ours as unknown[]).length
      ? sameShape((ours as unknown[])[0], theirs[0], `${at}[0]`)
      : [];
  if (theirs && typeof theirs === 'object')
    return Object.entries(theirs).flatMap(([k, v]) =>
      k in (ours as object)
        ? sameShape((ours as Record<string, unknown>)[k], v, `${at}.${k}`)
        : [`${at}.${k} missing`],
    );
  return [];
}
const fixture = (name: string): unknown =>
  JSON.parse(
    fs.readFileSync(path.join(__dirname, '../../../test/fixtures/trakt-sync', name), 'utf8'),
  );

describe("Trakt sync: answers keep the shapes of Trakt's documentation", () => {
  it('matches the documented examples', async () => {
    const m = await member();
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 2, {
      imdb_id: 'tt0903747',
      tvdb_id: 81189,
      tmdb_id: 1396,
    });
    const other = await buildShowWithEpisodes(t.db, 1, 1);
    const added = await m.trakt.sync.history.add({
      episodes: [{ ids: { trakt: episodes[0]!.id } }],
      movies: [{ ids: { imdb: 'tt0000111' } }],
    });
    expect(sameShape(added, fixture('history-add.json'))).toEqual([]);
    expect(sameShape(await m.trakt.sync.history.get({}), fixture('history-episodes.json'))).toEqual(
      [],
    );
    expect(
      sameShape(
        await m.trakt.sync.watched({ type: 'shows', extended: 'noseasons' }),
        fixture('watched-shows-noseasons.json'),
      ),
    ).toEqual([]);
    expect(
      sameShape(await m.trakt.sync.last_activities(), fixture('last-activities.json')),
    ).toEqual([]);
    const rated = await m.trakt.sync.ratings.add({
      episodes: [{ ids: { trakt: episodes[1]!.id }, rating: 10 }],
      movies: [{ ids: { imdb: 'tt0000111' }, rating: 10 }],
    });
    expect(sameShape(rated, fixture('ratings-add.json'))).toEqual([]);
    expect(
      sameShape(
        await m.trakt.sync.ratings.get({ type: 'episodes' }),
        fixture('ratings-episodes.json'),
      ),
    ).toEqual([]);
    const planned = await m.trakt.sync.watchlist.add({
      shows: [{ ids: { trakt: other.show.id } }],
      movies: [{ ids: { imdb: 'tt0000111' } }],
    });
    expect(sameShape(planned, fixture('watchlist-add.json'))).toEqual([]);
    expect(
      sameShape(
        await m.trakt.sync.watchlist.get({ type: 'shows' }),
        fixture('watchlist-shows.json'),
      ),
    ).toEqual([]);
    const [play] = await m.trakt.sync.history.get({});
    const removed = await m.trakt.sync.history.remove({
      ids: [play.id, 2_000_000_003],
      movies: [{ ids: { imdb: 'tt0000111' } }],
    });
    expect(sameShape(removed, fixture('history-remove.json'))).toEqual([]);
    expect(show.id).toBeGreaterThan(0);
  });
});

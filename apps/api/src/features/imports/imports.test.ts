import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importMessages, type Import } from '@series-tracker/contracts';
import { buildTestApp, useTestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { bearer, registerUser } from '../../../test/factories';
import {
  dir,
  imdbRatingsCsv,
  imdbWatchlistCsv,
  malGz,
  malXml,
  seedImportCatalogue,
  simklJson,
  textFile,
  traktFlatExpected,
  traktFlatMembers,
  traktNestedMembers,
  tvtimeMembers,
  tvtimeSlimCsv,
  zipFile,
} from '../../../test/import-fixtures';
import { importFile, multipart, upload } from '../../../test/import-helpers';
import { memberRows } from '../../../test/test-db';

const t = useTestApp({ importDir: path.join(dir, 'uploads') });
let cat: Awaited<ReturnType<typeof seedImportCatalogue>>;
beforeAll(async () => {
  cat = await seedImportCatalogue(t.db);
  await t.app.services.jobs.start();
});

const call = caller(() => t.app);

const k = () => t.db.kysely;
async function snapshot(userId: number) {
  const [items, progress, favorites, held] = await Promise.all([
    memberRows(
      t.db,
      'watchlist_items',
      userId,
      [
        'show_id',
        'status',
        'score',
        'progress',
        'started_at',
        'completed_at',
        'created_at',
        'last_watched_at',
      ],
      'show_id',
    ),
    memberRows(t.db, 'episode_progress', userId, ['episode_id', 'watched_at'], 'episode_id'),
    memberRows(t.db, 'favorites', userId, ['show_id', 'created_at'], 'show_id'),
    memberRows(
      t.db,
      'import_held_episodes',
      userId,
      ['show_id', 'season_number', 'episode_number', 'watched_at'],
      'id',
    ),
  ]);
  return { items, progress, favorites, held };
}
const itemOf = (s: Awaited<ReturnType<typeof snapshot>>, showId: number) =>
  s.items.find((i) => i.show_id === showId);
const watchedAt = (s: Awaited<ReturnType<typeof snapshot>>, episodeId: number) =>
  s.progress.find((p) => p.episode_id === episodeId)?.watched_at;

describe('Trakt export ZIP (flat layout, paged history)', () => {
  it('imports plays with their own dates, ratings, watchlist, favourites, and reports every unmatched row', async () => {
    const ann = await registerUser(t.app);
    const file = await zipFile('trakt-flat.zip', traktFlatMembers());
    const result = await importFile(t.app, ann.token, file);
    expect(result.status).toBe('done');
    expect(result.source).toBe('trakt');
    expect(result.report).toMatchObject(traktFlatExpected);
    expect(result.report!.skipped).toMatchObject({ movies: 2, people: 1 });
    expect(result.report!.skipped).not.toHaveProperty('rewatches');
    // Rewatches are plays now (ADR 130): kept with their own dates, not folded away.
    expect(result.report!.episodes.rewatches).toBe(2);
    // The episode rating is the member's private episode rating, dated as in the file, and
    // never announced (no activity).
    expect(result.report!.episodeRatings).toBe(1);
    const er = await memberRows(t.db, 'episode_reviews', ann.user.id);
    expect(er).toMatchObject([
      {
        episode_id: cat.lr['1:1'],
        rating: 10,
        is_public: 0,
        created_at: '2015-02-01T22:00:00.000Z',
      },
    ]);
    const announced = await k()
      .selectFrom('activities')
      .select('action')
      .where('user_id', '=', ann.user.id)
      .where('episode_id', '=', cat.lr['1:1']!)
      .where('rating', 'is not', null)
      .execute();
    expect(announced).toEqual([]);
    const others = await registerUser(t.app);
    const listed = await call(others.token, {
      method: 'GET',
      url: `/api/episodes/${cat.lr['1:1']}/reviews`,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().total).toBe(0);
    const mine = await call(ann.token, {
      method: 'GET',
      url: `/api/episodes/${cat.lr['1:1']}/reviews`,
    });
    expect(mine.json()).toMatchObject({ total: 1, data: [{ rating: 10, isPublic: false }] });
    const reasons = result.report!.unmatchedRows.map((r) => [r.kind, r.show.title, r.reason]);
    expect(reasons).toEqual(
      expect.arrayContaining([
        ['show', 'Ghost Show', 'No show in the catalogue has these ids or this title'],
        ['show', 'Echo', 'A show has this title but began in another year than 2016'],
        ['episode', 'The Long Road', "No episode S5E1 in this show's episode list"],
      ]),
    );
    expect(result.report!.unmatchedRows).toHaveLength(3);

    const s = await snapshot(ann.user.id);
    // All three plays of S1E1 are kept (ADR 130); progress is dated by the latest of them;
    // the special stays a special.
    const plays = await k()
      .selectFrom('episode_plays')
      .select(['watched_at', 'source'])
      .where('user_id', '=', ann.user.id)
      .where('episode_id', '=', cat.lr['1:1']!)
      .orderBy('watched_at')
      .execute();
    expect(plays.map((p) => p.watched_at)).toEqual([
      '2015-02-01T20:00:00.000Z',
      expect.any(String),
      '2023-06-01T21:00:00.000Z',
    ]);
    expect(new Set(plays.map((p) => p.source))).toEqual(new Set(['import:trakt']));
    expect(watchedAt(s, cat.lr['1:1']!)).toBe('2023-06-01T21:00:00.000Z');
    expect(watchedAt(s, cat.lr['1:2']!)).toBe('2015-02-02T20:00:00.000Z');
    expect(watchedAt(s, cat.lr.special1!)).toBe('2022-01-01T10:00:00.000Z');
    expect(watchedAt(s, cat.lr.special2!)).toBeUndefined();
    expect(watchedAt(s, cat.ns['1:1']!)).toBe('2021-11-10T11:00:00.000Z');
    expect(s.progress).toHaveLength(6);
    // Nothing dated "today": the item is as old as the first play.
    expect(itemOf(s, cat.longRoad.id)).toMatchObject({
      status: 'watching',
      score: 9,
      progress: 4,
      created_at: '2015-02-01T20:00:00.000Z',
      started_at: '2015-02-01T20:00:00.000Z',
      last_watched_at: '2023-06-01T21:00:00.000Z',
    });
    // A rating alone sets the score: never Completed, never invented dates (ADR 110).
    expect(itemOf(s, cat.echo2020.id)).toMatchObject({
      status: 'want_to_watch',
      score: 7,
      started_at: null,
      completed_at: null,
    });
    expect(itemOf(s, cat.echo2012.id)).toBeUndefined();
    expect(itemOf(s, cat.quietHarbor.id)).toMatchObject({
      status: 'want_to_watch',
      created_at: '2019-05-05T05:05:00.000Z',
    });
    expect(s.favorites).toEqual([
      { show_id: cat.longRoad.id, created_at: '2017-07-07T07:07:00.000Z' },
    ]);
    expect(s.held).toEqual([
      {
        show_id: cat.nightShift.id,
        season_number: 1,
        episode_number: 3,
        watched_at: '2021-11-11T11:00:00.000Z',
      },
    ]);
    // The custom list: private, ranked by the file's rank, dated as in the file; people skipped.
    const lists = await memberRows(t.db, 'lists', ann.user.id, [
      'id',
      'name',
      'is_public',
      'is_ranked',
      'created_at',
      'item_count',
    ]);
    expect(lists).toEqual([
      {
        id: lists[0]!.id,
        name: 'Best of',
        is_public: 0,
        is_ranked: 1,
        created_at: '2018-08-08T08:08:00.000Z',
        item_count: 2,
      },
    ]);
    const items = await k()
      .selectFrom('list_items')
      .select(['show_id', 'position', 'notes'])
      .where('list_id', '=', lists[0]!.id)
      .orderBy('position')
      .execute();
    expect(items).toEqual([
      { show_id: cat.longRoad.id, position: 1, notes: 'Start here' },
      { show_id: cat.quietHarbor.id, position: 2, notes: null },
    ]);
    // The show comment became a private review, dated as on Trakt, rated with the show's score.
    const reviews = await memberRows(t.db, 'reviews', ann.user.id, [
      'show_id',
      'title',
      'content',
      'rating',
      'is_public',
      'created_at',
    ]);
    expect(reviews).toEqual([
      {
        show_id: cat.longRoad.id,
        title: 'A slow start, then the best second season I have seen in years.',
        content: 'A slow start, then the best second season I have seen in years.',
        rating: 9,
        is_public: 0,
        created_at: '2016-04-01T18:30:00.000Z',
      },
    ]);
    const users = await k()
      .selectFrom('shows')
      .select('total_users')
      .where('id', '=', cat.longRoad.id)
      .executeTakeFirstOrThrow();
    expect(users.total_users).toBeGreaterThanOrEqual(1);

    // Importing the same file again changes nothing.
    const again = await importFile(
      t.app,
      ann.token,
      await zipFile('trakt-flat-2.zip', traktFlatMembers()),
    );
    expect(again.report).toMatchObject({
      // Every play of the file (two are rewatches of S1E1) is already there.
      episodes: { marked: 0, alreadyWatched: 8, held: 1 },
      watchlist: 0,
      favorites: 0,
      ratings: 0,
      lists: 0,
      reviews: 0,
      skipped: { reviewsExisting: 1 },
    });
    expect(await snapshot(ann.user.id)).toEqual(s);
    const listCount = await k()
      .selectFrom('lists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', ann.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(listCount.n)).toBe(1);
  });

  it('holds a watch whose episode has not arrived, and marks it when the episode list brings it', async () => {
    const ann = await registerUser(t.app);
    await importFile(t.app, ann.token, await zipFile('trakt-held.zip', traktFlatMembers()));
    const ep = await k()
      .insertInto('episodes')
      .values({
        source_id: `test:held-${ann.user.id}`,
        source_hash: 'x',
        show_id: cat.nightShift.id,
        season_number: 1,
        episode_number: 3,
        type: 'regular',
        air_date: '2018-05-03',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.services.events.emit('catalog.refreshed', {
      showIds: [cat.nightShift.id],
      source: 'tvmaze',
    });
    const s = await snapshot(ann.user.id);
    expect(watchedAt(s, ep.id)).toBe('2021-11-11T11:00:00.000Z');
    expect(s.held).toEqual([]);
    expect(itemOf(s, cat.nightShift.id)!.progress).toBe(2);
    await k().deleteFrom('episode_plays').where('episode_id', '=', ep.id).execute();
    await k().deleteFrom('episode_progress').where('episode_id', '=', ep.id).execute();
    await k().deleteFrom('episodes').where('id', '=', ep.id).execute();
  });

  it('lets the owner fix an unmatched row by picking the show, once', async () => {
    const ann = await registerUser(t.app);
    const result = await importFile(
      t.app,
      ann.token,
      await zipFile('trakt-fix.zip', traktFlatMembers()),
    );
    const row = result.report!.unmatchedRows.find((r) => r.show.title === 'Echo')!;
    const apply = (token: string, showId: number) =>
      call(token, {
        method: 'POST',
        url: `/api/imports/${result.id}/rows/${row.index}`,
        payload: { showId },
      });
    const other = await registerUser(t.app);
    expect((await apply(other.token, cat.echo2012.id)).statusCode).toBe(404);
    expect((await apply(ann.token, 99_999_999)).statusCode).toBe(400);
    const res = await apply(ann.token, cat.echo2012.id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Import;
    expect(body.report!.unmatchedRows[row.index]!.appliedShowId).toBe(cat.echo2012.id);
    expect(body.report!.shows).toMatchObject({ matched: 5, unmatched: 1 });
    expect(itemOf(await snapshot(ann.user.id), cat.echo2012.id)).toMatchObject({
      status: 'want_to_watch',
      created_at: '2019-05-06T05:05:00.000Z',
    });
    expect((await apply(ann.token, cat.echo2012.id)).statusCode).toBe(409);
    expect(await snapshot(other.user.id)).toMatchObject({ items: [], progress: [] });
  });
});

describe('Trakt nested layout', () => {
  it('reads members by basename under a user folder, using the older per-episode aggregates', async () => {
    const ann = await registerUser(t.app);
    const result = await importFile(
      t.app,
      ann.token,
      await zipFile('trakt-nested.zip', traktNestedMembers()),
    );
    expect(result).toMatchObject({ status: 'done', source: 'trakt' });
    expect(result.report).toMatchObject({ episodes: { marked: 2 }, ratings: 1, watchlist: 2 });
    expect(result.report!.skipped).toMatchObject({ movies: 2 });
    const s = await snapshot(ann.user.id);
    expect(watchedAt(s, cat.lr['1:2']!)).toBe('2020-01-02T10:00:00.000Z');
    expect(itemOf(s, cat.longRoad.id)).toMatchObject({ score: 6, status: 'watching' });
  });
});

describe('TV Time GDPR export', () => {
  it('reads the CSVs in a subfolder with a shuffled header, times as UTC, follows and watchlist', async () => {
    const ann = await registerUser(t.app);
    const result = await importFile(t.app, ann.token, await zipFile('tvtime.zip', tvtimeMembers()));
    expect(result).toMatchObject({ status: 'done', source: 'tvtime' });
    expect(result.report!.notes.join(' ')).toContain('read as UTC');
    expect(result.report).toMatchObject({
      episodes: { marked: 3, unmatched: 1 },
      // Vote 7001 names an episode the file watched (The Long Road S1E1); 7002-7004 name
      // episodes the file never watched, so no show is known for them.
      episodeRatings: 1,
      skipped: { episodeRatingsUnmatched: 3, movies: 1 },
    });
    expect(result.report!.episodes.rewatches).toBe(1);
    expect(result.report!.unmatchedRows[0]).toMatchObject({
      kind: 'episode',
      season: 2003,
      episode: 1,
    });
    const s = await snapshot(ann.user.id);
    // Its two plays of S1E1 are both kept; progress is dated by the later one.
    expect(watchedAt(s, cat.lr['1:1']!)).toBe('2017-05-05T21:30:00.000Z');
    expect(watchedAt(s, cat.lr['1:2']!)).toBe('2016-01-03T21:30:00.000Z');
    expect(itemOf(s, cat.quietHarbor.id)).toMatchObject({ status: 'want_to_watch' });
    expect(itemOf(s, cat.nightShift.id)).toMatchObject({ status: 'dropped', progress: 1 });
    expect(itemOf(s, cat.longRoad.id)).toMatchObject({
      status: 'watching',
      created_at: '2016-01-01T09:00:00.000Z',
    });
    // lists-prod-lists.csv: the Go-map objects column gives TheTVDB ids, in order.
    const list = await k()
      .selectFrom('lists as l')
      .innerJoin('list_items as i', 'i.list_id', 'l.id')
      .select(['l.name', 'l.is_public', 'i.show_id', 'i.position'])
      .where('l.user_id', '=', ann.user.id)
      .orderBy('i.position')
      .execute();
    expect(list).toEqual([
      { name: 'Comfort shows', is_public: 0, show_id: cat.longRoad.id, position: 1 },
      { name: 'Comfort shows', is_public: 0, show_id: cat.quietHarbor.id, position: 2 },
    ]);
  });

  it('reads a lone slim-header CSV (an account without watches)', async () => {
    const ann = await registerUser(t.app);
    const result = await importFile(
      t.app,
      ann.token,
      textFile('tracking-prod-records-v2.csv', tvtimeSlimCsv),
    );
    expect(result).toMatchObject({ status: 'done', source: 'tvtime', report: { watchlist: 1 } });
  });
});

describe('MyAnimeList XML', () => {
  it.each([
    ['gzipped', 'animelist.xml.gz', malGz()],
    ['decompressed by the browser', 'animelist.xml.gz', Buffer.from(malXml)],
    ['plain', 'animelist.xml', Buffer.from(malXml)],
  ])(
    'imports a %s file: MAL id match, status, score, counted progress',
    async (_, name, content) => {
      const ann = await registerUser(t.app);
      const result = await importFile(t.app, ann.token, textFile(name, content));
      expect(result).toMatchObject({ status: 'done', source: 'mal' });
      expect(result.report).toMatchObject({
        shows: { matched: 1, unmatched: 1 },
        episodes: { marked: 2 },
        skipped: { movies: 1 },
      });
      expect(result.report!.unmatchedRows[0]!.show).toMatchObject({
        title: 'Sword & Sorcery',
        ids: { mal: 3999 },
      });
      const s = await snapshot(ann.user.id);
      expect(itemOf(s, cat.spiritBlade.id)).toMatchObject({
        status: 'watching',
        score: 8,
        progress: 2,
      });
      expect(watchedAt(s, cat.sb['1:1']!)).toBe('2021-04-05T00:00:00.000Z');
    },
  );
});

describe('IMDb CSV', () => {
  it('imports TV series rows only (2024, old and localised title types) as scores', async () => {
    const ann = await registerUser(t.app);
    const result = await importFile(t.app, ann.token, textFile('ratings.csv', imdbRatingsCsv));
    expect(result).toMatchObject({ status: 'done', source: 'imdb' });
    expect(result.report).toMatchObject({
      shows: { matched: 2, unmatched: 1 },
      ratings: 2,
      skipped: { movies: 1, episodes: 1 },
    });
    const s = await snapshot(ann.user.id);
    expect(itemOf(s, cat.longRoad.id)).toMatchObject({
      score: 8,
      status: 'want_to_watch',
      started_at: null,
      completed_at: null,
    });
    expect(itemOf(s, cat.quietHarbor.id)).toMatchObject({ score: 6 });
    expect(s.progress).toEqual([]);

    const list = await importFile(t.app, ann.token, textFile('watchlist.csv', imdbWatchlistCsv));
    expect(list.report).toMatchObject({ shows: { matched: 1 }, watchlist: 0 });
  });
});

describe('Simkl backup JSON', () => {
  it('imports statuses, ratings and dated episodes; movies are counted as skipped', async () => {
    const ann = await registerUser(t.app);
    const result = await importFile(t.app, ann.token, textFile('SimklBackup.json', simklJson));
    expect(result).toMatchObject({ status: 'done', source: 'simkl' });
    expect(result.report).toMatchObject({
      shows: { matched: 2 },
      episodes: { marked: 5 },
      skipped: { movies: 2 },
    });
    const s = await snapshot(ann.user.id);
    expect(itemOf(s, cat.longRoad.id)).toMatchObject({ status: 'watching', score: 8, progress: 2 });
    expect(itemOf(s, cat.spiritBlade.id)).toMatchObject({ status: 'completed', progress: 3 });
  });
});

describe('export and round trip', () => {
  it('exports JSON that imports into a new account as the same watchlist, history and favourites', async () => {
    const ann = await registerUser(t.app);
    await importFile(t.app, ann.token, await zipFile('trakt-rt.zip', traktFlatMembers()));
    await importFile(t.app, ann.token, textFile('rt-mal.xml', malXml));
    // Whom ann follows travels too (people, ADR 090): one member stays, one leaves.
    const dora = await registerUser(t.app);
    const eve = await registerUser(t.app);
    for (const other of [dora, eve])
      expect(
        (await call(ann.token, { method: 'POST', url: `/api/social/${other.user.id}/follow` }))
          .statusCode,
      ).toBeLessThan(300);
    const res = await call(ann.token, { method: 'GET', url: '/api/users/me/export?format=json' });
    await call(eve.token, {
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: eve.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const doc = res.json();
    expect(doc).toMatchObject({
      format: 'series-tracker-export',
      version: 2,
      profile: { username: ann.user.username },
    });
    expect(JSON.stringify(doc)).not.toContain('@example.test');

    const bob = await registerUser(t.app);
    const file = textFile('export.json', res.body);
    const back = await importFile(t.app, bob.token, file);
    expect(back).toMatchObject({ status: 'done', source: 'series-tracker' });
    expect(back.report!.unmatchedRows).toEqual([]);
    const a = await snapshot(ann.user.id);
    const b = await snapshot(bob.user.id);
    expect(b.items).toEqual(a.items);
    expect(b.progress).toEqual(a.progress);
    expect(b.favorites).toEqual(a.favorites);
    // Every play comes back, rewatches with their own dates (ADR 130).
    const playsOf = (userId: number) =>
      k()
        .selectFrom('episode_plays')
        .select(['episode_id', 'watched_at'])
        .where('user_id', '=', userId)
        .orderBy('episode_id')
        .orderBy('watched_at')
        .execute();
    const annPlays = await playsOf(ann.user.id);
    expect(annPlays.length).toBeGreaterThan(a.progress.length);
    expect(await playsOf(bob.user.id)).toEqual(annPlays);
    const listsOf = (userId: number) =>
      k()
        .selectFrom('lists as l')
        .innerJoin('list_items as i', 'i.list_id', 'l.id')
        .select(['l.name', 'l.is_ranked', 'l.created_at', 'i.show_id', 'i.position', 'i.notes'])
        .where('l.user_id', '=', userId)
        .orderBy('i.position')
        .execute();
    expect(await listsOf(bob.user.id)).toEqual(await listsOf(ann.user.id));
    expect(back.report!.lists).toBe(1);
    expect(back.report!.reviews).toBe(1);
    const reviewsOf = (userId: number) =>
      memberRows(t.db, 'reviews', userId, [
        'show_id',
        'title',
        'content',
        'rating',
        'is_spoiler',
        'created_at',
      ]);
    expect(await reviewsOf(bob.user.id)).toEqual(await reviewsOf(ann.user.id));
    expect(doc.follows.map((f: { username: string }) => f.username)).toEqual([
      dora.user.username,
      eve.user.username,
    ]);
    const followsOf = (userId: number) =>
      k()
        .selectFrom('follows')
        .select(['followee_id', 'created_at'])
        .where('follower_id', '=', userId)
        .execute();
    expect(await followsOf(bob.user.id)).toEqual(await followsOf(ann.user.id));
    expect(back.report!.follows).toBe(1);
    expect(back.report!.skipped.followsUnknown).toBe(1);
    // Followed again, but not announced as if it happened now.
    const announced = await k()
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', bob.user.id)
      .where('action', '=', 'followed')
      .execute();
    expect(announced).toEqual([]);

    // The same document re-formatted by another tool (read whole, not line by line).
    const cara = await registerUser(t.app);
    const compact = await importFile(
      t.app,
      cara.token,
      textFile('compact.json', JSON.stringify(doc)),
    );
    expect(compact).toMatchObject({ status: 'done', source: 'series-tracker' });
    expect((await snapshot(cara.user.id)).progress).toEqual(a.progress);
    expect((await snapshot(cara.user.id)).items).toEqual(a.items);

    // A newer format version than this site reads is refused, not half-read.
    const future = res.body.replace('"version": 2,', '"version": 3,');
    const refused = await importFile(t.app, cara.token, textFile('future.json', future));
    expect(refused).toMatchObject({
      status: 'failed',
      error: 'This export has format version 3; this site reads version 2',
    });
    // Version 1 (before held history) still reads.
    const older = res.body.replace('"version": 2,', '"version": 1,');
    const dana = await registerUser(t.app);
    const v1 = await importFile(t.app, dana.token, textFile('v1.json', older));
    expect(v1).toMatchObject({ status: 'done', source: 'series-tracker' });
    expect((await snapshot(dana.user.id)).progress).toEqual(a.progress);
  });

  it('exports a ZIP of CSV files', async () => {
    const ann = await registerUser(t.app);
    await importFile(t.app, ann.token, await zipFile('trakt-csv.zip', traktFlatMembers()));
    const res = await call(ann.token, { method: 'GET', url: '/api/users/me/export?format=csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const zipPath = textFile('export.zip', res.rawPayload);
    const { openArchive } = await import('./archive');
    const archive = await openArchive(zipPath);
    const names = archive.entries.map((e) => e.name).sort();
    expect(names).toEqual([
      'README.txt',
      'comments.csv',
      'episode-reviews.csv',
      'episodes.csv',
      'favorites.csv',
      'follows.csv',
      'held.csv',
      'lists.csv',
      'profile.csv',
      'ratings.csv',
      'reviews.csv',
      'seasonRatings.csv',
      'watchlist.csv',
    ]);
    const episodes = (
      await archive.read(archive.entries.find((e) => e.name === 'episodes.csv')!)
    ).toString();
    archive.close();
    expect(episodes.split('\n')[0]).toContain('watched_at');
    expect(episodes).toContain('2015-02-01T20:00:00.000Z');
    // One row per play (rewatches included), and the header.
    const plays = await k()
      .selectFrom('episode_plays')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', ann.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(plays.n)).toBeGreaterThan(6);
    expect(episodes.trim().split('\n')).toHaveLength(Number(plays.n) + 1);
  });

  it('answers 400 for an unknown format and 401 signed out', async () => {
    const ann = await registerUser(t.app);
    const bad = await call(ann.token, { method: 'GET', url: '/api/users/me/export?format=xml' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(importMessages.formatInvalid);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/export' })).statusCode).toBe(
      401,
    );
  });
});

describe('bad files fail cleanly and change nothing', () => {
  const cases: [string, () => Promise<string> | string, string][] = [
    ['an empty file', () => textFile('empty.csv', ''), importMessages.empty],
    [
      'a wrong format',
      () => textFile('notes.txt', 'hello,world\n1,2\n'),
      importMessages.unknownFormat,
    ],
    [
      'a picture',
      () => textFile('photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3])),
      importMessages.unknownFormat,
    ],
    [
      'a truncated ZIP',
      async () => {
        const full = fs.readFileSync(await zipFile('full.zip', traktFlatMembers()));
        return textFile('truncated.zip', full.subarray(0, Math.floor(full.length / 2)));
      },
      'The ZIP archive is damaged or incomplete (was the download cut short?)',
    ],
    [
      'a zip bomb',
      () => zipFile('bomb.zip', { 'watched-history.json': Buffer.alloc(30 * 1024 * 1024, 0x20) }),
      'The archive looks like a zip bomb (a member expands more than 200 times); nothing was imported',
    ],
    [
      'broken JSON in an archive',
      () => zipFile('broken.zip', { 'watched-history.json': '[{"id": 1,' }),
      'watched-history.json is not valid JSON',
    ],
    [
      'a ZIP of nothing we know',
      () => zipFile('other.zip', { 'readme.txt': 'hi' }),
      importMessages.unknownFormat,
    ],
    [
      'XML that is not MAL',
      () => textFile('feed.xml', '<?xml version="1.0"?><rss></rss>'),
      importMessages.unknownFormat,
    ],

    [
      'a MAL export cut short',
      () => textFile('cut.xml', malXml.slice(0, malXml.indexOf('<my_status>Plan'))),
      'The MyAnimeList file is not well-formed XML',
    ],
  ];
  it.each(cases)('%s', async (_, make, message) => {
    const ann = await registerUser(t.app);
    const result = await importFile(t.app, ann.token, await make());
    expect(result).toMatchObject({ status: 'failed', error: message, report: null });
    expect(await snapshot(ann.user.id)).toEqual({
      items: [],
      progress: [],
      favorites: [],
      held: [],
    });
  });

  it('refuses a source override that contradicts the content', async () => {
    const ann = await registerUser(t.app);
    const result = await importFile(
      t.app,
      ann.token,
      await zipFile('trakt-as-mal.zip', traktFlatMembers()),
      { source: 'mal' },
    );
    expect(result).toMatchObject({
      status: 'failed',
      error: 'This file is a Trakt export (ZIP), not a MyAnimeList XML',
    });
  });
});

describe('account erasure', () => {
  it("removes the member's imports and held watches", async () => {
    const ann = await registerUser(t.app);
    await importFile(t.app, ann.token, await zipFile('trakt-erase.zip', traktFlatMembers()));
    const count = async (table: 'imports' | 'import_held_episodes') =>
      Number(
        (
          await k()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', ann.user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('imports')).toBe(1);
    expect(await count('import_held_episodes')).toBe(1);
    await k()
      .transaction()
      .execute((trx) => t.app.services.erasure.run(trx, ann.user.id));
    expect(await count('imports')).toBe(0);
    expect(await count('import_held_episodes')).toBe(0);
  });
});

describe('npm run import (services.imports.importNow)', () => {
  it("imports an admin's file for a member, leaves the file in place, and records the import", async () => {
    const ann = await registerUser(t.app);
    const file = textFile('cli-mal.xml', malXml);
    const steps: string[] = [];
    const result = await t.app.services.imports.importNow(ann.user.id, file, null, (_d, _t, m) => {
      steps.push(m);
    });
    expect(result.report).toMatchObject({ episodes: { marked: 2 } });
    expect(steps).toContain('Matching shows');
    expect(fs.existsSync(file)).toBe(true);
    const list = await call(ann.token, { method: 'GET', url: '/api/imports' });
    expect(list.json().data[0]).toMatchObject({
      id: result.importId,
      status: 'done',
      source: 'mal',
    });
  });
});

describe('POST /api/imports', () => {
  it('answers 400 without a file or with an unknown source, 401 signed out', async () => {
    const ann = await registerUser(t.app);
    const none = multipart(null, { source: 'trakt' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: none.payload,
      headers: { ...none.headers, ...bearer(ann.token) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(importMessages.fileMissing);
    const json = await call(ann.token, { method: 'POST', url: '/api/imports', payload: {} });
    expect(json.statusCode).toBe(400);
    const bad = await upload(t.app, ann.token, textFile('x.csv', imdbRatingsCsv), {
      source: 'letterboxd',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(importMessages.sourceInvalid);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      ...multipart({ name: 'a', content: Buffer.from('x') }),
    });
    expect(anon.statusCode).toBe(401);
  });

  it('allows one running import per user (409), lists only your own, and hides others (404)', async () => {
    const paused = await buildTestApp({ importDir: path.join(dir, 'uploads2') });
    try {
      // Worker not started here: the first import stays queued.
      const ann = await registerUser(paused.app);
      const bob = await registerUser(paused.app);
      const file = textFile('q.csv', imdbRatingsCsv);
      const first = await upload(paused.app, ann.token, file);
      expect(first.statusCode).toBe(202);
      const second = await upload(paused.app, ann.token, file);
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toBe(importMessages.running);
      // Two uploads at the same moment: the database lets one through.
      const carol = await registerUser(paused.app);
      const both = await Promise.all([
        upload(paused.app, carol.token, file),
        upload(paused.app, carol.token, file),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([202, 409]);
      expect((await upload(paused.app, bob.token, file)).statusCode).toBe(202);
      const id = first.json().id as string;
      const mine = await paused.app.inject({
        method: 'GET',
        url: `/api/imports/${id}`,
        headers: bearer(ann.token),
      });
      expect(mine.json()).toMatchObject({ id, status: 'queued', fileName: 'q.csv', report: null });
      const theirs = await paused.app.inject({
        method: 'GET',
        url: `/api/imports/${id}`,
        headers: bearer(bob.token),
      });
      expect(theirs.statusCode).toBe(404);
      const list = await paused.app.inject({
        method: 'GET',
        url: '/api/imports',
        headers: bearer(bob.token),
      });
      expect(list.json().data.map((i: Import) => i.id)).not.toContain(id);
      expect(list.json().total).toBe(1);
      expect(
        (await paused.app.inject({ method: 'GET', url: `/api/imports/${id}` })).statusCode,
      ).toBe(401);
    } finally {
      await paused.close();
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../../config';
import type { ShowRow } from '../../db/types';
import { buildShow, buildTvmazeShow } from '../../../test/factories';
import { countRows } from '../../../test/test-db';
import { emptyCatalogue, useTvmazeWorld } from '../../../test/tvmaze-world';
import { createJobs, type Jobs } from '../../platform/jobs/jobs';
import { recordedTvmaze, startTvmazeStandIn } from '../../../test/tvmaze-stand-in';
import { importCatalog } from '../catalog/catalog.importer';
import type { CatalogFile } from '../catalog/catalog.schema';
import { createMetadataRepository } from './metadata.repository';
import { createMetadataService, type MetadataServiceOptions } from './metadata.service';
import { createTvmazeClient, MetadataUnavailableError } from './tvmaze.client';
import type { TvmazeEpisode } from './tvmaze.mapper';

const webSchedule = recordedTvmaze<TvmazeEpisode[]>('schedule-web-2024-01-15.json');

const world = useTvmazeWorld();
beforeEach(async () => {
  // Each test starts from an empty catalogue (the database is shared by the file).
  await emptyCatalogue(world.db);
});

const T0 = new Date('2026-03-01T12:00:00.000Z');

function service(overrides: Partial<MetadataServiceOptions> = {}) {
  return createMetadataService({
    db: world.db,
    config: { tvmazeBaseUrl: world.standIn.baseUrl, metadataSync: true },
    now: () => T0,
    ...overrides,
  });
}

const seedGot = (extra: Partial<ShowRow> = {}) =>
  buildTvmazeShow(world.db, 82, {
    title: 'Game of Thrones',
    status: 'unknown',
    ...extra,
  });

// Background refreshes run as jobs: one worker at a time, so each test's handler is the one
// that runs (its clock and client).
let worker: Jobs | null = null;
afterEach(async () => {
  await worker?.stop();
  worker = null;
});
async function backgroundService(overrides: Partial<MetadataServiceOptions> = {}) {
  await worker?.stop();
  worker = createJobs({
    db: world.db,
    log: { info() {}, warn() {}, error() {} },
    pollIntervalMs: 20,
  });
  const svc = service({ jobs: worker, ...overrides });
  await worker.start();
  return svc;
}

const showById = (id: number) =>
  world.db.kysely.selectFrom('shows').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const episodesOf = (showId: number) =>
  world.db.kysely
    .selectFrom('episodes')
    .selectAll()
    .where('show_id', '=', showId)
    .orderBy('source_id')
    .execute();
const seasonsOf = (showId: number) =>
  world.db.kysely
    .selectFrom('seasons')
    .select(['number', 'episode_count', 'premiere_date', 'end_date', 'updated_at'])
    .where('show_id', '=', showId)
    .orderBy('number')
    .execute();
const genresOf = async (showId: number) =>
  (
    await world.db.kysely
      .selectFrom('show_genres')
      .innerJoin('genres', 'genres.id', 'show_genres.genre_id')
      .select('genres.name')
      .where('show_genres.show_id', '=', showId)
      .orderBy('genres.name')
      .execute()
  ).map((g) => g.name);
const count = (table: 'shows' | 'episodes' | 'seasons') => countRows(world.db, table);

describe('refreshShow', () => {
  it('loads the full episode list, seasons and genres of Game of Thrones into the existing row', async () => {
    const show = await seedGot({
      title_original: 'Game of Thrones (original)',
      mal_id: 12345,
      tmdb_id: 1399,
    });
    const result = await service().refreshShow(show.id);
    expect(result).toMatchObject({ showId: show.id, tvmazeId: 82, found: true, showChanged: true });
    expect(result!.episodes).toEqual({
      inserted: 73,
      updated: 0,
      unchanged: 0,
      retired: 0,
      restored: 0,
    });

    const row = await showById(show.id);
    expect(row).toMatchObject({
      id: show.id,
      source_id: 'tvmaze:82',
      source: 'tvmaze',
      source_url: 'https://www.tvmaze.com/shows/82/game-of-thrones',
      title: 'Game of Thrones',
      status: 'completed',
      status_raw: 'Ended',
      episodes_complete: 1,
      season_count: 8,
      episode_count: 73,
      episodes_as_of: '2026-03-01',
      metadata_synced_at: T0.toISOString(),
      last_air_date: '2019-05-19',
      network_name: 'HBO',
      imdb_id: 'tt0944947',
      tvdb_id: 121361,
      tvrage_id: 24493,
      rating: 9.1,
      poster_url: 'https://static.tvmaze.com/uploads/images/original_untouched/190/476117.jpg',
      // Not known to TVmaze: kept from the other source.
      title_original: 'Game of Thrones (original)',
      mal_id: 12345,
      tmdb_id: 1399,
    });
    expect(row.synopsis).toMatch(/^Based on the bestselling book series A Song of Ice and Fire/);
    expect(row.synopsis).not.toMatch(/<[a-z/]/i);

    const episodes = await episodesOf(show.id);
    expect(episodes).toHaveLength(73);
    expect(episodes.every((e) => e.type === 'regular')).toBe(true);
    expect(episodes.some((e) => /<[a-z/]/i.test(e.overview ?? ''))).toBe(false);
    expect(episodes.every((e) => e.still_url === null || e.still_url.startsWith('https://'))).toBe(
      true,
    );
    const seasons = await seasonsOf(show.id);
    expect(seasons.map((s) => [s.number, s.episode_count])).toEqual([
      [1, 10],
      [2, 10],
      [3, 10],
      [4, 10],
      [5, 10],
      [6, 10],
      [7, 7],
      [8, 6],
    ]);
    expect(seasons[0]).toMatchObject({ premiere_date: '2011-04-17', end_date: '2011-06-19' });
    expect(await genresOf(show.id)).toEqual(['Adventure', 'Drama', 'Fantasy']);
  });

  it('keeps episode ids, retires episodes TVmaze no longer lists (never deletes them), drops their seasons, and a re-run changes nothing', async () => {
    const show = await seedGot();
    const now = T0.toISOString();
    const epBase = {
      show_id: show.id,
      type: 'regular',
      source_hash: 'old',
      created_at: now,
      updated_at: now,
    };
    const kept = await world.db.kysely
      .insertInto('episodes')
      .values({
        ...epBase,
        source_id: 'tvmaze:4952',
        season_number: 1,
        episode_number: 1,
        title: 'old title',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dropped = await world.db.kysely
      .insertInto('episodes')
      .values({ ...epBase, source_id: 'tvmaze:999999999', season_number: 9, episode_number: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await world.db.kysely
      .insertInto('seasons')
      .values({ show_id: show.id, number: 9, episode_count: 1, created_at: now, updated_at: now })
      .execute();

    const first = await service().refreshShow(show.id);
    expect(first!.episodes).toEqual({
      inserted: 72,
      updated: 1,
      unchanged: 0,
      retired: 1,
      restored: 0,
    });
    const winter = await world.db.kysely
      .selectFrom('episodes')
      .selectAll()
      .where('source_id', '=', 'tvmaze:4952')
      .executeTakeFirstOrThrow();
    expect(winter).toMatchObject({ id: kept.id, title: 'Winter is Coming' });
    expect((await seasonsOf(show.id)).map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Kept, with its id, flagged: watch history may point at it.
    expect(
      await world.db.kysely
        .selectFrom('episodes')
        .select(['id', 'retired_at'])
        .where('source_id', '=', 'tvmaze:999999999')
        .executeTakeFirstOrThrow(),
    ).toEqual({ id: dropped.id, retired_at: T0.toISOString() });
    expect(await count('episodes')).toBe(74);
    expect(await showById(show.id)).toMatchObject({ episode_count: 73, season_count: 8 });

    const before = {
      show: await showById(show.id),
      episodes: await episodesOf(show.id),
      seasons: await seasonsOf(show.id),
      genres: await genresOf(show.id),
    };
    const counts = [await count('shows'), await count('episodes'), await count('seasons')];
    const later = new Date(T0.getTime() + 3_600_000);
    const second = await service({ now: () => later }).refreshShow(show.id);
    expect(second).toMatchObject({
      showChanged: false,
      episodes: { inserted: 0, updated: 0, unchanged: 73, retired: 0, restored: 0 },
    });
    const after = {
      show: await showById(show.id),
      episodes: await episodesOf(show.id),
      seasons: await seasonsOf(show.id),
      genres: await genresOf(show.id),
    };
    expect(after.show.metadata_synced_at).toBe(later.toISOString());
    expect({ ...after, show: { ...after.show, metadata_synced_at: null } }).toEqual({
      ...before,
      show: { ...before.show, metadata_synced_at: null },
      seasons: before.seasons.map((s) => ({ ...s, updated_at: later.toISOString() })),
    });
    expect([await count('shows'), await count('episodes'), await count('seasons')]).toEqual(counts);
  });

  it('writes no episode of the bundled snapshot again: live rows hash the same as the import', async () => {
    const bundled = JSON.parse(
      gunzipSync(fs.readFileSync(path.join(repoRoot, 'data/catalog.json.gz'))).toString('utf8'),
    ) as CatalogFile;
    await importCatalog(world.db, {
      ...bundled,
      shows: bundled.shows.filter((s) => s.id === 'tvmaze:82'),
    });
    const row = await world.db.kysely
      .selectFrom('shows')
      .selectAll()
      .where('source_id', '=', 'tvmaze:82')
      .executeTakeFirstOrThrow();
    const result = await service().refreshShow(row.id);
    expect(result!.episodes).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 73,
      retired: 0,
      restored: 0,
    });
    expect(await count('episodes')).toBe(73);
  });

  it('returns null for shows that are not on TVmaze and asks TVmaze nothing', async () => {
    const anime = await buildShow(world.db, { source: 'bangumi-data', source_id: 'bangumi:1' });
    expect(await service().refreshShow(anime.id)).toBeNull();
    expect(await service().refreshShow(anime.id + 1000)).toBeNull();
    expect(world.standIn.hits).toEqual([]);
  });

  it('a show TVmaze does not know is only stamped as looked at', async () => {
    const show = await buildTvmazeShow(world.db, 99999, {
      title: 'Gone',
    });
    const result = await service().refreshShow(show.id);
    expect(result).toMatchObject({ found: false, showChanged: false });
    expect(await showById(show.id)).toEqual({ ...show, metadata_synced_at: T0.toISOString() });
  });
});

describe('rate limits and outages', () => {
  it('waits for Retry-After on 429 and then succeeds', async () => {
    const show = await seedGot();
    world.standIn.rateLimit(2, '1');
    const started = Date.now();
    const result = await service().refreshShow(show.id);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result!.episodes.inserted).toBe(73);
    // Two calls, each answered 429 once (the two arrive together) and retried.
    expect(world.standIn.hitsOf('/shows/82')).toBe(4);
  });

  it('backs off exponentially without Retry-After and gives up after bounded retries', async () => {
    world.standIn.rateLimit(100, null);
    const client = createTvmazeClient({
      baseUrl: world.standIn.baseUrl,
      maxRetries: 3,
      backoffMs: 10,
    });
    await expect(client.getShow(82)).rejects.toBeInstanceOf(MetadataUnavailableError);
    expect(world.standIn.hits).toHaveLength(4);
    world.standIn.reset();
    world.standIn.rateLimit(2, null);
    await expect(client.getShow(82)).resolves.toMatchObject({ id: 82, name: 'Game of Thrones' });
    expect(world.standIn.hits).toHaveLength(3);
  });

  it('a refused connection and a timeout are MetadataUnavailableError', async () => {
    const closed = await startTvmazeStandIn();
    const refusedUrl = closed.baseUrl;
    await closed.close();
    await expect(createTvmazeClient({ baseUrl: refusedUrl }).getShow(82)).rejects.toBeInstanceOf(
      MetadataUnavailableError,
    );
    world.standIn.setDelay(500);
    await expect(
      createTvmazeClient({ baseUrl: world.standIn.baseUrl, timeoutMs: 50 }).getShow(82),
    ).rejects.toThrow(/timed out/);
  });

  it('offline: background refreshes do not throw, warn once, change nothing, and recover', async () => {
    const a = await seedGot();
    const b = await buildTvmazeShow(world.db, 1, {
      title: 'Under the Dome',
    });
    const before = [await showById(a.id), await showById(b.id)];
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const real = createTvmazeClient({ baseUrl: world.standIn.baseUrl });
    const failures: unknown[] = [];
    const client = {
      ...real,
      getShow: (id: number) =>
        real.getShow(id).catch((err: unknown) => {
          failures.push(err);
          throw err;
        }),
    };
    const svc = await backgroundService({ log, offlineRetryMs: 0, client });
    world.standIn.setDown(true);
    expect(() => {
      svc.refreshShowInBackground(a.id);
      svc.refreshShowInBackground(b.id);
    }).not.toThrow();
    await svc.idle();
    svc.refreshShowInBackground(a.id);
    await svc.idle();
    // Three refreshes failed (each a MetadataUnavailableError), one warning.
    expect(failures).toHaveLength(3);
    expect(failures.every((e) => e instanceof MetadataUnavailableError)).toBe(true);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();
    expect([await showById(a.id), await showById(b.id)]).toEqual(before);
    expect(await count('episodes')).toBe(0);

    const stale = await svc.syncStale();
    expect(stale).toMatchObject({ offline: true, refreshed: 0, schedule: null });
    expect(log.warn).toHaveBeenCalledTimes(1);

    world.standIn.setDown(false);
    svc.refreshShowInBackground(a.id);
    await svc.idle();
    expect(log.info).toHaveBeenCalledWith({}, 'TVmaze reachable again');
    expect((await showById(a.id)).episodes_complete).toBe(1);
  });

  it('after an outage, background refreshes pause instead of hitting TVmaze on every view', async () => {
    const a = await seedGot();
    const svc = await backgroundService({ offlineRetryMs: 60_000 });
    world.standIn.setDown(true);
    svc.refreshShowInBackground(a.id);
    await svc.idle();
    const hits = world.standIn.hits.length;
    world.standIn.setDown(false);
    svc.refreshShowInBackground(a.id);
    await svc.idle();
    expect(world.standIn.hits).toHaveLength(hits);
  });
});

describe('refreshShowInBackground', () => {
  it('runs one refresh per show however many views ask at once', async () => {
    const show = await seedGot();
    const svc = await backgroundService();
    world.standIn.setDelay(50);
    for (let i = 0; i < 5; i++) svc.refreshShowInBackground(show.id);
    await svc.idle();
    expect([...world.standIn.hits].sort()).toEqual(['/shows/82', '/shows/82/episodes?specials=1']);
    expect((await showById(show.id)).episode_count).toBe(73);
  });

  it('skips fresh shows, refreshes them again after a day, and does nothing when sync is off', async () => {
    const show = await seedGot({
      metadata_synced_at: new Date(T0.getTime() - 3_600_000).toISOString(),
    });
    const svc = await backgroundService();
    svc.refreshShowInBackground(show.id);
    await svc.idle();
    expect(world.standIn.hits).toEqual([]);

    const off = await backgroundService({
      config: { tvmazeBaseUrl: world.standIn.baseUrl, metadataSync: false },
      now: () => new Date(T0.getTime() + 2 * 86_400_000),
    });
    off.refreshShowInBackground(show.id);
    await off.idle();
    expect(world.standIn.hits).toEqual([]);

    const dayLater = await backgroundService({ now: () => new Date(T0.getTime() + 86_400_000) });
    dayLater.refreshShowInBackground(show.id);
    await dayLater.idle();
    expect(world.standIn.hits).toHaveLength(2);
  });
});

describe('syncSchedule', () => {
  const scheduleShowIds = new Set(webSchedule.map((e) => e._embedded!.show!.id));

  it('inserts the shows and episodes of a day, updating shows we already have in place', async () => {
    const existing = await buildTvmazeShow(world.db, 59201, {
      title: 'Old name',
      bangumi_id: 42,
    });
    const result = await service().syncSchedule('2024-01-15');
    expect(world.standIn.hits.sort()).toEqual([
      '/schedule/web?date=2024-01-15',
      '/schedule?date=2024-01-15&country=US',
    ]);
    expect(result.shows).toEqual({ inserted: scheduleShowIds.size - 1, updated: 1, unchanged: 0 });
    expect(result.episodes).toEqual({ inserted: webSchedule.length, updated: 0, unchanged: 0 });
    expect(await count('shows')).toBe(scheduleShowIds.size);
    expect(await count('episodes')).toBe(webSchedule.length);

    const restoran = await showById(existing.id);
    expect(restoran).toMatchObject({
      source_id: 'tvmaze:59201',
      title: 'Ресторан по понятиям',
      status: 'completed',
      streaming_service: 'Premier',
      country: 'RU',
      bangumi_id: 42,
      episodes_complete: 0,
    });
    const episodes = await episodesOf(existing.id);
    expect(episodes.map((e) => [e.season_number, e.episode_number, e.air_date])).toContainEqual([
      3,
      9,
      '2024-01-15',
    ]);
    expect(await genresOf(existing.id)).toEqual(['Comedy', 'Crime']);

    const maomao = await world.db.kysely
      .selectFrom('shows')
      .selectAll()
      .where('title', '=', 'Maomao no Hitorigoto')
      .executeTakeFirstOrThrow();
    expect(maomao).toMatchObject({ kind: 'anime', source: 'tvmaze', metadata_synced_at: null });
    expect(maomao.source_url).toMatch(/^https:\/\/www\.tvmaze\.com\/shows\//);
    const seasons = await world.db.kysely
      .selectFrom('seasons')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('show_id', '=', maomao.id)
      .executeTakeFirstOrThrow();
    expect(Number(seasons.n)).toBe(1);
    const overviews = await world.db.kysely.selectFrom('episodes').select('overview').execute();
    expect(overviews.some((o) => /<[a-z/]|&amp;/i.test(o.overview ?? ''))).toBe(false);

    const again = await service().syncSchedule('2024-01-15');
    expect(again.shows).toEqual({ inserted: 0, updated: 0, unchanged: scheduleShowIds.size });
    expect(again.episodes).toEqual({ inserted: 0, updated: 0, unchanged: webSchedule.length });
    expect(await count('shows')).toBe(scheduleShowIds.size);
  });

  it('a complete list that gains an episode from the schedule is no longer marked complete', async () => {
    const show = await buildTvmazeShow(world.db, 59201, {
      title: 'Ресторан по понятиям',
      episodes_complete: 1,
      season_count: 3,
      episode_count: 30,
      metadata_synced_at: T0.toISOString(),
    });
    await service().syncSchedule('2024-01-15');
    expect(await showById(show.id)).toMatchObject({
      episodes_complete: 0,
      metadata_synced_at: null,
      // The catalogue's figures no longer hold; the counts are those of the episodes stored
      // (here the one the schedule brought), as for every show with episodes (defect 12).
      season_count: 1,
      episode_count: 1,
    });
  });
});

describe('syncStale', () => {
  it("refreshes stale TVmaze shows, most recently aired first, then the day's schedule", async () => {
    const day = new Date('2024-01-15T18:00:00.000Z');
    const gotShow = await seedGot();
    const fresh = await buildTvmazeShow(world.db, 1, {
      metadata_synced_at: day.toISOString(),
    });
    const older = await buildTvmazeShow(world.db, 2, {
      last_air_date: '2015-09-10',
    });
    const recent = await buildTvmazeShow(world.db, 3, {
      metadata_synced_at: '2024-01-01T00:00:00.000Z',
    });
    const stamp = day.toISOString();
    await world.db.kysely
      .insertInto('episodes')
      .values({
        source_id: 'tvmaze:123',
        source_hash: 'x',
        show_id: recent.id,
        type: 'regular',
        air_date: '2024-01-10',
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await buildShow(world.db, { source: 'bangumi-data', source_id: 'bangumi:9' });

    const ids = await createMetadataRepository(world.db.kysely).staleShowIds({
      cutoff: '2024-01-14T18:00:00.000Z',
      today: '2024-01-15',
      limit: 10,
    });
    expect(ids).toEqual([recent.id, older.id, gotShow.id]);
    expect(ids).not.toContain(fresh.id);

    const progress: [number, number][] = [];
    const result = await service({ now: () => day }).syncStale({
      limit: 2,
      onProgress: (d, t) => progress.push([d, t]),
    });
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(result).toMatchObject({ offline: false, refreshed: 2, failed: 0 });
    expect(result.schedule!.episodes.inserted).toBe(webSchedule.length);
    expect(world.standIn.hitsOf('/shows/3')).toBe(2);
    expect(world.standIn.hitsOf('/shows/2')).toBe(2);
    expect(world.standIn.hitsOf('/shows/82')).toBe(0);
    expect((await showById(older.id)).metadata_synced_at).toBe(day.toISOString());
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTvmazeShow } from '../../../test/factories';
import { emptyCatalogue, useTvmazeWorld } from '../../../test/tvmaze-world';
import { recordedTvmaze } from '../../../test/tvmaze-stand-in';
import { createJobs, type Jobs } from '../../platform/jobs/jobs';
import { createCatalogIndex } from './catalog-index';
import { createMetadataService } from './metadata.service';
import type { TvmazeShow } from './tvmaze.mapper';

const sopranos = recordedTvmaze<TvmazeShow>('shows-527.json');
const page0 = recordedTvmaze<TvmazeShow[]>('shows-page-0.json');

let jobs: Jobs | null = null;
const world = useTvmazeWorld();
beforeEach(async () => {
  // The index has two pages here: the recorded page 0 and a page 1 with The Sopranos.
  world.standIn.serve('/shows?page=1', [sopranos]);
  await emptyCatalogue(world.db, ['catalog_sync_state']);
});
afterEach(async () => {
  await jobs?.stop();
  jobs = null;
});

const T0 = new Date('2026-03-01T12:00:00.000Z');

function build(opts: { withJobs?: boolean } = {}) {
  if (opts.withJobs)
    jobs = createJobs({
      db: world.db,
      log: { info() {}, warn() {}, error() {} },
      pollIntervalMs: 20,
    });
  const metadata = createMetadataService({
    db: world.db,
    config: { tvmazeBaseUrl: world.standIn.baseUrl, metadataSync: true },
    now: () => T0,
    ...(jobs ? { jobs } : {}),
  });
  const index = createCatalogIndex({
    db: world.db,
    metadata,
    ...(jobs ? { jobs } : {}),
    now: () => T0,
  });
  return { metadata, index };
}

const tvmazeCount = async () =>
  Number(
    (
      await world.db.kysely
        .selectFrom('shows')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tvmaze_id', 'is not', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('catalog:sync --all (TVmaze show index)', () => {
  it('reads every page once, with progress to a known end, and adds each show once', async () => {
    const { index } = build();
    const seen: [number, number][] = [];
    const result = await index.syncIndex({
      onProgress: (p) => seen.push([p.page, p.lastPage]),
    });
    expect(result).toMatchObject({ done: true, offline: false, added: page0.length + 1 });
    expect(seen).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
    expect(await tvmazeCount()).toBe(page0.length + 1);
    // The pages read to find the end are not fetched again to be written.
    expect(world.standIn.hitsOf('/shows?page=0')).toBe(1);
    expect(world.standIn.hitsOf('/shows?page=1')).toBe(1);
    // Next time it starts from the last page: new shows TVmaze adds at the end come in.
    world.standIn.hits.length = 0;
    const again = await index.syncIndex();
    expect(again).toMatchObject({ startedAt: 1, done: true, added: 0 });
    expect(world.standIn.hitsOf('/shows?page=0')).toBe(0);
    expect(await tvmazeCount()).toBe(page0.length + 1);
  });

  it('resumes after being stopped half-way, without reading a page twice', async () => {
    const { index } = build();
    const controller = new AbortController();
    const first = await index.syncIndex({
      signal: controller.signal,
      // Stopped (Ctrl-C, or killed) once page 0 is in.
      onProgress: (p) => {
        if (p.page === 1) controller.abort();
      },
    });
    expect(first).toMatchObject({ done: false, page: 1, added: page0.length });
    expect(await index.readCursor()).toBe(1);

    world.standIn.hits.length = 0;
    const second = await build().index.syncIndex();
    expect(second).toMatchObject({ startedAt: 1, done: true, added: 1 });
    expect(world.standIn.hitsOf('/shows?page=0')).toBe(0);
    expect(await tvmazeCount()).toBe(page0.length + 1);
  });

  it('keeps a show the catalogue had (same row, record merged) and says TVmaze is offline', async () => {
    const got = await buildTvmazeShow(world.db, 82, {
      title: 'Game of Thrones (old copy)',
    });
    const { index } = build();
    await index.syncIndex();
    const row = await world.db.kysely
      .selectFrom('shows')
      .select(['id', 'title'])
      .where('tvmaze_id', '=', 82)
      .execute();
    expect(row).toEqual([{ id: got.id, title: 'Game of Thrones' }]);

    world.standIn.setDown(true);
    const cursor = await index.readCursor();
    const offline = await build().index.syncIndex({ restart: true });
    expect(offline).toMatchObject({ offline: true, done: false, added: 0 });
    expect(await index.readCursor()).toBe(cursor);
  });
});

describe('the daily TVmaze updates job', () => {
  it('refreshes the shows TVmaze changed since we synced them, and only those', async () => {
    const changed = await buildTvmazeShow(world.db, 82, {
      title: 'Game of Thrones',
      metadata_synced_at: '2026-01-01T00:00:00.000Z',
    });
    const fresh = await buildTvmazeShow(world.db, 1, {
      title: 'Under the Dome',
      metadata_synced_at: '2026-02-28T00:00:00.000Z',
    });
    const at = (iso: string) => Date.parse(iso) / 1000;
    world.standIn.serve('/updates/shows', {
      '82': at('2026-02-15T00:00:00Z'),
      '1': at('2026-02-01T00:00:00Z'),
      '424242': at('2026-02-20T00:00:00Z'), // not ours: nothing is added from the feed
    });
    const { index, metadata } = build({ withJobs: true });
    await jobs!.start();
    const result = await index.applyUpdates('day');
    expect(result).toEqual({ reported: 3, stale: 1, queued: 1, offline: false });
    await metadata.idle();

    const episodes = await world.db.kysely
      .selectFrom('episodes')
      .select('show_id')
      .where('show_id', 'in', [changed.id, fresh.id])
      .execute();
    expect(episodes.length).toBe(73);
    expect(new Set(episodes.map((e) => e.show_id))).toEqual(new Set([changed.id]));
    expect(world.standIn.hitsOf('/shows/1')).toBe(0);
    expect(await tvmazeCount()).toBe(2);
  });

  it('says offline and queues nothing when TVmaze is down', async () => {
    world.standIn.setDown(true);
    const { index } = build();
    expect(await index.applyUpdates()).toEqual({
      reported: 0,
      stale: 0,
      queued: 0,
      offline: true,
    });
  });
});

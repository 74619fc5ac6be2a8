import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { createTestDb, countRows } from '../../../test/test-db';
import type { Db } from '../../db/connection';
import { importCatalog, importCatalogIfEmpty, readCatalogFile } from './catalog.importer';
import type { CatalogFile } from './catalog.schema';

const bundled = readCatalogFile(path.join(repoRoot, 'data/catalog.json.gz'));

/** A small real slice: Game of Thrones (complete episode list), other TVmaze shows, anime. */
function slice(): CatalogFile {
  const pick = (ids: string[]) =>
    ids.map((id) => structuredClone(bundled.shows.find((s) => s.id === id)!));
  const got = 'tvmaze:82';
  const withAlternatives = bundled.shows.find((s) => s.titleAlternatives.length > 1)!.id;
  const tvmazeWithEpisodes = bundled.shows
    .filter((s) => s.source === 'tvmaze' && s.episodes.length > 0 && s.id !== got)
    .slice(0, 5)
    .map((s) => s.id);
  return { ...bundled, shows: pick([got, withAlternatives, ...tvmazeWithEpisodes]) };
}

let db: Db & { drop(): Promise<void> };
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.drop());

const count = (table: 'shows' | 'episodes' | 'seasons' | 'show_genres' | 'show_titles') =>
  countRows(db, table);

describe('catalogue import', () => {
  it('the bundled file is the real catalogue', () => {
    expect(bundled.shows).toHaveLength(8809);
    expect(bundled.attribution).toContain('TVmaze');
  });

  it('maps shows, episodes, seasons, genres and titles, keeping external ids', async () => {
    const catalog = slice();
    const progress: number[] = [];
    const result = await importCatalog(db, catalog, {
      batchSize: 3,
      onProgress: (done) => progress.push(done),
    });
    expect(result.shows).toMatchObject({ total: 7, inserted: 7, updated: 0, unchanged: 0 });
    const episodeTotal = catalog.shows.reduce((n, s) => n + s.episodes.length, 0);
    expect(result.episodes.inserted).toBe(episodeTotal);
    expect(progress).toEqual([3, 6, 7]);

    const got = await db.kysely
      .selectFrom('shows')
      .selectAll()
      .where('source_id', '=', 'tvmaze:82')
      .executeTakeFirstOrThrow();
    expect(got).toMatchObject({
      title: 'Game of Thrones',
      kind: 'series',
      status: 'completed',
      tvmaze_id: 82,
      imdb_id: 'tt0944947',
      tvdb_id: 121361,
      network_name: 'HBO',
      schedule_days: 'Sunday',
      episodes_complete: 1,
      episode_count: 73,
    });
    const seasons = await db.kysely
      .selectFrom('seasons')
      .select(['number', 'episode_count'])
      .where('show_id', '=', got.id)
      .orderBy('number')
      .execute();
    expect(seasons.map((s) => s.episode_count)).toEqual([10, 10, 10, 10, 10, 10, 7, 6]);
    const genres = await db.kysely
      .selectFrom('show_genres')
      .innerJoin('genres', 'genres.id', 'show_genres.genre_id')
      .select('genres.name')
      .where('show_genres.show_id', '=', got.id)
      .orderBy('genres.name')
      .execute();
    expect(genres.map((g) => g.name)).toEqual(['Adventure', 'Drama', 'Fantasy']);
    expect(await count('show_titles')).toBeGreaterThan(1);
  });

  it('re-running the same snapshot changes nothing', async () => {
    const before = await db.kysely
      .selectFrom('shows')
      .select(['id', 'source_id', 'updated_at'])
      .orderBy('id')
      .execute();
    const counts = [
      await count('shows'),
      await count('episodes'),
      await count('seasons'),
      await count('show_genres'),
      await count('show_titles'),
    ];
    const result = await importCatalog(db, slice());
    expect(result.shows).toMatchObject({ inserted: 0, updated: 0, unchanged: 7 });
    expect(result.episodes.inserted + result.episodes.updated).toBe(0);
    expect(
      await db.kysely
        .selectFrom('shows')
        .select(['id', 'source_id', 'updated_at'])
        .orderBy('id')
        .execute(),
    ).toEqual(before);
    expect([
      await count('shows'),
      await count('episodes'),
      await count('seasons'),
      await count('show_genres'),
      await count('show_titles'),
    ]).toEqual(counts);
  });

  it('a newer snapshot updates in place, keeping ids', async () => {
    const catalog = slice();
    const got = catalog.shows[0]!;
    got.status = 'airing';
    got.genres = ['Drama'];
    got.episodes.push({
      ...got.episodes.at(-1)!,
      id: 'tvmaze:999999999',
      season: 9,
      number: 1,
      title: 'A new season',
    });
    const idBefore = (
      await db.kysely
        .selectFrom('shows')
        .select('id')
        .where('source_id', '=', got.id)
        .executeTakeFirstOrThrow()
    ).id;

    const result = await importCatalog(db, catalog);
    expect(result.shows).toMatchObject({ inserted: 0, updated: 1, unchanged: 6 });
    expect(result.episodes).toMatchObject({ inserted: 1, updated: 0 });
    const row = await db.kysely
      .selectFrom('shows')
      .selectAll()
      .where('source_id', '=', got.id)
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(idBefore);
    expect(row.status).toBe('airing');
    const genres = await db.kysely
      .selectFrom('show_genres')
      .select('genre_id')
      .where('show_id', '=', row.id)
      .execute();
    expect(genres).toHaveLength(1);
    const season9 = await db.kysely
      .selectFrom('seasons')
      .selectAll()
      .where('show_id', '=', row.id)
      .where('number', '=', 9)
      .executeTakeFirst();
    expect(season9?.episode_count).toBe(1);
  });

  it('refuses a malformed file with a clear message', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-cat-'));
    const file = path.join(dir, 'bad.json.gz');
    fs.writeFileSync(
      file,
      gzipSync(
        JSON.stringify({
          schemaVersion: 1,
          generatedAt: 'x',
          attribution: 'y',
          shows: [{ id: 'x' }],
        }),
      ),
    );
    expect(() => readCatalogFile(file)).toThrow(/not a valid catalogue: shows\.0\./);
    fs.rmSync(dir, { recursive: true });
  });

  it('first start imports only into an empty catalogue', async () => {
    const logs: string[] = [];
    const log = { info: (_: object, msg?: string) => logs.push(msg ?? '') };
    expect(
      await importCatalogIfEmpty(db, path.join(repoRoot, 'data/catalog.json.gz'), log),
    ).toBeNull();
  });
});

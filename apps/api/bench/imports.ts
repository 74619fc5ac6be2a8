import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import type { Db } from '../src/db/connection';
import type { Services } from '../src/platform/services';
import { insertMemberRow } from '../test/factories';

/**
 * Issue 13's benchmark: a generated ten-year Trakt export (20,000 plays, 1,000 ratings,
 * 20 lists of 25 shows, a 100-show watchlist) imported into a fresh account of the bench
 * database, whose catalogue gets 250 generated shows of 8 seasons × 10 episodes (plus a
 * special each) beside the bundled one. Reports the time and the peak memory of the import.
 * Issue 19: one show in five has a partial episode list (TVmaze has brought seasons 1-3 only),
 * so its later plays are held, and 1,000 plays are rewatches; the bench reports plays kept and
 * checks that an export → import round trip keeps every one.
 */
const SHOWS = 250;
const SEASONS = 8;
const PER_SEASON = 10;
const TVDB_BASE = 90_000_000;
/** Shows whose catalogue list is partial (seasons 1..PARTIAL_SEASONS only). */
const partial = (s: number) => s % 5 === 0;
const PARTIAL_SEASONS = 3;
const REWATCHES = 1000;

export async function seedImportCatalogue(db: Db) {
  const now = new Date().toISOString();
  for (let s = 0; s < SHOWS; s++) {
    const show = await db.kysely
      .insertInto('shows')
      .values({
        source_id: `bench:${s}`,
        source: 'bench',
        source_hash: `bench-${s}`,
        kind: 'series',
        title: `Bench Show ${s}`,
        status: partial(s) ? 'airing' : 'completed',
        episodes_complete: partial(s) ? 0 : 1,
        tvdb_id: TVDB_BASE + s,
        first_air_date: '2012-01-01',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = [];
    for (let season = 1; season <= (partial(s) ? PARTIAL_SEASONS : SEASONS); season++)
      for (let n = 1; n <= PER_SEASON; n++)
        rows.push({
          source_id: `bench:${s}:${season}:${n}`,
          source_hash: 'x',
          show_id: show.id,
          season_number: season,
          episode_number: n,
          type: 'regular',
          air_date: `${2011 + season}-0${1 + (n % 9)}-1${n % 10}`,
          created_at: now,
          updated_at: now,
        });
    rows.push({
      source_id: `bench:${s}:special`,
      source_hash: 'x',
      show_id: show.id,
      season_number: 1,
      episode_number: null,
      type: 'special',
      air_date: '2012-12-24',
      created_at: now,
      updated_at: now,
    });
    await db.kysely.insertInto('episodes').values(rows).execute();
  }
}

const showRef = (s: number) => ({
  title: `Bench Show ${s}`,
  year: 2012,
  ids: { trakt: 1000 + s, slug: `bench-show-${s}`, tvdb: TVDB_BASE + s, imdb: null, tmdb: null },
});

/** Writes the export ZIP (paged history, newest first, as Trakt does) and returns its path. */
export async function generateTraktExport(dir: string): Promise<{ file: string; plays: number }> {
  const plays: object[] = [];
  const start = Date.UTC(2016, 0, 1);
  const span = 10 * 365 * 86_400_000;
  let id = 10_000_000_000;
  let i = 0;
  for (let s = 0; s < SHOWS; s++)
    for (let season = 1; season <= SEASONS; season++)
      for (let n = 1; n <= PER_SEASON; n++) {
        const at = new Date(start + Math.floor((i++ / (SHOWS * SEASONS * PER_SEASON)) * span));
        at.setUTCSeconds(0, 0);
        plays.push({
          id: id++,
          watched_at: at.toISOString(),
          action: 'watch',
          type: 'episode',
          episode: { season, number: n, title: `Episode ${n}`, ids: { trakt: id, tvdb: null } },
          show: showRef(s),
        });
      }
  // Rewatches: season 1 of every other show seen again a year later.
  for (let k = 0; k < REWATCHES; k++) {
    const s = (k % (SHOWS / 2)) * 2 + 1;
    const at = new Date(start + 365 * 86_400_000 + k * 3_600_000);
    plays.push({
      id: id++,
      watched_at: at.toISOString(),
      action: 'watch',
      type: 'episode',
      episode: { season: 1, number: 1 + (Math.floor(k / (SHOWS / 2)) % PER_SEASON), ids: {} },
      show: showRef(s),
    });
  }
  plays.sort((a, b) =>
    (b as { watched_at: string }).watched_at.localeCompare(
      (a as { watched_at: string }).watched_at,
    ),
  );
  const zip = new yazl.ZipFile();
  const add = (name: string, value: unknown) =>
    zip.addBuffer(Buffer.from(JSON.stringify(value)), name);
  const pageSize = 5000;
  for (let p = 0; p * pageSize < plays.length; p++)
    add(`watched-history-${p + 1}.json`, plays.slice(p * pageSize, (p + 1) * pageSize));
  add(
    'ratings-shows.json',
    Array.from({ length: SHOWS }, (_, s) => ({
      rated_at: new Date(start + s * 86_400_000).toISOString(),
      rating: 1 + (s % 10),
      type: 'show',
      show: showRef(s),
    })),
  );
  add(
    'ratings-episodes.json',
    Array.from({ length: 1000 - SHOWS }, (_, k) => ({
      rated_at: new Date(start + k * 3_600_000).toISOString(),
      rating: 1 + (k % 10),
      type: 'episode',
      episode: { season: 1, number: 1 + (k % PER_SEASON), ids: {} },
      show: showRef(k % SHOWS),
    })),
  );
  add(
    'lists-watchlist.json',
    Array.from({ length: 100 }, (_, k) => ({
      rank: k + 1,
      listed_at: new Date(start + k * 86_400_000).toISOString(),
      type: 'show',
      show: showRef((k * 7) % SHOWS),
    })),
  );
  add(
    'lists-lists.json',
    Array.from({ length: 20 }, (_, l) => ({
      name: `Bench list ${l}`,
      description: null,
      created_at: new Date(start + l * 86_400_000).toISOString(),
      ids: { trakt: 500 + l, slug: `bench-list-${l}` },
    })),
  );
  for (let l = 0; l < 20; l++)
    add(
      `lists-list-${500 + l}-bench-list-${l}.json`,
      Array.from({ length: 25 }, (_, k) => ({
        rank: k + 1,
        listed_at: new Date(start + k * 86_400_000).toISOString(),
        type: 'show',
        show: showRef((l * 25 + k) % SHOWS),
      })),
    );
  add('comments-shows.json', []);
  zip.end();
  const file = path.join(dir, 'trakt-ten-years.zip');
  await new Promise<void>((resolve, reject) =>
    zip.outputStream.pipe(fs.createWriteStream(file)).on('close', resolve).on('error', reject),
  );
  return { file, plays: plays.length };
}

/** A member straight in the table (no password to hash), named `{prefix}_{time}`. */
const benchMember = (db: Db, prefix: string) => insertMemberRow(db, `${prefix}_${Date.now()}`);

/** Imports the generated export for a new member and prints time and peak memory. */
export async function benchImport(db: Db, services: Services) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-bench-import-'));
  try {
    await seedImportCatalogue(db);
    const { file, plays } = await generateTraktExport(dir);
    const user = await benchMember(db, 'bench_import');
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    const t0 = performance.now();
    const result = await services.imports.importNow(user.id, file, null, () => undefined);
    const ms = performance.now() - t0;
    clearInterval(sampler);
    const again0 = performance.now();
    const again = await services.imports.importNow(user.id, file, null, () => undefined);
    const againMs = performance.now() - again0;
    const r = result.report!;
    const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `  import of a ten-year Trakt export (${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB ZIP: ${plays.toLocaleString('en')} plays, 1,000 ratings, 20 lists): ` +
        `${(ms / 1000).toFixed(2)} s — ${r.episodes.marked} episodes marked, ${r.shows.matched} shows, ` +
        `${r.ratings} scores, ${r.lists} lists, ${r.watchlist} watchlist items; ` +
        `peak RSS ${mb(peakRss)} (+${mb(peakRss - base.rss)}), peak heap ${mb(peakHeap)} (+${mb(peakHeap - base.heapUsed)})`,
    );
    console.log(
      `  the same file again: ${(againMs / 1000).toFixed(2)} s — ${again.report!.episodes.marked} new episodes, ${again.report!.lists} new lists`,
    );
    // Plays kept (issue 19): every play lands on an episode as a play (rewatches too) or is
    // held; counted from the rows, not from the report.
    const countOf = async (
      table: 'episode_plays' | 'episode_progress' | 'import_held_episodes',
      userId: number,
    ) =>
      Number(
        (
          await db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [played, heldRows] = await Promise.all([
      countOf('episode_plays', user.id),
      countOf('import_held_episodes', user.id),
    ]);
    console.log(
      `  plays kept: ${(played + heldRows).toLocaleString('en')} of ${plays.toLocaleString('en')} (${played} plays on ${r.episodes.marked} episodes, ` +
        `${r.episodes.rewatches ?? 0} of them rewatches, ${heldRows} held, ` +
        `${r.episodes.unmatched} not in a complete list; ${r.episodeRatings ?? 0} episode ratings)`,
    );
    // The round trip: export this member, import the file into a fresh account.
    const exportFile = path.join(dir, 'export.json');
    await new Promise<void>((resolve, reject) =>
      services.exporter
        .json(user.id)
        .pipe(fs.createWriteStream(exportFile))
        .on('close', resolve)
        .on('error', reject),
    );
    const twin = await benchMember(db, 'bench_twin');
    const rt0 = performance.now();
    await services.imports.importNow(twin.id, exportFile, null, () => undefined);
    const rtMs = performance.now() - rt0;
    const [p1, h1, p2, h2, w1, w2] = await Promise.all([
      countOf('episode_plays', user.id),
      countOf('import_held_episodes', user.id),
      countOf('episode_plays', twin.id),
      countOf('import_held_episodes', twin.id),
      countOf('episode_progress', user.id),
      countOf('episode_progress', twin.id),
    ]);
    console.log(
      `  export → import round trip: ${(rtMs / 1000).toFixed(2)} s — plays ${p2}/${p1}, episodes watched ${w2}/${w1}, held ${h2}/${h1}` +
        (p1 === p2 && w1 === w2 && h1 === h2 ? ' (every play kept)' : ' (PLAYS LOST)'),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench [-- --db sqlite|postgres|both] [-- --quick] [-- --no-cache] [-- --compressed]
 *   [-- --only imports|people|reach|calendar|trakt|year|recommendations]
 *   [-- --db postgres --scale large|medium]`
 *
 * Builds the real app on a fresh database filled with the bundled catalogue and measures:
 * - latency (p50/p95/p99) of catalogue, tracking and reviews endpoints through app.inject (no
 *   network, one at a time; 100,000 demo reviews for the reviews feed and review pages);
 * - the table of issue 8 §7: each hot read loaded over loopback HTTP with autocannon
 *   (32 connections) against a hello-world Fastify in the same run — req/s, ratio, p50, p99 —
 *   plus the latency of each URL's first request (a cache miss).
 * PostgreSQL: a throwaway database on BENCH_PG_URL (default the local server), dropped after.
 * Figures are for comparing changes on one machine; nothing here asserts a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../src/config';
import { connect } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { importCatalog, readCatalogFile } from '../src/platform/services';
import { benchLarge } from './large';
import { PG_URL, quick, responseCache, scale, SECONDS, which } from './options';
import { benchOn } from './scenarios';

/** The databases the scenarios run on: a SQLite file, a throwaway PostgreSQL database, or both. */
async function main() {
  console.log(
    `Series Tracker benchmark — ${os.cpus().length} cores, Node ${process.version}${quick ? ' (quick)' : ''}` +
      (responseCache
        ? ' — catalogue reads cached after their first request'
        : ' — response cache off'),
  );

  if (which === 'sqlite' || which === 'both') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-bench-'));
    const db = connect(`file:${path.join(dir, 'bench.db')}`);
    try {
      await benchOn(db, 'SQLite (file, WAL)');
    } finally {
      await db.close();
      if (process.env.BENCH_KEEP_DB) console.log(`  kept ${dir}`);
      else fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (scale && which !== 'postgres')
    throw new Error('--scale runs on PostgreSQL: add --db postgres');
  if (which === 'postgres' || which === 'both') {
    const name = `series_tracker_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
    } catch (err) {
      console.log(
        `\n== PostgreSQL skipped: cannot connect to ${PG_URL} (${(err as Error).message})`,
      );
      return;
    }
    await admin.query(`create database ${name}`);
    const db = connect(`${PG_URL.replace(/\/[^/]*$/, '')}/${name}`);
    try {
      if (scale) {
        await migrateToLatest(db);
        await importCatalog(db, readCatalogFile(path.join(repoRoot, 'data/catalog.json.gz')));
        await benchLarge(db, scale, SECONDS);
      } else await benchOn(db, 'PostgreSQL');
    } finally {
      await db.close();
      if (process.env.BENCH_KEEP_DB) console.log(`  kept database ${name} (BENCH_KEEP_DB)`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

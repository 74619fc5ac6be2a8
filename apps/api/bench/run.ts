/**
 * `npm run bench [-- --db sqlite|postgres|both] [-- --quick]`
 *
 * Builds the real app on a fresh database filled with the bundled catalogue and measures:
 * - latency (p50/p95/p99) of catalogue endpoints through app.inject (no network, one at a time);
 * - throughput over loopback HTTP with autocannon for a hot show read vs a hello-world Fastify.
 * PostgreSQL: a throwaway database on BENCH_PG_URL (default the local server), dropped after.
 * Figures are for comparing changes on one machine; nothing here asserts a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, repoRoot } from '../src/config';
import { connect, type Db } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { importCatalog, readCatalogFile } from '../src/features/catalog/catalog.importer';

const args = process.argv.slice(2);
const which = args.includes('--db') ? args[args.indexOf('--db') + 1] : 'both';
const quick = args.includes('--quick');
const ITER = quick ? 200 : 1000;
const SECONDS = quick ? 3 : 8;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function timeRequests(app: Awaited<ReturnType<typeof buildApp>>, name: string, urls: string[]) {
  for (let i = 0; i < 50; i++) await app.inject({ url: urls[i % urls.length]! }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < ITER; i++) {
    const url = urls[i % urls.length]!;
    const t0 = performance.now();
    const res = await app.inject({ url });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${name.padEnd(34)} p50 ${fmt(pct(times, 50)).padStart(9)}  p95 ${fmt(pct(times, 95)).padStart(9)}  p99 ${fmt(pct(times, 99)).padStart(9)}  (${ITER} requests)`);
}

async function throughput(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: SECONDS, pipelining: 1 });
  return result.requests.average;
}

async function helloWorldRps(): Promise<number> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const rps = await throughput(`http://127.0.0.1:${port}/`);
  await app.close();
  return rps;
}

async function benchOn(db: Db, label: string, hello: number) {
  console.log(`\n== ${label}`);
  const migrated = performance.now();
  await migrateToLatest(db);
  const catalog = readCatalogFile(path.join(repoRoot, 'data/catalog.json.gz'));
  const imported = await importCatalog(db, catalog);
  console.log(`  migrate + import of ${catalog.shows.length} shows: ${((performance.now() - migrated) / 1000).toFixed(1)} s (import ${imported.ms} ms)`);

  const config = { ...loadConfig({}), logLevel: 'silent' as const, webDistDir: null, metadataSync: false, catalogAutoImport: false };
  const app = await buildApp({ config, db });
  await app.ready();

  const ids = (await db.kysely.selectFrom('shows').select('id').orderBy('popularity', 'desc').limit(200).execute()).map((r) => r.id);
  const queries = ['br', 'bre', 'brea', 'breaking', 'brakng bad', 'game of', 'thrones', 'pokemon', 'Pokémon', 'doctor who', 'frieren', '進撃', 'shield', 'the', 'office', 'xyzzy'];

  await timeRequests(app, 'GET /api/search/suggestions (limit 6)', queries.map((q) => `/api/search/suggestions?limit=6&q=${encodeURIComponent(q)}`));
  await timeRequests(app, 'GET /api/shows/{id}', ids.map((id) => `/api/shows/${id}`));
  await timeRequests(app, 'GET /api/shows (popular, 20)', ['/api/shows?limit=20', '/api/shows?limit=20&offset=100', '/api/shows?genre=Drama&limit=20']);
  await timeRequests(app, 'GET /api/search (q, limit 50)', queries.map((q) => `/api/search?limit=50&q=${encodeURIComponent(q)}`));
  await timeRequests(app, 'GET /api/shows/trending', ['/api/shows/trending']);
  await timeRequests(app, 'GET /api/episodes/show/{id}', ids.slice(0, 50).map((id) => `/api/episodes/show/${id}`));

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const showRps = await throughput(`http://127.0.0.1:${port}/api/shows/${ids[0]}`);
  const suggestRps = await throughput(`http://127.0.0.1:${port}/api/search/suggestions?limit=6&q=breaking`);
  console.log(`  HTTP throughput (10 connections, ${SECONDS} s): /api/shows/{id} ${Math.round(showRps)} req/s = ${((showRps / hello) * 100).toFixed(0)} % of hello-world; suggestions ${Math.round(suggestRps)} req/s`);
  await app.close();
}

async function main() {
  console.log(`Series Tracker benchmark — ${os.cpus().length} cores, Node ${process.version}${quick ? ' (quick)' : ''}`);
  const hello = await helloWorldRps();
  console.log(`Fastify hello-world: ${Math.round(hello)} req/s`);

  if (which === 'sqlite' || which === 'both') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-bench-'));
    const db = connect(`file:${path.join(dir, 'bench.db')}`);
    try {
      await benchOn(db, 'SQLite (file, WAL)', hello);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (which === 'postgres' || which === 'both') {
    const name = `series_tracker_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
    } catch (err) {
      console.log(`\n== PostgreSQL skipped: cannot connect to ${PG_URL} (${(err as Error).message})`);
      return;
    }
    await admin.query(`create database ${name}`);
    const db = connect(`${PG_URL.replace(/\/[^/]*$/, '')}/${name}`);
    try {
      await benchOn(db, 'PostgreSQL', hello);
    } finally {
      await db.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

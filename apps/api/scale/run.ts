/**
 * Issue 20's scale and fault test (ADR 142), run in CI after `npm run build`:
 * `npm run scale-test`. Two compiled app servers share a throwaway PostgreSQL database and a
 * redis-server of the test's own, under a light load of members; then, in turn, PostgreSQL's
 * connections are terminated, Redis is stopped and restarted, a write on one server is read on
 * the other, a server is killed mid-import, and a server is stopped with SIGTERM. Prints a table
 * and exits 1 on any failed check. Everything is loopback; every child is killed on exit and
 * the database is dropped.
 *
 * Env: PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), SCALE_PORT (3220:
 * servers on it and the next), SCALE_REDIS_PORT (6391), SCALE_KEEP_LOGS=1 keeps the log folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generateTraktExport, seedImportCatalogue } from '../bench/imports';
import { connect } from '../src/db/connection';
import { Client, startLoad, type Ledger, type Server } from './load';
import { record, RECOVERY_MS, type Ctx } from './context';
import { crossServer } from './cross-server';
import { terminatePostgres } from './database';
import { stopRedis } from './redis';
import { drain, killedImport } from './servers';
import { clock, killAll, sleep, startRedis, startServer, stop, tail, type Proc } from './processes';
import { join, Outbox } from './registration';
import { verifyDatabase } from './verify';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const basePort = Number(process.env.SCALE_PORT ?? 3220);
const redisPort = Number(process.env.SCALE_REDIS_PORT ?? 6391);
const LIST_LIMIT = 20;
const DRAIN_SECONDS = 2;

async function main(): Promise<number> {
  const server = path.join(repoRoot, 'apps/api/dist/server.js');
  if (!fs.existsSync(server))
    throw new Error('apps/api/dist/server.js is missing: run `npm run build` first');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-test-'));
  const logDir = path.join(work, 'logs');
  fs.mkdirSync(logDir);
  const dbName = `series_tracker_scale_${process.pid}`;
  const dbUrl = `${adminUrl.replace(/\/[^/]*$/, '')}/${dbName}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${dbName}`);
  const all: Proc[] = [];
  let failed = true;
  try {
    const started = clock();
    const redis = await startRedis(redisPort, logDir);
    all.push(redis);
    const serverEnv: NodeJS.ProcessEnv = {
      DATABASE_URL: dbUrl,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_PREFIX: `scale-${process.pid}:`,
      METADATA_SYNC: 'off',
      CATALOG_AUTO_IMPORT: 'off',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '100000',
      LIST_WRITE_RATE_LIMIT_MAX: String(LIST_LIMIT),
      LIST_WRITE_RATE_LIMIT_WINDOW: '10 minutes',
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      JOBS_HEARTBEAT_SECONDS: '2',
      JOBS_STALE_AFTER_SECONDS: '6',
      IMPORT_DIR: path.join(work, 'imports'),
      UPLOAD_DIR: path.join(work, 'uploads'),
      MAIL_OUTBOX_DIR: path.join(work, 'outbox'),
      IMPORT_MAIL_AFTER_SECONDS: '3600',
    };
    const servers = {
      A: { name: 'A', url: `http://127.0.0.1:${basePort}` } satisfies Server,
      B: { name: 'B', url: `http://127.0.0.1:${basePort + 1}` } satisfies Server,
    };
    const [A, B] = await Promise.all([
      startServer('A', basePort, serverEnv, { repoRoot, logDir }),
      startServer('B', basePort + 1, serverEnv, { repoRoot, logDir }),
    ]);
    all.push(A, B);
    console.log(
      `      two servers ready in ${clock() - started} ms (PostgreSQL ${dbName}, Redis :${redisPort})`,
    );

    // A catalogue of 250 generated shows (the import bench's), and its Trakt export.
    const db = connect(dbUrl);
    await seedImportCatalogue(db);
    const episodes = await db.kysely
      .selectFrom('episodes')
      .innerJoin('shows', 'shows.id', 'episodes.show_id')
      .select(['episodes.id', 'episodes.show_id'])
      .where('shows.source', '=', 'bench')
      .where('episodes.type', '=', 'regular')
      .orderBy('episodes.show_id')
      .orderBy('episodes.season_number')
      .orderBy('episodes.episode_number')
      .execute();
    await db.close();
    const byShow = new Map<number, number[]>();
    for (const e of episodes) byShow.set(e.show_id, [...(byShow.get(e.show_id) ?? []), e.id]);
    const showIds = [...byShow.keys()];
    const loadShows = showIds.slice(0, 40).map((id) => ({ id, episodes: byShow.get(id)! }));
    const exportFile = await generateTraktExport(work);
    const file = {
      path: exportFile.file,
      plays: exportFile.plays,
      bytes: fs.readFileSync(exportFile.file),
    };

    const client = new Client();
    const outbox = new Outbox(serverEnv.MAIL_OUTBOX_DIR!);
    const live = new Set<Server>([servers.A, servers.B]);
    const load = startLoad({
      client,
      live: () => [...live],
      members: 8,
      shows: loadShows,
      pauseMs: 30,
      tag: String(process.pid),
      outbox,
    });
    let seq = 0;
    const ctx: Ctx = {
      repoRoot,
      logDir,
      adminUrl,
      dbName,
      dbUrl,
      redisPort,
      serverEnv,
      listLimit: LIST_LIMIT,
      client,
      servers,
      procs: { A, B, redis },
      all,
      live,
      windows: [],
      results: [],
      ledger: (): Ledger => load.ledger,
      pauseLoad: (on) => load.pause(on),
      async token(name) {
        const username = `${name.replace(/\W/g, '_').slice(0, 12)}_${process.pid % 100000}_${seq++}`;
        const password = 'scale test password';
        const body = { username, email: `${username}@example.test`, password };
        // Not recorded as load; retried for up to a minute, and it must be acknowledged (201).
        const until = clock() + 60_000;
        const { created } = await join(client, () => [...live][0]!, outbox, body, {
          record: false,
          running: () => clock() < until,
        });
        if (!created) throw new Error(`could not register ${username}`);
        load.ledger.users.push({ id: created.id, username, password });
        return created;
      },
      showIds,
    };
    // Light load: the members register, sign in and get going before any fault.
    for (const t0 = clock(); client.samples.length < 100 && clock() - t0 < 20_000;)
      await sleep(100);
    const warm = client.samples.length;
    record(
      ctx,
      'light load on both servers',
      warm >= 100 && client.samples.every((s) => s.status >= 200 && s.status < 300),
      `${warm} requests before any fault, ${client.samples.filter((s) => s.status >= 300 || s.status < 200).length} failed`,
    );
    await crossServer(ctx, 'before faults', showIds[200]!);
    const errorLines = [A, B].map((p) => ({ name: p.name, lines: loggedErrors(p.logFile) }));
    record(
      ctx,
      'no error logged before the faults',
      errorLines.every((e) => !e.lines.length),
      errorLines
        .map((e) => `${e.name}: ${e.lines.length}${e.lines[0] ? ` (${e.lines[0]})` : ''}`)
        .join(', '),
    );
    await terminatePostgres(ctx);
    await stopRedis(ctx);
    await crossServer(ctx, 'after Redis restart', showIds[201]!);
    await killedImport(ctx, file);
    await drain(ctx, showIds[202]!, DRAIN_SECONDS * 1000);
    await sleep(1000);
    await load.stop();

    // Errors only inside a fault window (plus the recovery allowance).
    const outside = client.samples.filter(
      (s) =>
        !(s.status >= 200 && s.status < 300) &&
        !ctx.windows.some((w) => s.end >= w.start && s.start <= w.end + RECOVERY_MS),
    );
    record(
      ctx,
      'no error outside the faults',
      outside.length === 0,
      `${client.samples.length} load requests, ${client.samples.filter((s) => s.status < 200 || s.status >= 300).length} failed, ${outside.length} of them outside a fault window`,
    );
    const crashed = all.filter((p) => !p.expectedExit && p.child.exitCode !== null);
    record(
      ctx,
      'no crash',
      crashed.length === 0,
      crashed.length
        ? crashed.map((p) => p.name).join(', ')
        : `${all.filter((p) => p.name !== 'redis').length} processes, each ended only on purpose`,
    );

    const verified = await verifyDatabase(dbUrl, load.ledger);
    const lost = Object.entries(verified.acknowledged).filter(
      ([, [found, acked]]) => found !== acked,
    );
    record(
      ctx,
      'no acknowledged write lost',
      lost.length === 0,
      Object.entries(verified.acknowledged)
        .map(([k, [f, a]]) => `${k} ${f}/${a}`)
        .join(', '),
    );
    const wrong = Object.entries(verified.counters).filter(([, n]) => n !== 0);
    record(
      ctx,
      'counters exact',
      wrong.length === 0,
      Object.entries(verified.counters)
        .map(([k, n]) => `${k} ${n} off`)
        .join(', '),
    );

    for (const p of [ctx.procs.A, ctx.procs.B, ctx.procs.redis])
      if (p.child.exitCode === null) await stop(p, 'SIGTERM');
    console.log('\n' + table(ctx.results));
    console.log(
      `\n${ctx.results.filter((r) => r.pass).length}/${ctx.results.length} checks passed in ${((clock() - started) / 1000).toFixed(1)} s`,
    );
    failed = ctx.results.some((r) => !r.pass);
    if (failed)
      for (const p of all) console.log(`\n--- ${p.name} (${p.logFile})\n${tail(p.logFile)}`);
    return failed ? 1 : 0;
  } finally {
    killAll();
    await Promise.all(all.map((p) => p.exited));
    await admin(`drop database if exists ${dbName} with (force)`).catch((err: unknown) =>
      console.error('could not drop', dbName, err),
    );
    if (process.env.SCALE_KEEP_LOGS === '1' || failed) console.log(`logs: ${logDir}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Error and fatal lines of a server's log (pino levels 50 and 60), their messages. */
function loggedErrors(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const m = /^\{"level":(\d+).*"msg":"([^"]*)"/.exec(line);
      return m && Number(m[1]) >= 50 ? [m[2]!] : [];
    });
}

function table(rows: Ctx['results']): string {
  const width = Math.max(...rows.map((r) => r.check.length));
  return rows
    .map((r) => `${r.pass ? 'PASS' : 'FAIL'}  ${r.check.padEnd(width)}  ${r.figure}`)
    .join('\n');
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    killAll();
    process.exit(1);
  },
);

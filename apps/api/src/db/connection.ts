import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { repoRoot } from '../config';
import type { Database } from './types';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema the connection works in, when not the default. */
  schema?: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: schema to put first on the search path (isolates test files). */
  schema?: string;
  poolSize?: number;
  /** PostgreSQL only: `application_name` of every connection (the schema's name in tests). */
  applicationName?: string;
}

// COUNT(*) and other int8 results arrive as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/** One round trip to the database (health checks); throws when it cannot be reached. */
export async function ping(db: Pick<Db, 'kysely'>): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** `file:./data/x.db` (relative to the repo root), `file:/abs/x.db`, or `:memory:`. */
export function sqlitePathFromUrl(url: string): string {
  const raw = url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (raw === ':memory:' || raw === '') return ':memory:';
  return path.isAbsolute(raw) ? raw : path.resolve(repoRoot, raw);
}

export function connect(url: string, options: ConnectOptions = {}): Db {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // While the server restarts a request waits at most this long for a connection (then 503).
      connectionTimeoutMillis: 5_000,
      application_name: options.applicationName ?? options.schema ?? 'series-tracker',
      ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
    });
    // A connection dropped by the server (restart, failover, pg_terminate_backend) must never
    // crash the process. Idle ones are reported by the pool; one in use by a query emits
    // 'error' on its client too, and an unhandled 'error' event would end the process. The
    // query itself fails (the request gets a 503, lib/db-errors), the pool drops the client,
    // and the next query opens a fresh connection. One warning per outage.
    let warned = false;
    const lost = (err: Error) => {
      if (warned) return;
      warned = true;
      process.emitWarning(`PostgreSQL connection lost: ${err.message}`);
      setTimeout(() => (warned = false), 10_000).unref();
    };
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      ...(options.schema ? { schema: options.schema } : {}),
      close: () => kysely.destroy(),
    };
  }
  const file = sqlitePathFromUrl(url);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/** Prepared statements kept per SQL text (the most recently used ones). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query afresh; compiling the SQL again cost more than
 * running it for the small indexed reads of a signed-in page (ADR 090, people load figures).
 * better-sqlite3 statements are reusable, and Kysely runs one query at a time on its single
 * connection, so a statement is never asked for while it is still running. SQLite re-prepares
 * a kept statement by itself after a schema change (migrations).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

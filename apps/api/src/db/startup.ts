import { sql } from 'kysely';
import type { Db } from './connection';

/** The advisory lock key of one-time start-up work (any constant both servers agree on). */
const STARTUP_LOCK = 727_001;

/**
 * Runs a server's one-time start-up work on its database (issue 20): on PostgreSQL under a
 * session advisory lock, so servers starting together on one empty database do it once: the
 * second waits, then finds nothing left to do. SQLite has one server per file. What the work
 * is (migrations, the first-start catalogue import, the search index) is the composition
 * root's (`prepareDatabase` in platform/services.ts): db/ knows no feature.
 */
export async function underStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work();
  // One pooled connection holds the lock for the whole run; the work uses the others.
  return db.kysely.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn);
    }
  });
}

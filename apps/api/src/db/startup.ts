import { sql } from 'kysely';
import type { AppConfig } from '../config';
import { importCatalogIfEmpty, type ImportResult } from '../features/catalog/catalog.importer';
import { indexMissingShows } from '../features/search/search-index';
import type { Logger } from '../platform/logger';
import type { Db } from './connection';
import { migrateToLatest } from './migrate';

/** The advisory lock key of one-time start-up work (any constant both servers agree on). */
const STARTUP_LOCK = 727_001;

export interface Prepared {
  migrated: string[];
  imported: ImportResult | null;
  indexed: number;
}

/**
 * What a server does to its database before it serves (issue 20): migrations, the first-start
 * catalogue import, the search index of shows imported before it existed. On PostgreSQL this
 * runs under a session advisory lock, so servers starting together on one empty database do
 * it once: the second waits, then finds nothing left to do. SQLite has one server per file.
 */
export async function prepareDatabase(
  db: Db,
  config: Pick<AppConfig, 'catalogAutoImport' | 'catalogFile'>,
  log: Pick<Logger, 'info'>,
): Promise<Prepared> {
  const work = async (): Promise<Prepared> => {
    const migrated = await migrateToLatest(db);
    const imported = config.catalogAutoImport
      ? await importCatalogIfEmpty(db, config.catalogFile, log)
      : null;
    const indexed = await indexMissingShows(db.kysely);
    return { migrated, imported, indexed };
  };
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

import { loadConfig, type AppConfig } from '../config';
import { connect, type Db } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { createServices, type Services } from '../platform/services';

/**
 * An operator's tool on DATABASE_URL with the server's wiring (ADR 010): the database is
 * migrated first; services and connection are closed after, whatever happened.
 */
export async function withServices<T>(
  work: (tool: { config: AppConfig; db: Db; services: Services }) => Promise<T>,
  config: AppConfig = loadConfig(),
): Promise<T> {
  const db = connect(config.databaseUrl);
  const services = createServices({ config, db });
  try {
    await migrateToLatest(db);
    return await work({ config, db, services });
  } finally {
    await services.close();
    await db.close();
  }
}

/** A tool's failure: its message alone on stderr, exit code 1. */
export function exitWithMessage(err: unknown): never {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

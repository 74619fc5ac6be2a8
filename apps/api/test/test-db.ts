import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect, type Db } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/types';

/**
 * A fresh, migrated database for one test file: in-memory SQLite by default, or — when
 * TEST_DATABASE_URL points at PostgreSQL — a schema of its own in that database, dropped after.
 * The same test files run on both; `.ci/run` runs them once per dialect.
 */
export async function createTestDb(
  options: { migrate?: boolean } = {},
): Promise<Db & { drop(): Promise<void> }> {
  // Tests of one migration build the schema before it themselves (migrateTo).
  const migrate = options.migrate ?? true;
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = connect(':memory:');
    if (migrate) await migrateToLatest(db);
    return { ...db, drop: () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Extensions belong to the database, not a schema: install once, in public, before test
  // files race to do it from their migrations.
  await admin
    .query('create extension if not exists pg_trgm with schema public')
    .catch(() => undefined);
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = connect(url, { schema, poolSize: 5 });
  if (migrate) await migrateToLatest(db);
  return {
    ...db,
    async drop() {
      await db.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      // pg-boss's tables for this file's jobs (platform/jobs), when a test used them.
      await client.query(`drop schema if exists ${schema}_jobs cascade`);
      await client.end();
    },
  };
}

/** How many rows a table holds (the whole table: tests that filter write their own query). */
export async function countRows(db: Db, table: keyof Database & string): Promise<number> {
  const row = await db.kysely
    .selectFrom(table as 'users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

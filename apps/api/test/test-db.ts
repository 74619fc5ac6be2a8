import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { connect, type Db } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { Selectable } from 'kysely';
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

/** The tables whose rows belong to a member (`user_id`). */
type MemberTable = {
  [K in keyof Database & string]: 'user_id' extends keyof Database[K] ? K : never;
}[keyof Database & string];

/**
 * A member's rows of a table (all columns, or the ones named), in the database's order or by
 * `orderBy`: what a test reads back to see what a request wrote, or that it wrote nothing.
 */
export async function memberRows<
  T extends MemberTable,
  C extends keyof Selectable<Database[T]> & string = keyof Selectable<Database[T]> & string,
>(
  db: Db,
  table: T,
  userId: number,
  columns?: readonly C[],
  orderBy?: keyof Selectable<Database[T]> & string,
) {
  let query = db.kysely.selectFrom(table as 'reviews').where('user_id', '=', userId);
  if (orderBy) query = query.orderBy(orderBy as 'id');
  const rows = await (columns
    ? query.select(columns as unknown as 'id'[]).execute()
    : query.selectAll().execute());
  return rows as unknown as Pick<Selectable<Database[T]>, C>[];
}

/**
 * A PostgreSQL client of its own on TEST_DATABASE_URL, outside the app's pool (to end the
 * app's connections as a restart would): opened before the tests of the suite, closed after.
 */
export function usePgAdmin() {
  let client: pg.Client | undefined;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
  });
  afterAll(() => client?.end());
  return {
    query: (text: string, values?: unknown[]) => {
      if (!client) throw new Error('the PostgreSQL admin client opens in beforeAll');
      return client.query(text, values);
    },
  };
}

/** A show's row as the database holds it now (counters, sync stamps). */
export const showRow = (db: Db, id: number) =>
  db.kysely.selectFrom('shows').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

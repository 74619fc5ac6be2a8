import type { Kysely } from 'kysely';

/**
 * Where the bulk catalogue sync stands (issue 18): `npm run catalog:sync -- --all` walks
 * TVmaze's show index page by page and records the next page here after each one commits, so
 * a run that is killed resumes where it stopped. One row per named cursor.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalog_sync_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

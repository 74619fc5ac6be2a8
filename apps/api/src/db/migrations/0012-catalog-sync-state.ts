import { col } from './kit';
import type { AnyDb } from './kit';

/**
 * Where the bulk catalogue sync stands (issue 18): `npm run catalog:sync -- --all` walks
 * TVmaze's show index page by page and records the next page here after each one commits, so
 * a run that is killed resumes where it stopped. One row per named cursor.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('catalog_sync_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', col.notNull)
    .addColumn('updated_at', 'text', col.notNull)
    .execute();
}

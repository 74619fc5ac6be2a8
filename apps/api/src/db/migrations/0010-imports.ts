import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

/**
 * Imports (docs/decisions/110-imports.md).
 *
 * `imports`: one row per uploaded file, keyed by the id of the job that reads it; its status
 * and, once done, its report (JSON text: counts and the first 500 unmatched rows).
 * `import_held_episodes`: watches of episodes whose show is matched but whose episode list
 * has not arrived yet (partial TVmaze lists); applied when the catalogue brings the episode.
 * Matching by external id reads shows by TheTVDB, IMDb, TMDB and MAL ids: indexed here (the
 * catalogue already stores every id its data carries; TVmaze was the only one indexed).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('job_id', 'text')
    .addColumn('source', 'text')
    .addColumn('file_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('report', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('imports_user_created_idx')
    .on('imports')
    .columns(['user_id', 'created_at'])
    .execute();
  // One live import per user, enforced by the database (two uploads at once: one 409s).
  await sql`create unique index imports_one_live_uq on imports (user_id) where status in ('queued', 'running')`.execute(
    db,
  );

  await withId(db.schema.createTable('import_held_episodes'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('restrict'))
    .addColumn('season_number', 'integer')
    .addColumn('episode_number', 'integer')
    .addColumn('air_date', 'text')
    // season:number:airDate, so one held watch per episode and user (re-imports add nothing).
    .addColumn('episode_key', 'text', (c) => c.notNull())
    .addColumn('watched_at', 'text', (c) => c.notNull())
    .addColumn('import_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('import_held_user_show_key_uq', ['user_id', 'show_id', 'episode_key'])
    .execute();
  await db.schema
    .createIndex('import_held_show_idx')
    .on('import_held_episodes')
    .column('show_id')
    .execute();

  for (const column of ['tvdb_id', 'imdb_id', 'tmdb_id', 'mal_id']) {
    await db.schema.createIndex(`shows_${column}_idx`).on('shows').column(column).execute();
  }
}

import { col, index, memberTable, sqlIndex } from './kit';
import type { AnyDb, DialectName } from './kit';

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
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', col.ref('users.id'))
    .addColumn('job_id', 'text')
    .addColumn('source', 'text')
    .addColumn('file_name', 'text')
    .addColumn('status', 'text', col.notNull)
    .addColumn('report', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', col.notNull)
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', col.notNull)
    .execute();
  await index(db, 'imports_user_created_idx', 'imports', ['user_id', 'created_at']);
  // One live import per user, enforced by the database (two uploads at once: one 409s).
  await sqlIndex(db, 'imports_one_live_uq', 'imports', 'user_id', {
    unique: true,
    where: "status in ('queued', 'running')",
  });

  await memberTable(db, dialect, 'import_held_episodes')
    .addColumn('show_id', 'integer', col.ref('shows.id', 'restrict'))
    .addColumn('season_number', 'integer')
    .addColumn('episode_number', 'integer')
    .addColumn('air_date', 'text')
    // season:number:airDate, so one held watch per episode and user (re-imports add nothing).
    .addColumn('episode_key', 'text', col.notNull)
    .addColumn('watched_at', 'text', col.notNull)
    .addColumn('import_id', 'text')
    .addColumn('created_at', 'text', col.notNull)
    .addUniqueConstraint('import_held_user_show_key_uq', ['user_id', 'show_id', 'episode_key'])
    .execute();
  await index(db, 'import_held_show_idx', 'import_held_episodes', 'show_id');

  for (const column of ['tvdb_id', 'imdb_id', 'tmdb_id', 'mal_id']) {
    await index(db, `shows_${column}_idx`, 'shows', column);
  }
}

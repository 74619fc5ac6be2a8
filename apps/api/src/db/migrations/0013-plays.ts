import { sql } from 'kysely';
import { addColumn, col, memberTable, sqlIndexes } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Plays (issue 19, ADR 130): every watch of an episode is a row of `episode_plays`, with its
 * date, where it came from and the watch-through (`run`) it belongs to. `episode_progress`
 * stays the set of episodes watched in the item's current run, so up next, progress and the
 * watchlist's derived figures keep reading it; `watchlist_items.run` is that current run.
 *
 * Foreign keys follow ADR 040: a member's plays go with the member (cascade), the catalogue
 * can never take them away (restrict). Every existing progress row becomes one play of run 1
 * (source 'migrated': we do not know whether it was marked on the site or imported).
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await memberTable(db, dialect, 'episode_plays')
    .addColumn('episode_id', 'integer', col.ref('episodes.id', 'restrict'))
    .addColumn('show_id', 'integer', col.ref('shows.id', 'restrict'))
    .addColumn('watched_at', 'text', col.notNull)
    .addColumn('source', 'text', col.notNull)
    .addColumn('run', 'integer', col.notNullDefault(1))
    .addColumn('created_at', 'text', col.notNull)
    .execute();
  await sqlIndexes(db, 'episode_plays', {
    // A member's diary, newest first, paged.
    episode_plays_user_watched_idx: 'user_id, watched_at desc, id desc',
    // One episode's plays (episode page, "first play?" checks, imports' idempotency probe).
    episode_plays_user_episode_idx: 'user_id, episode_id, watched_at',
    // One show's runs (rewatch, unmarking a season).
    episode_plays_user_show_run_idx: 'user_id, show_id, run',
  });

  await addColumn(db, 'watchlist_items', 'run', 'integer', col.notNullDefault(1));

  await sql`
    insert into episode_plays (user_id, episode_id, show_id, watched_at, source, run, created_at)
    select user_id, episode_id, show_id, watched_at, 'migrated', 1, created_at
    from episode_progress
    order by watched_at, id`.execute(db);
}

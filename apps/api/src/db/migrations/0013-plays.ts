import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('episode_plays'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) =>
      c.notNull().references('episodes.id').onDelete('restrict'),
    )
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('restrict'))
    .addColumn('watched_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('run', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A member's diary, newest first, paged.
  await sql`create index episode_plays_user_watched_idx on episode_plays (user_id, watched_at desc, id desc)`.execute(
    db,
  );
  // One episode's plays (episode page, "first play?" checks, imports' idempotency probe).
  await sql`create index episode_plays_user_episode_idx on episode_plays (user_id, episode_id, watched_at)`.execute(
    db,
  );
  // One show's runs (rewatch, unmarking a season).
  await sql`create index episode_plays_user_show_run_idx on episode_plays (user_id, show_id, run)`.execute(
    db,
  );

  await db.schema
    .alterTable('watchlist_items')
    .addColumn('run', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await sql`
    insert into episode_plays (user_id, episode_id, show_id, watched_at, source, run, created_at)
    select user_id, episode_id, show_id, watched_at, 'migrated', 1, created_at
    from episode_progress
    order by watched_at, id`.execute(db);
}

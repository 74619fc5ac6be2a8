import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

/**
 * Tracking: one watchlist item per user and show, watched episodes, favourites.
 *
 * A watchlist item keeps what listings need precomputed, so a ten-year history never has to be
 * re-scanned to draw a page: `progress` (watched regular episodes), `next_episode_id` (the first
 * unwatched regular episode in viewing order, aired or not, with its `next_air_date`) and
 * `last_watched_at`. They are
 * rewritten in the same transaction as every change to the user's progress on that show.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('watchlist_items'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('score', 'integer')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_episode_id', 'integer', (c) =>
      c.references('episodes.id').onDelete('set null'),
    )
    // The next episode's air date, copied here so up next can filter and count without a join.
    .addColumn('next_air_date', 'text')
    .addColumn('last_watched_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('watchlist_items_user_show_uq', ['user_id', 'show_id'])
    .execute();
  await sql`create index watchlist_items_user_updated_idx on watchlist_items (user_id, updated_at desc, id desc)`.execute(
    db,
  );
  await sql`create index watchlist_items_user_status_updated_idx on watchlist_items (user_id, status, updated_at desc, id desc)`.execute(
    db,
  );
  // Up next walks this in order and stops after a page. SQLite already sorts NULLs last in DESC.
  await (
    dialect === 'postgres'
      ? sql`create index watchlist_items_up_next_idx on watchlist_items (user_id, status, last_watched_at desc nulls last, id desc)`
      : sql`create index watchlist_items_up_next_idx on watchlist_items (user_id, status, last_watched_at desc, id desc)`
  ).execute(db);
  await db.schema
    .createIndex('watchlist_items_show_idx')
    .on('watchlist_items')
    .column('show_id')
    .execute();
  await db.schema
    .createIndex('watchlist_items_created_idx')
    .on('watchlist_items')
    .column('created_at')
    .execute();

  await withId(db.schema.createTable('episode_progress'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) =>
      c.notNull().references('episodes.id').onDelete('cascade'),
    )
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('watched_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('episode_progress_user_episode_uq', ['user_id', 'episode_id'])
    .execute();
  await db.schema
    .createIndex('episode_progress_user_show_idx')
    .on('episode_progress')
    .columns(['user_id', 'show_id'])
    .execute();
  await db.schema
    .createIndex('episode_progress_watched_idx')
    .on('episode_progress')
    .column('watched_at')
    .execute();

  await withId(db.schema.createTable('favorites'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('favorites_user_show_uq', ['user_id', 'show_id'])
    .execute();
  await sql`create index favorites_user_created_idx on favorites (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await db.schema.createIndex('favorites_show_idx').on('favorites').column('show_id').execute();
}

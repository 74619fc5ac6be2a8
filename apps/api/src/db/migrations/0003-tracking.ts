import { col, index, memberTable, sqlIndexes, timestamps } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Tracking: one watchlist item per user and show, watched episodes, favourites.
 *
 * A watchlist item keeps what listings need precomputed, so a ten-year history never has to be
 * re-scanned to draw a page: `progress` (watched regular episodes), `next_episode_id` (the first
 * unwatched regular episode in viewing order, aired or not, with its `next_air_date`) and
 * `last_watched_at`. They are
 * rewritten in the same transaction as every change to the user's progress on that show.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await trackingTables.watchlist_items(db, dialect, 'watchlist_items', 'cascade');
  // SQLite already sorts NULLs last in DESC.
  const lastWatched =
    dialect === 'postgres' ? 'last_watched_at desc nulls last' : 'last_watched_at desc';
  await sqlIndexes(db, 'watchlist_items', {
    watchlist_items_user_updated_idx: 'user_id, updated_at desc, id desc',
    watchlist_items_user_status_updated_idx: 'user_id, status, updated_at desc, id desc',
    // Up next walks this in order and stops after a page.
    watchlist_items_up_next_idx: `user_id, status, ${lastWatched}, id desc`,
  });
  await index(db, 'watchlist_items_show_idx', 'watchlist_items', 'show_id');
  await index(db, 'watchlist_items_created_idx', 'watchlist_items', 'created_at');

  await trackingTables.episode_progress(db, dialect, 'episode_progress', 'cascade');
  await index(db, 'episode_progress_user_show_idx', 'episode_progress', ['user_id', 'show_id']);
  await index(db, 'episode_progress_watched_idx', 'episode_progress', 'watched_at');

  await trackingTables.favorites(db, dialect, 'favorites', 'cascade');
  await sqlIndexes(db, 'favorites', {
    favorites_user_created_idx: 'user_id, created_at desc, id desc',
  });
  await index(db, 'favorites_show_idx', 'favorites', 'show_id');
}

/** Where user data points at the catalogue: cascade here; 0004 makes it restrict (ADR 040). */
type CatalogueDelete = 'cascade' | 'restrict';
type CreateTable = (
  db: AnyDb,
  dialect: DialectName,
  name: string,
  catalogue: CatalogueDelete,
) => Promise<void>;

/**
 * The three tables, created under `name` (0004 rebuilds them on SQLite under a temporary name,
 * from these same definitions, with `restrict`).
 */
export const trackingTables = {
  watchlist_items: (db, dialect, name, catalogue) =>
    memberTable(db, dialect, name)
      .addColumn('show_id', 'integer', col.ref('shows.id', catalogue))
      .addColumn('status', 'text', col.notNull)
      .addColumn('score', 'integer')
      .addColumn('progress', 'integer', col.notNullDefault(0))
      .addColumn('next_episode_id', 'integer', col.nullableRef('episodes.id', 'set null'))
      // The next episode's air date, copied here so up next can filter and count without a join.
      .addColumn('next_air_date', 'text')
      .addColumn('last_watched_at', 'text')
      .addColumn('started_at', 'text')
      .addColumn('completed_at', 'text')
      .$call(timestamps)
      .addUniqueConstraint('watchlist_items_user_show_uq', ['user_id', 'show_id'])
      .execute(),
  episode_progress: (db, dialect, name, catalogue) =>
    memberTable(db, dialect, name)
      .addColumn('episode_id', 'integer', col.ref('episodes.id', catalogue))
      .addColumn('show_id', 'integer', col.ref('shows.id', catalogue))
      .addColumn('watched_at', 'text', col.notNull)
      .$call(timestamps)
      .addUniqueConstraint('episode_progress_user_episode_uq', ['user_id', 'episode_id'])
      .execute(),
  favorites: (db, dialect, name, catalogue) =>
    memberTable(db, dialect, name)
      .addColumn('show_id', 'integer', col.ref('shows.id', catalogue))
      .addColumn('created_at', 'text', col.notNull)
      .addUniqueConstraint('favorites_user_show_uq', ['user_id', 'show_id'])
      .execute(),
} satisfies Record<string, CreateTable>;

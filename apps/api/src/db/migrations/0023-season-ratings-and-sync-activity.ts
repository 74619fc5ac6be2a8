import { col, index, memberTable } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Trakt sync (issue 27, ADR 171).
 * - `season_ratings`: a member's 1–10 rating of one season of a show (Trakt rates seasons;
 *   the site had show scores and episode ratings only). One per member, show and season
 *   number: seasons are numbers of a show here, so a catalogue refresh that rebuilds the
 *   seasons rows never loses a rating. Written only through reviews' season-ratings rule.
 * - `sync_activity`: when each kind of a member's data last changed (`kind` such as
 *   `episodes.watched_at`), kept by event subscribers so `/trakt/sync/last_activities` also
 *   moves on removals, which leave no row behind to date.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await memberTable(db, dialect, 'season_ratings')
    .addColumn('show_id', 'integer', col.ref('shows.id'))
    .addColumn('season_number', 'integer', col.notNull)
    .addColumn('rating', 'integer', col.notNull)
    .addColumn('rated_at', 'text', col.notNull)
    .addColumn('updated_at', 'text', col.notNull)
    .execute();
  await index(
    db,
    'season_ratings_member_season_idx',
    'season_ratings',
    ['user_id', 'show_id', 'season_number'],
    { unique: true },
  );

  await db.schema
    .createTable('sync_activity')
    .addColumn('user_id', 'integer', col.ref('users.id'))
    .addColumn('kind', 'text', col.notNull)
    .addColumn('at', 'text', col.notNull)
    .addPrimaryKeyConstraint('sync_activity_pk', ['user_id', 'kind'])
    .execute();
}

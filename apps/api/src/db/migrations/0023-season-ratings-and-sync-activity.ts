import type { Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('season_ratings'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('season_number', 'integer', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('rated_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('season_ratings_member_season_idx')
    .on('season_ratings')
    .columns(['user_id', 'show_id', 'season_number'])
    .unique()
    .execute();

  await db.schema
    .createTable('sync_activity')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_activity_pk', ['user_id', 'kind'])
    .execute();
}

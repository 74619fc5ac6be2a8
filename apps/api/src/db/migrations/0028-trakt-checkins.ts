import type { Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

/**
 * Trakt-compatible checkins (issue 27, ADR 172): `trakt_checkins` holds the episode a member
 * checked into until its runtime has passed (`expires_at`), at most one per member. The play
 * is recorded when the checkin starts (`play_id`, null when tracking's duplicate window already
 * had one); cancelling the checkin before it ends removes that play.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('trakt_checkins'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) =>
      c.notNull().references('episodes.id').onDelete('cascade'),
    )
    .addColumn('play_id', 'integer')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trakt_checkins_member_idx')
    .on('trakt_checkins')
    .column('user_id')
    .unique()
    .execute();
}

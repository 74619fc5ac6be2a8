import { col, index, memberTable } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Trakt-compatible checkins (issue 27, ADR 172): `trakt_checkins` holds the episode a member
 * checked into until its runtime has passed (`expires_at`), at most one per member. The play
 * is recorded when the checkin starts (`play_id`, null when tracking's duplicate window already
 * had one); cancelling the checkin before it ends removes that play.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await memberTable(db, dialect, 'trakt_checkins')
    .addColumn('show_id', 'integer', col.ref('shows.id'))
    .addColumn('episode_id', 'integer', col.ref('episodes.id'))
    .addColumn('play_id', 'integer')
    .addColumn('started_at', 'text', col.notNull)
    .addColumn('expires_at', 'text', col.notNull)
    .execute();
  await index(db, 'trakt_checkins_member_idx', 'trakt_checkins', 'user_id', { unique: true });
}

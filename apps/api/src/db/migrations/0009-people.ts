import { col, index, memberTable, pairTable, sqlIndexes } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * People (docs/decisions/090-people.md): follows, blocks and the activity log.
 *
 * Follower and following counts are counted from `follows` (its primary key makes a follow
 * unique, so concurrent follows cannot double-count and there is no counter to drift).
 * `activities` is written by event subscribers, never by the features themselves; feeds read
 * it newest first.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await pairTable(db, 'follows', ['follower_id', 'users.id'], ['followee_id', 'users.id']);
  await index(db, 'follows_followee_idx', 'follows', ['followee_id', 'created_at']);

  await pairTable(db, 'blocks', ['blocker_id', 'users.id'], ['blocked_id', 'users.id']);
  await index(db, 'blocks_blocked_idx', 'blocks', 'blocked_id');

  await memberTable(db, dialect, 'activities')
    // watched | completed | added | rated | reviewed | episode_reviewed | list_created |
    // list_updated | followed
    .addColumn('action', 'text', col.notNull)
    // Catalogue rows are never deleted under history (ADR 040).
    .addColumn('show_id', 'integer', col.nullableRef('shows.id', 'restrict'))
    .addColumn('episode_id', 'integer', col.nullableRef('episodes.id', 'restrict'))
    .addColumn('episode_count', 'integer', col.notNullDefault(0))
    .addColumn('rating', 'real')
    .addColumn('review_id', 'integer')
    .addColumn('list_id', 'integer')
    .addColumn('target_user_id', 'integer', col.nullableRef('users.id'))
    .addColumn('content', 'text')
    .addColumn('created_at', 'text', col.notNull)
    .execute();
  // A member's own activity, newest first; and the whole community's, newest first.
  await sqlIndexes(db, 'activities', {
    activities_user_idx: 'user_id, created_at desc, id desc',
    activities_recent_idx: 'created_at desc, id desc',
  });
  await index(db, 'activities_review_idx', 'activities', 'review_id');
  await index(db, 'activities_list_idx', 'activities', 'list_id');
  await index(db, 'activities_target_idx', 'activities', 'target_user_id');
}

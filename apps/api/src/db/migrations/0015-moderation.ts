import { addColumn, col, index, withId } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Moderation (issue 21, docs/decisions/151-moderation.md): member roles and suspensions on
 * `users`, hidden/removed marks on every thing members can report (reviews, episode reviews,
 * comments, lists), members' reports and the audit log of moderators' actions.
 *
 * Only ADD COLUMN with nullable or constant defaults, so SQLite needs no table rebuild.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  // member | moderator | admin
  await addColumn(db, 'users', 'role', 'text', col.notNullDefault('member'));
  // Suspended while suspended_at is set and suspended_until is null (for good) or later than now.
  await addColumn(db, 'users', 'suspended_at', 'text');
  await addColumn(db, 'users', 'suspended_until', 'text');
  await addColumn(db, 'users', 'suspension_reason', 'text');

  for (const table of ['reviews', 'episode_reviews', 'review_comments', 'lists']) {
    await addColumn(db, table, 'hidden_at', 'text');
    await addColumn(db, table, 'removed_at', 'text');
    await addColumn(db, table, 'moderation_reason', 'text');
  }

  await withId(db.schema.createTable('reports'), dialect)
    // review | episode-review | comment | list | profile
    .addColumn('item_type', 'text', col.notNull)
    .addColumn('item_id', 'integer', col.notNull)
    // Whose item it is (the profile's member for a profile): suspensions and mail go there.
    .addColumn('author_id', 'integer', col.ref('users.id'))
    .addColumn('reporter_id', 'integer', col.ref('users.id'))
    // spam | abuse | spoilers | other
    .addColumn('reason', 'text', col.notNull)
    .addColumn('details', 'text')
    // open | resolved
    .addColumn('status', 'text', col.notNullDefault('open'))
    .addColumn('created_at', 'text', col.notNull)
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'integer', col.nullableRef('users.id', 'set null'))
    .execute();
  // One open report per member and item; a resolved one may be followed by a new one.
  await index(db, 'reports_open_once_idx', 'reports', ['reporter_id', 'item_type', 'item_id'], {
    unique: true,
    where: "status = 'open'",
  });
  await index(db, 'reports_queue_idx', 'reports', ['status', 'item_type', 'item_id']);

  await withId(db.schema.createTable('moderation_actions'), dialect)
    .addColumn('moderator_id', 'integer', col.nullableRef('users.id', 'set null'))
    // dismiss | hide | spoiler | remove | suspend | unsuspend | grant
    .addColumn('action', 'text', col.notNull)
    .addColumn('item_type', 'text', col.notNull)
    .addColumn('item_id', 'integer', col.notNull)
    .addColumn('author_id', 'integer', col.nullableRef('users.id', 'set null'))
    .addColumn('reason', 'text', col.notNull)
    // Suspensions: until when (null for good); how many public things were hidden with it.
    .addColumn('until', 'text')
    .addColumn('hidden_count', 'integer', col.notNullDefault(0))
    .addColumn('created_at', 'text', col.notNull)
    .execute();
  await index(db, 'moderation_actions_created_idx', 'moderation_actions', 'created_at');
}

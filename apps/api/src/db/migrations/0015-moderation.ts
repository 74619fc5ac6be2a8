import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

/**
 * Moderation (issue 21, docs/decisions/151-moderation.md): member roles and suspensions on
 * `users`, hidden/removed marks on every thing members can report (reviews, episode reviews,
 * comments, lists), members' reports and the audit log of moderators' actions.
 *
 * Only ADD COLUMN with nullable or constant defaults, so SQLite needs no table rebuild.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // member | moderator | admin
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .execute();
  // Suspended while suspended_at is set and suspended_until is null (for good) or later than now.
  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspended_until', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute();

  for (const table of ['reviews', 'episode_reviews', 'review_comments', 'lists']) {
    await db.schema.alterTable(table).addColumn('hidden_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('removed_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('moderation_reason', 'text').execute();
  }

  await withId(db.schema.createTable('reports'), dialect)
    // review | episode-review | comment | list | profile
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    // Whose item it is (the profile's member for a profile): suspensions and mail go there.
    .addColumn('author_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('reporter_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    // spam | abuse | spoilers | other
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    // open | resolved
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // One open report per member and item; a resolved one may be followed by a new one.
  await db.schema
    .createIndex('reports_open_once_idx')
    .on('reports')
    .columns(['reporter_id', 'item_type', 'item_id'])
    .unique()
    .where(sql.raw<boolean>("status = 'open'"))
    .execute();
  await db.schema
    .createIndex('reports_queue_idx')
    .on('reports')
    .columns(['status', 'item_type', 'item_id'])
    .execute();

  await withId(db.schema.createTable('moderation_actions'), dialect)
    .addColumn('moderator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // dismiss | hide | spoiler | remove | suspend | unsuspend | grant
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    // Suspensions: until when (null for good); how many public things were hidden with it.
    .addColumn('until', 'text')
    .addColumn('hidden_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_actions_created_idx')
    .on('moderation_actions')
    .column('created_at')
    .execute();
}

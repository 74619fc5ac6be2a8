import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

/**
 * People (docs/decisions/090-people.md): follows, blocks and the activity log.
 *
 * Follower and following counts are counted from `follows` (its primary key makes a follow
 * unique, so concurrent follows cannot double-count and there is no counter to drift).
 * `activities` is written by event subscribers, never by the features themselves; feeds read
 * it newest first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('followee_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();
  await db.schema
    .createIndex('follows_followee_idx')
    .on('follows')
    .columns(['followee_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('blocked_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').column('blocked_id').execute();

  await withId(db.schema.createTable('activities'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // watched | completed | added | rated | reviewed | episode_reviewed | list_created |
    // list_updated | followed
    .addColumn('action', 'text', (c) => c.notNull())
    // Catalogue rows are never deleted under history (ADR 040).
    .addColumn('show_id', 'integer', (c) => c.references('shows.id').onDelete('restrict'))
    .addColumn('episode_id', 'integer', (c) => c.references('episodes.id').onDelete('restrict'))
    .addColumn('episode_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating', 'real')
    .addColumn('review_id', 'integer')
    .addColumn('list_id', 'integer')
    .addColumn('target_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('content', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A member's own activity, newest first; and the whole community's, newest first.
  await sql`create index activities_user_idx on activities (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index activities_recent_idx on activities (created_at desc, id desc)`.execute(
    db,
  );
  await db.schema
    .createIndex('activities_review_idx')
    .on('activities')
    .column('review_id')
    .execute();
  await db.schema.createIndex('activities_list_idx').on('activities').column('list_id').execute();
  await db.schema
    .createIndex('activities_target_idx')
    .on('activities')
    .column('target_user_id')
    .execute();
}

import type { Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

/**
 * Calendar and alerts (issue 22, ADR 160):
 * - member_preferences: the member's time zone, new-episode e-mail mode and the hash of their
 *   private iCal feed secret (one row per member, created on first save);
 * - episode_alerts: one row per (member, episode) alerted by e-mail, so two servers running the
 *   alert job send each alert once (the primary key is the claim);
 * - notifications: the bell (new episodes, follows, likes, comments, replies), with read state;
 *   `dedupe_key` keeps a repeated event (unfollow, follow again) from ringing twice.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('member_preferences')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('time_zone', 'text')
    .addColumn('episode_alerts', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('alerts_from', 'text')
    .addColumn('feed_secret_hash', 'text', (c) => c.unique())
    .addColumn('feed_created_at', 'text')
    .addColumn('unsubscribe_token', 'text', (c) => c.unique())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('episode_alerts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('episode_alerts_pk', ['user_id', 'episode_id'])
    .execute();

  await withId(db.schema.createTable('notifications'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer')
    .addColumn('episode_id', 'integer')
    .addColumn('review_id', 'integer')
    .addColumn('comment_id', 'integer')
    .addColumn('target', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addUniqueConstraint('notifications_dedupe_uq', ['user_id', 'dedupe_key'])
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();

  // The calendar and the alert job read a member's shows' episodes by air date.
  await db.schema
    .createIndex('episodes_show_air_date_idx')
    .on('episodes')
    .columns(['show_id', 'air_date'])
    .execute();
}

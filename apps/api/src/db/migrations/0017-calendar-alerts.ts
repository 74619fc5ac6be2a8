import { col, index, memberTable } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Calendar and alerts (issue 22, ADR 160):
 * - member_preferences: the member's time zone, new-episode e-mail mode and the hash of their
 *   private iCal feed secret (one row per member, created on first save);
 * - episode_alerts: one row per (member, episode) alerted by e-mail, so two servers running the
 *   alert job send each alert once (the primary key is the claim);
 * - notifications: the bell (new episodes, follows, likes, comments, replies), with read state;
 *   `dedupe_key` keeps a repeated event (unfollow, follow again) from ringing twice.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('member_preferences')
    .addColumn('user_id', 'integer', col.primaryRef('users.id'))
    .addColumn('time_zone', 'text')
    .addColumn('episode_alerts', 'text', col.notNullDefault('none'))
    .addColumn('alerts_from', 'text')
    .addColumn('feed_secret_hash', 'text', (c) => c.unique())
    .addColumn('feed_created_at', 'text')
    .addColumn('unsubscribe_token', 'text', (c) => c.unique())
    .addColumn('updated_at', 'text', col.notNull)
    .execute();

  await db.schema
    .createTable('episode_alerts')
    .addColumn('user_id', 'integer', col.ref('users.id'))
    .addColumn('episode_id', 'integer', col.notNull)
    .addColumn('mode', 'text', col.notNull)
    .addColumn('created_at', 'text', col.notNull)
    .addPrimaryKeyConstraint('episode_alerts_pk', ['user_id', 'episode_id'])
    .execute();

  await memberTable(db, dialect, 'notifications')
    .addColumn('kind', 'text', col.notNull)
    .addColumn('actor_id', 'integer', col.nullableRef('users.id'))
    .addColumn('show_id', 'integer')
    .addColumn('episode_id', 'integer')
    .addColumn('review_id', 'integer')
    .addColumn('comment_id', 'integer')
    .addColumn('target', 'text')
    .addColumn('dedupe_key', 'text', col.notNull)
    .addColumn('created_at', 'text', col.notNull)
    .addColumn('read_at', 'text')
    .addUniqueConstraint('notifications_dedupe_uq', ['user_id', 'dedupe_key'])
    .execute();
  await index(db, 'notifications_user_idx', 'notifications', ['user_id', 'id']);

  // The calendar and the alert job read a member's shows' episodes by air date.
  await index(db, 'episodes_show_air_date_idx', 'episodes', ['show_id', 'air_date']);
}

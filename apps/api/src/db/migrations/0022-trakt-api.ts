import type { Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

/**
 * The Trakt-compatible API (issue 27, ADR 170).
 * - `trakt_grants`: an app a member connected by OAuth (device code or authorization code).
 *   Only SHA-256 hashes of the access and refresh tokens are kept; the access token expires
 *   (`access_expires_at`), the refresh token turns into a new pair once. Revoking deletes
 *   the row, so the next request with its token is a 401.
 * - `trakt_device_codes`: a device sign-in waiting for the member to enter `user_code` on
 *   /activate; `state` pending | approved | denied | used.
 * - `trakt_auth_codes`: one-use authorization codes from the consent page (10 minutes).
 * - `trakt_playback`: where a paused or stopped-early scrobble stands (Trakt's "playback
 *   progress"), one row per member and episode.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('trakt_grants'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('app_name', 'text')
    .addColumn('access_hash', 'text', (c) => c.notNull().unique())
    .addColumn('refresh_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('refreshed_at', 'text', (c) => c.notNull())
    .addColumn('access_expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('trakt_grants_user_idx')
    .on('trakt_grants')
    .column('user_id')
    .execute();

  await withId(db.schema.createTable('trakt_device_codes'), dialect)
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('device_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_code', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('interval_seconds', 'integer', (c) => c.notNull())
    .addColumn('last_polled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('trakt_auth_codes'), dialect)
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text')
    .addColumn('code_challenge_method', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('trakt_playback'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) =>
      c.notNull().references('episodes.id').onDelete('cascade'),
    )
    .addColumn('progress', 'real', (c) => c.notNull())
    .addColumn('paused_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trakt_playback_member_episode_idx')
    .on('trakt_playback')
    .columns(['user_id', 'episode_id'])
    .unique()
    .execute();
}

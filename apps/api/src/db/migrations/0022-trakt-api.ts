import { col, expiring, index, memberTable, withId } from './kit';
import type { AnyDb, DialectName } from './kit';

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
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await memberTable(db, dialect, 'trakt_grants')
    .addColumn('client_id', 'text', col.notNull)
    .addColumn('app_name', 'text')
    .addColumn('access_hash', 'text', col.notNullUnique)
    .addColumn('refresh_hash', 'text', col.notNullUnique)
    .addColumn('scope', 'text', col.notNull)
    .addColumn('created_at', 'text', col.notNull)
    .addColumn('refreshed_at', 'text', col.notNull)
    .addColumn('access_expires_at', 'text', col.notNull)
    .addColumn('last_used_at', 'text')
    .execute();
  await index(db, 'trakt_grants_user_idx', 'trakt_grants', 'user_id');

  await withId(db.schema.createTable('trakt_device_codes'), dialect)
    .addColumn('client_id', 'text', col.notNull)
    .addColumn('device_hash', 'text', col.notNullUnique)
    .addColumn('user_code', 'text', col.notNullUnique)
    .addColumn('user_id', 'integer', col.nullableRef('users.id'))
    .addColumn('state', 'text', col.notNull)
    .addColumn('interval_seconds', 'integer', col.notNull)
    .addColumn('last_polled_at', 'text')
    .$call(expiring)
    .execute();

  await withId(db.schema.createTable('trakt_auth_codes'), dialect)
    .addColumn('client_id', 'text', col.notNull)
    .addColumn('code_hash', 'text', col.notNullUnique)
    .addColumn('user_id', 'integer', col.ref('users.id'))
    .addColumn('redirect_uri', 'text', col.notNull)
    .addColumn('code_challenge', 'text')
    .addColumn('code_challenge_method', 'text')
    .$call(expiring)
    .execute();

  await memberTable(db, dialect, 'trakt_playback')
    .addColumn('show_id', 'integer', col.ref('shows.id'))
    .addColumn('episode_id', 'integer', col.ref('episodes.id'))
    .addColumn('progress', 'real', col.notNull)
    .addColumn('paused_at', 'text', col.notNull)
    .execute();
  await index(
    db,
    'trakt_playback_member_episode_idx',
    'trakt_playback',
    ['user_id', 'episode_id'],
    { unique: true },
  );
}

import { col, index, memberTable, sqlIndex } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Personal API tokens and media-server scrobbling (issue 22, ADR 161).
 * - `api_tokens`: a member's named tokens; only a SHA-256 of the token is kept, `prefix` (the
 *   first characters) identifies it in the list, `scopes` is a space-separated set
 *   (`read`, `write:tracking`). Revoking deletes the row.
 * - `scrobble_hooks`: one secret webhook URL per member. The secret is kept as it is (the
 *   settings page shows the URL again); a new one replaces it.
 * - `scrobble_events`: the last events each member's media servers sent (received, matched
 *   or why not), pruned to the newest 50 per member.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await memberTable(db, dialect, 'api_tokens')
    .addColumn('name', 'text', col.notNull)
    .addColumn('prefix', 'text', col.notNull)
    .addColumn('token_hash', 'text', col.notNullUnique)
    .addColumn('scopes', 'text', col.notNull)
    .addColumn('created_at', 'text', col.notNull)
    .addColumn('last_used_at', 'text')
    .execute();
  await index(db, 'api_tokens_user_idx', 'api_tokens', 'user_id');

  await db.schema
    .createTable('scrobble_hooks')
    .addColumn('user_id', 'integer', col.primaryRef('users.id'))
    .addColumn('secret', 'text', col.notNullUnique)
    .addColumn('created_at', 'text', col.notNull)
    .execute();

  await memberTable(db, dialect, 'scrobble_events')
    .addColumn('source', 'text', col.notNull)
    .addColumn('event', 'text', col.notNull)
    .addColumn('received_at', 'text', col.notNull)
    .addColumn('outcome', 'text', col.notNull)
    .addColumn('detail', 'text', col.notNull)
    .addColumn('title', 'text')
    .addColumn('season_number', 'integer')
    .addColumn('episode_number', 'integer')
    .addColumn('show_id', 'integer', col.nullableRef('shows.id', 'set null'))
    .addColumn('episode_id', 'integer', col.nullableRef('episodes.id', 'set null'))
    .execute();
  await index(db, 'scrobble_events_user_idx', 'scrobble_events', ['user_id', 'id']);
  // Webhooks name shows by title: case-insensitive lookups by index (same SQL on both dialects).
  await sqlIndex(db, 'shows_title_lower_idx', 'shows', 'lower(title)');
  await sqlIndex(db, 'shows_title_english_lower_idx', 'shows', 'lower(title_english)');
  await sqlIndex(db, 'show_titles_title_lower_idx', 'show_titles', 'lower(title)');
}

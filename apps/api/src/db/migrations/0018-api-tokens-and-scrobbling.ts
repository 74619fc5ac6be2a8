import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('api_tokens'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();

  await db.schema
    .createTable('scrobble_hooks')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('scrobble_events'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('season_number', 'integer')
    .addColumn('episode_number', 'integer')
    .addColumn('show_id', 'integer', (c) => c.references('shows.id').onDelete('set null'))
    .addColumn('episode_id', 'integer', (c) => c.references('episodes.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('scrobble_events_user_idx')
    .on('scrobble_events')
    .columns(['user_id', 'id'])
    .execute();
  // Webhooks name shows by title: case-insensitive lookups by index (same SQL on both dialects).
  await sql`create index shows_title_lower_idx on shows (lower(title))`.execute(db);
  await sql`create index shows_title_english_lower_idx on shows (lower(title_english))`.execute(db);
  await sql`create index show_titles_title_lower_idx on show_titles (lower(title))`.execute(db);
}

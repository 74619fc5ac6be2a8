import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

/**
 * Discovery: catalogue popularity and community counters on shows, the search index, and
 * per-user search history.
 *
 * Search keeps one row per show in `show_search` with every title normalised (lower case, no
 * diacritics). SQLite indexes it with an FTS5 trigram table, PostgreSQL with a pg_trgm GIN
 * index; both find candidates for substrings and typos, which the search module then ranks.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('shows')
    .addColumn('popularity', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('shows')
    .addColumn('total_users', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('shows')
    .addColumn('total_reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The default browse order (community first, then catalogue popularity) reads straight off this.
  await sql`create index shows_popular_idx on shows (total_users desc, popularity desc, id)`.execute(
    db,
  );
  await db.schema.createIndex('shows_rating_idx').on('shows').column('rating').execute();
  await db.schema.createIndex('shows_title_idx').on('shows').column('title').execute();

  await db.schema
    .createTable('show_search')
    .addColumn('show_id', 'integer', (c) =>
      c.primaryKey().references('shows.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();

  if (dialect === 'sqlite') {
    await sql`create virtual table show_search_trigram using fts5(text, content='show_search', content_rowid='show_id', tokenize='trigram')`.execute(
      db,
    );
    // External-content FTS tables are kept in step by triggers.
    await sql`create trigger show_search_ai after insert on show_search begin
      insert into show_search_trigram(rowid, text) values (new.show_id, new.text); end`.execute(db);
    await sql`create trigger show_search_ad after delete on show_search begin
      insert into show_search_trigram(show_search_trigram, rowid, text) values ('delete', old.show_id, old.text); end`.execute(
      db,
    );
    await sql`create trigger show_search_au after update on show_search begin
      insert into show_search_trigram(show_search_trigram, rowid, text) values ('delete', old.show_id, old.text);
      insert into show_search_trigram(rowid, text) values (new.show_id, new.text); end`.execute(db);
  } else {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create index show_search_text_trgm_idx on show_search using gin (text gin_trgm_ops)`.execute(
      db,
    );
  }

  await withId(db.schema.createTable('search_history'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('search_history_user_query_uq', ['user_id', 'query'])
    .execute();
}

import { sql } from 'kysely';
import { addColumn, col, index, memberTable, sqlIndex } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Discovery: catalogue popularity and community counters on shows, the search index, and
 * per-user search history.
 *
 * Search keeps one row per show in `show_search` with every title normalised (lower case, no
 * diacritics). SQLite indexes it with an FTS5 trigram table, PostgreSQL with a pg_trgm GIN
 * index; both find candidates for substrings and typos, which the search module then ranks.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await addColumn(db, 'shows', 'popularity', 'double precision', col.notNullDefault(0));
  await addColumn(db, 'shows', 'total_users', 'integer', col.notNullDefault(0));
  await addColumn(db, 'shows', 'total_reviews', 'integer', col.notNullDefault(0));
  // The default browse order (community first, then catalogue popularity) reads straight off this.
  await sqlIndex(db, 'shows_popular_idx', 'shows', 'total_users desc, popularity desc, id');
  await index(db, 'shows_rating_idx', 'shows', 'rating');
  await index(db, 'shows_title_idx', 'shows', 'title');

  await db.schema
    .createTable('show_search')
    .addColumn('show_id', 'integer', col.primaryRef('shows.id'))
    .addColumn('text', 'text', col.notNull)
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

  await memberTable(db, dialect, 'search_history')
    .addColumn('query', 'text', col.notNull)
    .addColumn('created_at', 'text', col.notNull)
    .addUniqueConstraint('search_history_user_query_uq', ['user_id', 'query'])
    .execute();
}

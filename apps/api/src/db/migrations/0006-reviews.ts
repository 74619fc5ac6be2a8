import { sql } from 'kysely';
import { col, index, memberTable, pairTable, sqlIndexes, timestamps, withId } from './kit';
import type { AnyDb, DialectName } from './kit';

/**
 * Reviews, comments (one level of replies), likes and episode reviews.
 *
 * Counters shown in lists (`likes_count`, `comments_count`, `shows.total_reviews`) live on the
 * rows and move in the same transaction as the rows they count; a like is a row in a
 * `*_likes` table whose primary key makes a second like by the same member impossible.
 * User data → users: ON DELETE CASCADE (the erasure step fixes counters first); → catalogue
 * (shows, episodes): RESTRICT (ADR 040).
 *
 * Search: SQLite keeps an FTS5 table over title and content (kept in step by triggers);
 * PostgreSQL a GIN index over the same text as a 'simple' tsvector.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await memberTable(db, dialect, 'reviews')
    .addColumn('show_id', 'integer', col.ref('shows.id', 'restrict'))
    .addColumn('title', 'text', col.notNull)
    .addColumn('content', 'text', col.notNull)
    .addColumn('rating', 'double precision', col.notNull)
    .addColumn('is_spoiler', 'integer', col.notNullDefault(0))
    .addColumn('is_public', 'integer', col.notNullDefault(1))
    .addColumn('likes_count', 'integer', col.notNullDefault(0))
    .addColumn('comments_count', 'integer', col.notNullDefault(0))
    .$call(timestamps)
    .addUniqueConstraint('reviews_user_show_uq', ['user_id', 'show_id'])
    .execute();
  // Feed orders over public reviews (anonymous viewers read straight off these).
  await sqlIndexes(db, 'reviews', {
    reviews_public_created_idx: 'is_public, created_at desc, id desc',
    reviews_public_rating_idx: 'is_public, rating desc, id desc',
    reviews_public_likes_idx: 'is_public, likes_count desc, id desc',
    reviews_show_created_idx: 'show_id, created_at desc, id desc',
    reviews_user_created_idx: 'user_id, created_at desc, id desc',
  });

  await withId(db.schema.createTable('review_comments'), dialect)
    .addColumn('review_id', 'integer', col.ref('reviews.id'))
    .addColumn('user_id', 'integer', col.ref('users.id'))
    .addColumn('parent_id', 'integer', col.nullableRef('review_comments.id'))
    .addColumn('content', 'text', col.notNull)
    // Set when a comment with replies is deleted: it stays as a '[deleted]' placeholder.
    .addColumn('deleted_at', 'text')
    .addColumn('likes_count', 'integer', col.notNullDefault(0))
    .$call(timestamps)
    .execute();
  await sqlIndexes(db, 'review_comments', {
    review_comments_review_idx: 'review_id, parent_id, created_at desc, id desc',
  });
  await index(db, 'review_comments_parent_idx', 'review_comments', 'parent_id');
  await index(db, 'review_comments_user_idx', 'review_comments', 'user_id');

  await memberTable(db, dialect, 'episode_reviews')
    .addColumn('episode_id', 'integer', col.ref('episodes.id', 'restrict'))
    .addColumn('show_id', 'integer', col.ref('shows.id', 'restrict'))
    .addColumn('rating', 'integer', col.notNull)
    .addColumn('content', 'text')
    .addColumn('is_spoiler', 'integer', col.notNullDefault(0))
    .addColumn('likes_count', 'integer', col.notNullDefault(0))
    .$call(timestamps)
    .addUniqueConstraint('episode_reviews_user_episode_uq', ['user_id', 'episode_id'])
    .execute();
  await sqlIndexes(db, 'episode_reviews', {
    episode_reviews_episode_created_idx: 'episode_id, created_at desc, id desc',
  });
  await index(db, 'episode_reviews_show_idx', 'episode_reviews', 'show_id');

  // One like per member and thing: the primary key is the rule.
  for (const [table, target, fk] of [
    ['review_likes', 'review_id', 'reviews.id'],
    ['comment_likes', 'comment_id', 'review_comments.id'],
    ['episode_review_likes', 'episode_review_id', 'episode_reviews.id'],
  ] as const) {
    await pairTable(db, table, [target, fk], ['user_id', 'users.id']);
    await index(db, `${table}_user_idx`, table, 'user_id');
  }

  if (dialect === 'sqlite') {
    await sql`create virtual table reviews_fts using fts5(title, content, content='reviews', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`create trigger reviews_fts_ai after insert on reviews begin
      insert into reviews_fts(rowid, title, content) values (new.id, new.title, new.content); end`.execute(
      db,
    );
    await sql`create trigger reviews_fts_ad after delete on reviews begin
      insert into reviews_fts(reviews_fts, rowid, title, content) values ('delete', old.id, old.title, old.content); end`.execute(
      db,
    );
    await sql`create trigger reviews_fts_au after update of title, content on reviews begin
      insert into reviews_fts(reviews_fts, rowid, title, content) values ('delete', old.id, old.title, old.content);
      insert into reviews_fts(rowid, title, content) values (new.id, new.title, new.content); end`.execute(
      db,
    );
  } else {
    await sql`create index reviews_search_idx on reviews using gin ((setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', content), 'B')))`.execute(
      db,
    );
  }
}

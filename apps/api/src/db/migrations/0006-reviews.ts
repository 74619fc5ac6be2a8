import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('reviews'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('restrict'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('rating', 'double precision', (c) => c.notNull())
    .addColumn('is_spoiler', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('reviews_user_show_uq', ['user_id', 'show_id'])
    .execute();
  // Feed orders over public reviews (anonymous viewers read straight off these).
  await sql`create index reviews_public_created_idx on reviews (is_public, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index reviews_public_rating_idx on reviews (is_public, rating desc, id desc)`.execute(
    db,
  );
  await sql`create index reviews_public_likes_idx on reviews (is_public, likes_count desc, id desc)`.execute(
    db,
  );
  await sql`create index reviews_show_created_idx on reviews (show_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index reviews_user_created_idx on reviews (user_id, created_at desc, id desc)`.execute(
    db,
  );

  await withId(db.schema.createTable('review_comments'), dialect)
    .addColumn('review_id', 'integer', (c) =>
      c.notNull().references('reviews.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) =>
      c.references('review_comments.id').onDelete('cascade'),
    )
    .addColumn('content', 'text', (c) => c.notNull())
    // Set when a comment with replies is deleted: it stays as a '[deleted]' placeholder.
    .addColumn('deleted_at', 'text')
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index review_comments_review_idx on review_comments (review_id, parent_id, created_at desc, id desc)`.execute(
    db,
  );
  await db.schema
    .createIndex('review_comments_parent_idx')
    .on('review_comments')
    .column('parent_id')
    .execute();
  await db.schema
    .createIndex('review_comments_user_idx')
    .on('review_comments')
    .column('user_id')
    .execute();

  await withId(db.schema.createTable('episode_reviews'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) =>
      c.notNull().references('episodes.id').onDelete('restrict'),
    )
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('restrict'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('is_spoiler', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('episode_reviews_user_episode_uq', ['user_id', 'episode_id'])
    .execute();
  await sql`create index episode_reviews_episode_created_idx on episode_reviews (episode_id, created_at desc, id desc)`.execute(
    db,
  );
  await db.schema
    .createIndex('episode_reviews_show_idx')
    .on('episode_reviews')
    .column('show_id')
    .execute();

  // One like per member and thing: the primary key is the rule.
  for (const [table, target, fk] of [
    ['review_likes', 'review_id', 'reviews.id'],
    ['comment_likes', 'comment_id', 'review_comments.id'],
    ['episode_review_likes', 'episode_review_id', 'episode_reviews.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(target, 'integer', (c) => c.notNull().references(fk).onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [target, 'user_id'])
      .execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).column('user_id').execute();
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

import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection';
import { withId } from './0001-initial';

/**
 * Community lists (issue 10, ADR 080): lists, their items and their followers.
 *
 * `lists.item_count` and `lists.followers_count` are kept in the same transaction as every
 * change to the rows they count, so an index page reads them without counting. Item positions
 * are kept 1..n on every list (ranked or not; an unranked list shows its items newest first but
 * keeps its ranking for when it becomes ranked again). Writes to one list's items are
 * serialized by locking its `lists` row first, so positions cannot collide; there is no unique
 * index on (list_id, position) because a shift moves many rows in one statement.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('lists'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_ranked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The community index pages walk these and stop after a page.
  await sql`create index lists_public_updated_idx on lists (is_public, updated_at desc, id desc)`.execute(
    db,
  );
  await sql`create index lists_public_created_idx on lists (is_public, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index lists_public_followers_idx on lists (is_public, followers_count desc, item_count desc, id desc)`.execute(
    db,
  );
  await sql`create index lists_public_items_idx on lists (is_public, item_count desc, id desc)`.execute(
    db,
  );
  await sql`create index lists_user_updated_idx on lists (user_id, updated_at desc, id desc)`.execute(
    db,
  );

  await withId(db.schema.createTable('list_items'), dialect)
    .addColumn('list_id', 'integer', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    // Catalogue rows are never deleted from under user data (ADR 040).
    .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('list_items_list_show_uq', ['list_id', 'show_id'])
    .execute();
  await sql`create index list_items_list_position_idx on list_items (list_id, position)`.execute(
    db,
  );
  await sql`create index list_items_list_added_idx on list_items (list_id, added_at desc, id desc)`.execute(
    db,
  );
  await db.schema.createIndex('list_items_show_idx').on('list_items').column('show_id').execute();

  await db.schema
    .createTable('list_follows')
    .addColumn('list_id', 'integer', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_follows_pk', ['list_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('list_follows_user_idx')
    .on('list_follows')
    .columns(['user_id', 'created_at'])
    .execute();
}

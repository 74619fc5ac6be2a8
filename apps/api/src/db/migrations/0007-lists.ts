import { col, index, memberTable, pairTable, sqlIndexes, timestamps, withId } from './kit';
import type { AnyDb, DialectName } from './kit';

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
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await memberTable(db, dialect, 'lists')
    .addColumn('name', 'text', col.notNull)
    .addColumn('description', 'text')
    .addColumn('is_public', 'integer', col.notNullDefault(1))
    .addColumn('is_ranked', 'integer', col.notNullDefault(0))
    .addColumn('item_count', 'integer', col.notNullDefault(0))
    .addColumn('followers_count', 'integer', col.notNullDefault(0))
    .$call(timestamps)
    .execute();
  // The community index pages walk these and stop after a page.
  await sqlIndexes(db, 'lists', {
    lists_public_updated_idx: 'is_public, updated_at desc, id desc',
    lists_public_created_idx: 'is_public, created_at desc, id desc',
    lists_public_followers_idx: 'is_public, followers_count desc, item_count desc, id desc',
    lists_public_items_idx: 'is_public, item_count desc, id desc',
    lists_user_updated_idx: 'user_id, updated_at desc, id desc',
  });

  await withId(db.schema.createTable('list_items'), dialect)
    .addColumn('list_id', 'integer', col.ref('lists.id'))
    // Catalogue rows are never deleted from under user data (ADR 040).
    .addColumn('show_id', 'integer', col.ref('shows.id', 'restrict'))
    .addColumn('position', 'integer', col.notNull)
    .addColumn('notes', 'text')
    .addColumn('added_at', 'text', col.notNull)
    .addUniqueConstraint('list_items_list_show_uq', ['list_id', 'show_id'])
    .execute();
  await sqlIndexes(db, 'list_items', {
    list_items_list_position_idx: 'list_id, position',
    list_items_list_added_idx: 'list_id, added_at desc, id desc',
  });
  await index(db, 'list_items_show_idx', 'list_items', 'show_id');

  await pairTable(db, 'list_follows', ['list_id', 'lists.id'], ['user_id', 'users.id']);
  await index(db, 'list_follows_user_idx', 'list_follows', ['user_id', 'created_at']);
}

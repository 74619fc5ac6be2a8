import { sql, type Kysely, type Transaction } from 'kysely';
import type { ServicesFilter } from '@series-tracker/contracts';
import type { DialectName } from '../../db/connection';
import { onServices } from '../../db/services-filter';
import type { Database, ListItemRow } from '../../db/types';
import { shownStatus } from '../shows/show-status';

type Tx = Kysely<Database> | Transaction<Database>;

export interface ListItemWithShow extends ListItemRow {
  s_title: string;
  s_title_english: string | null;
  s_poster_url: string | null;
  s_episode_count: number | null;
  s_status: string;
}

/** A list's items (issue 10): positions 1..n on ranked lists, notes, copies. */
export function createListItemsRepository(db: Kysely<Database>, dialect: DialectName) {
  const pg = dialect === 'postgres';
  /** One item of the list, by its id or its show. */
  const itemBy = (
    q: Tx,
    listId: number,
    column: 'id' | 'show_id',
    value: number,
  ): Promise<ListItemRow | undefined> =>
    q
      .selectFrom('list_items')
      .selectAll()
      .where('list_id', '=', listId)
      .where(column, '=', value)
      .executeTakeFirst();
  return {
    /** Inserts rows in the order given, numbered from `start`. */
    async insertItems(
      trx: Transaction<Database>,
      listId: number,
      items: { showId: number; notes: string | null }[],
      start: number,
      now: string,
    ) {
      for (let i = 0; i < items.length; i += 200) {
        const chunk = items.slice(i, i + 200);
        await trx
          .insertInto('list_items')
          .values(
            chunk.map((it, j) => ({
              list_id: listId,
              show_id: it.showId,
              position: start + i + j,
              notes: it.notes,
              added_at: now,
            })),
          )
          .execute();
      }
    },

    item: (q: Tx, listId: number, itemId: number) => itemBy(q, listId, 'id', itemId),
    itemForShow: (q: Tx, listId: number, showId: number) => itemBy(q, listId, 'show_id', showId),

    /** A page of the list's items with their shows: by rank, or newest first. */
    async itemsWithShow(
      listId: number,
      ranked: boolean,
      limit: number,
      offset: number,
      only?: { itemId?: number; showId?: number; services?: ServicesFilter | null },
    ): Promise<ListItemWithShow[]> {
      let q = db
        .selectFrom('list_items as li')
        .innerJoin('shows as s', 's.id', 'li.show_id')
        .selectAll('li')
        .select([
          's.title as s_title',
          's.title_english as s_title_english',
          's.poster_url as s_poster_url',
          's.episode_count as s_episode_count',
        ])
        .select(shownStatus('s').as('s_status'))
        .where('li.list_id', '=', listId);
      if (only?.itemId !== undefined) q = q.where('li.id', '=', only.itemId);
      if (only?.showId !== undefined) q = q.where('li.show_id', '=', only.showId);
      if (only?.services) q = q.where(onServices('li.show_id', only.services));
      q = ranked
        ? q.orderBy('li.position', 'asc')
        : q.orderBy('li.added_at', 'desc').orderBy('li.id', 'desc');
      return (await q.limit(limit).offset(offset).execute()) as ListItemWithShow[];
    },

    /** Items of a list on the member's services (ADR 182): the filtered page's total. */
    async countOnServices(listId: number, services: ServicesFilter): Promise<number> {
      const row = await db
        .selectFrom('list_items as li')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('li.list_id', '=', listId)
        .where(onServices('li.show_id', services))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Moves every item at `from` or after by `by` places. */
    async shiftFrom(trx: Transaction<Database>, listId: number, from: number, by: 1 | -1) {
      await sql`update list_items set position = position + ${by}
                where list_id = ${listId} and position >= ${from}`.execute(trx);
    },

    async insertItem(
      trx: Transaction<Database>,
      v: { listId: number; showId: number; position: number; notes: string | null; now: string },
    ): Promise<number> {
      const row = await trx
        .insertInto('list_items')
        .values({
          list_id: v.listId,
          show_id: v.showId,
          position: v.position,
          notes: v.notes,
          added_at: v.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async deleteItem(trx: Transaction<Database>, itemId: number) {
      await trx.deleteFrom('list_items').where('id', '=', itemId).execute();
    },

    /** Moves one item from `from` to `to`, shifting the ones between. */
    async move(
      trx: Transaction<Database>,
      listId: number,
      itemId: number,
      from: number,
      to: number,
    ) {
      if (to < from) {
        await sql`update list_items set position = position + 1
                  where list_id = ${listId} and position >= ${to} and position < ${from}`.execute(
          trx,
        );
      } else if (to > from) {
        await sql`update list_items set position = position - 1
                  where list_id = ${listId} and position > ${from} and position <= ${to}`.execute(
          trx,
        );
      }
      await trx.updateTable('list_items').set({ position: to }).where('id', '=', itemId).execute();
    },

    async setNotes(trx: Transaction<Database>, itemId: number, notes: string | null) {
      await trx.updateTable('list_items').set({ notes }).where('id', '=', itemId).execute();
    },

    /** How many of `ids` (distinct) are items of the list. */
    async countItemsIn(trx: Transaction<Database>, listId: number, ids: number[]): Promise<number> {
      const json = JSON.stringify(ids);
      const r = pg
        ? await sql<{ n: number }>`select count(*) as n from list_items
            where list_id = ${listId}
              and id in (select value::int from jsonb_array_elements_text(${json}::jsonb))`.execute(
            trx,
          )
        : await sql<{ n: number }>`select count(*) as n from list_items
            where list_id = ${listId} and id in (select value from json_each(${json}))`.execute(
            trx,
          );
      return Number(r.rows[0]?.n ?? 0);
    },

    /** Positions 1..n in the order of `ids`, in one statement. */
    async renumber(trx: Transaction<Database>, listId: number, ids: number[]) {
      const json = JSON.stringify(ids);
      if (pg) {
        await sql`update list_items set position = j.ord
          from jsonb_array_elements_text(${json}::jsonb) with ordinality as j(value, ord)
          where list_items.list_id = ${listId} and list_items.id = j.value::int`.execute(trx);
      } else {
        await sql`update list_items set position = j.key + 1
          from json_each(${json}) as j
          where list_items.list_id = ${listId} and list_items.id = j.value`.execute(trx);
      }
    },

    async copyItems(trx: Transaction<Database>, fromId: number, toId: number) {
      await sql`insert into list_items (list_id, show_id, position, notes, added_at)
        select ${toId}, show_id, position, notes, added_at from list_items
        where list_id = ${fromId} order by position`.execute(trx);
    },
  };
}

import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { DialectName } from '../../db/connection';
import { setCountedRow } from '../../db/counted-rows';
import { moderationMarks } from '../../db/moderation-marks';
import type { Database, ListRow } from '../../db/types';
import { createListItemsRepository } from './list-items.repository';

type Tx = Kysely<Database> | Transaction<Database>;

/** A list row with what every list shape carries (owner, covers), read in one query. */
export interface ListSummaryRow extends ListRow {
  u_username: string;
  u_display_name: string | null;
  u_avatar_url: string | null;
  /** JSON array (text on SQLite, parsed already on PostgreSQL). */
  covers: string | unknown[] | null;
  total?: number;
  has_show?: number | boolean | null;
  is_following?: number | boolean | null;
}

export type { ListItemWithShow } from './list-items.repository';

export type ListOrder = 'updated_at' | 'created_at' | 'item_count' | 'followers' | 'name';

export interface ListQuery {
  /** Which rows the viewer may see: platform/policy `visible.*` conditions on alias `l` (all hold). */
  where: Expression<SqlBool> | Expression<SqlBool>[];
  userId?: number;
  isRanked?: boolean;
  showId?: number;
  /** Lower-cased text to find in name or description. */
  text?: string;
  sort: ListOrder;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** Adds has_show: whether this show is on each list. */
  hasShowId?: number;
}

/** Follows of lists: (list, member) rows beside the list's followers count. */
const listFollows = {
  rows: 'list_follows',
  column: 'list_id',
  table: 'lists',
  counter: 'followers_count',
} as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createListsRepository(db: Kysely<Database>, dialect: DialectName) {
  const pg = dialect === 'postgres';
  const marks = moderationMarks('lists');

  /**
   * Up to 4 covers of the list `alias`.id in its display order (rank, else newest first), as a
   * JSON array: a correlated subquery that walks the list's (list_id, position) or
   * (list_id, added_at) index and stops after 4.
   */
  const covers = (alias: string) => {
    const t = sql.table(alias);
    const pick = (ranked: boolean) => {
      const order = ranked ? sql.raw('li.position asc') : sql.raw('li.added_at desc, li.id desc');
      const aggOrder = ranked ? sql.raw('c.position asc') : sql.raw('c.added_at desc, c.id desc');
      const inner = sql`select li.id, li.position, li.added_at, li.show_id, s.title, s.poster_url
          from list_items li join shows s on s.id = li.show_id
          where li.list_id = ${t}.id order by ${order} limit 4`;
      return pg
        ? sql`(select coalesce(json_agg(json_build_object('showId', c.show_id, 'title', c.title, 'coverImageUrl', c.poster_url) order by ${aggOrder}), '[]'::json) from (${inner}) c)`
        : sql`(select json_group_array(json_object('showId', c.show_id, 'title', c.title, 'coverImageUrl', c.poster_url)) from (${inner}) c)`;
    };
    return sql<string>`case when ${t}.is_ranked = 1 then ${pick(true)} else ${pick(false)} end`;
  };

  const orderings: Record<ListOrder, (dir: 'asc' | 'desc') => string[]> = {
    updated_at: (d) => [`updated_at ${d}`, `id ${d}`],
    created_at: (d) => [`created_at ${d}`, `id ${d}`],
    item_count: (d) => [`item_count ${d}`, `id ${d}`],
    followers: (d) => [`followers_count ${d}`, `item_count ${d}`, `id ${d}`],
    name: (d) => [`lower(name) ${d}`, `id ${d}`],
  };
  const prefixed = (cols: string[], alias: string) =>
    sql.raw(
      cols
        .map((o) =>
          o.startsWith('lower(') ? o.replace('lower(', `lower(${alias}.`) : `${alias}.${o}`,
        )
        .join(', '),
    );

  return {
    db,
    // A list's items: their SQL beside, one repository for the feature.
    ...createListItemsRepository(db, dialect),

    /**
     * One page of lists with owner, counts and covers, and the total, in ONE statement: the
     * page is picked (and counted with a window) from the lists table alone, then only its
     * rows get their owner and covers.
     */
    async page(q: ListQuery): Promise<{ rows: ListSummaryRow[]; total: number }> {
      const conds: Expression<SqlBool>[] = Array.isArray(q.where) ? [...q.where] : [q.where];
      if (q.userId !== undefined) conds.push(sql<SqlBool>`l.user_id = ${q.userId}`);
      if (q.isRanked !== undefined) conds.push(sql<SqlBool>`l.is_ranked = ${q.isRanked ? 1 : 0}`);
      if (q.showId !== undefined)
        conds.push(
          sql<SqlBool>`l.id in (select x.list_id from list_items x where x.show_id = ${q.showId})`,
        );
      if (q.text) {
        const like = `%${escapeLike(q.text)}%`;
        conds.push(
          sql<SqlBool>`(lower(l.name) like ${like} escape '\\' or lower(coalesce(l.description, '')) like ${like} escape '\\')`,
        );
      }
      const where = sql.join(conds, sql` and `);
      const order = orderings[q.sort](q.order);
      const hasShow =
        q.hasShowId !== undefined
          ? sql`, exists (select 1 from list_items h where h.list_id = p.id and h.show_id = ${q.hasShowId}) as has_show`
          : sql``;
      const result = await sql<ListSummaryRow>`
        with p as (
          select l.*, count(*) over () as total from lists l
          where ${where}
          order by ${prefixed(order, 'l')}
          limit ${q.limit} offset ${q.offset}
        )
        select p.*, u.username as u_username, u.display_name as u_display_name,
               u.avatar_url as u_avatar_url, ${covers('p')} as covers ${hasShow}
        from p join users u on u.id = p.user_id
        order by ${prefixed(order, 'p')}`.execute(db);
      let total = result.rows[0] ? Number(result.rows[0].total) : 0;
      if (result.rows.length === 0 && q.offset > 0) {
        // Past the end: the window had no row to count on.
        const c = await sql<{
          n: number;
        }>`select count(*) as n from lists l where ${where}`.execute(db);
        total = Number(c.rows[0]?.n ?? 0);
      }
      return { rows: result.rows, total };
    },

    /** One list with owner, covers and whether `viewerId` follows it. */
    async summary(id: number, viewerId: number | null): Promise<ListSummaryRow | undefined> {
      const following =
        viewerId !== null
          ? sql`exists (select 1 from list_follows f where f.list_id = p.id and f.user_id = ${viewerId})`
          : sql`0`;
      const result = await sql<ListSummaryRow>`
        select p.*, u.username as u_username, u.display_name as u_display_name,
               u.avatar_url as u_avatar_url, ${covers('p')} as covers, ${following} as is_following
        from lists p join users u on u.id = p.user_id
        where p.id = ${id}`.execute(db);
      return result.rows[0];
    },

    async find(q: Tx, id: number): Promise<ListRow | undefined> {
      return q.selectFrom('lists').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Takes the list's row lock for the rest of the transaction: every write to a list's items
     * starts here, so two writers of one list run one after the other and positions stay 1..n.
     * PostgreSQL: SELECT … FOR UPDATE. SQLite: a no-op UPDATE takes the database write lock at
     * once (one writer at a time), which a deferred BEGIN would only take at its first write.
     */
    async lock(trx: Transaction<Database>, id: number): Promise<ListRow | undefined> {
      if (pg) {
        return trx
          .selectFrom('lists')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
      }
      await sql`update lists set item_count = item_count where id = ${id}`.execute(trx);
      return trx.selectFrom('lists').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertList(
      trx: Transaction<Database>,
      v: {
        user_id: number;
        name: string;
        description: string | null;
        is_public: number;
        is_ranked: number;
        now: string;
      },
    ): Promise<number> {
      const row = await trx
        .insertInto('lists')
        .values({
          user_id: v.user_id,
          name: v.name,
          description: v.description,
          is_public: v.is_public,
          is_ranked: v.is_ranked,
          item_count: 0,
          followers_count: 0,
          created_at: v.now,
          updated_at: v.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateList(
      trx: Transaction<Database>,
      id: number,
      v: Partial<Pick<ListRow, 'name' | 'description' | 'is_public' | 'is_ranked' | 'updated_at'>>,
    ) {
      await trx.updateTable('lists').set(v).where('id', '=', id).execute();
    },

    async deleteList(trx: Transaction<Database>, id: number) {
      await trx.deleteFrom('lists').where('id', '=', id).execute();
    },

    /** Which of these ids are catalogue shows. */
    async existingShows(q: Tx, ids: number[]): Promise<Set<number>> {
      const found = new Set<number>();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const rows = await q.selectFrom('shows').select('id').where('id', 'in', chunk).execute();
        for (const r of rows) found.add(r.id);
      }
      return found;
    },

    /** item_count from the rows, and updated_at. */
    async recount(trx: Transaction<Database>, listId: number, now: string) {
      await sql`update lists set updated_at = ${now},
                item_count = (select count(*) from list_items where list_id = ${listId})
                where id = ${listId}`.execute(trx);
    },

    async touch(trx: Transaction<Database>, listId: number, now: string) {
      await trx.updateTable('lists').set({ updated_at: now }).where('id', '=', listId).execute();
    },

    /**
     * A member's follow on or off; the followers count moves only when a row did
     * (db/counted-rows.ts, the mechanism likes use). Returns the count after it.
     */
    async setFollow(
      trx: Transaction<Database>,
      listId: number,
      userId: number,
      following: boolean,
      now: string,
    ) {
      return setCountedRow(trx, listFollows, listId, userId, following, now);
    },

    /** Counts of the lists `where` lets through: all, and those created since `since`. */
    async counts(where: Expression<SqlBool>, since: string) {
      const r = await sql<{ total: number; recent: number | null }>`
        select count(*) as total,
               sum(case when l.created_at >= ${since} then 1 else 0 end) as recent
        from lists l where ${where}`.execute(db);
      return { total: Number(r.rows[0]?.total ?? 0), recent: Number(r.rows[0]?.recent ?? 0) };
    },

    /**
     * Account erasure: the user's follows leave the counters of the lists they followed, then
     * their lists go (their items and others' follows of them cascade).
     */
    async eraseUser(trx: Tx, userId: number) {
      await sql`update lists set followers_count = followers_count - 1
        where id in (select list_id from list_follows where user_id = ${userId})`.execute(trx);
      await trx.deleteFrom('list_follows').where('user_id', '=', userId).execute();
      await trx.deleteFrom('lists').where('user_id', '=', userId).execute();
    },

    // --- moderation (ADR 151): its marks, through this feature ---

    mark: marks.mark,

    /** A suspension's "hide all" of a member's lists; returns those others could see. */
    hideAllBy: (trx: Transaction<Database>, userId: number, reason: string, now: string) =>
      marks.hideAllBy<{ id: number; name: string }>(
        trx,
        userId,
        reason,
        now,
        ['id', 'name'],
        'public',
      ),
  };
}

export type ListsRepository = ReturnType<typeof createListsRepository>;

import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, ModerationActionsTable, ReportsTable } from '../../db/types';
import { readItem } from './moderation-items.repository';

export type { ItemRow } from './moderation-items.repository';

type Tx = Kysely<Database> | Transaction<Database>;

/** Moderation's SQL (ADR 151): reports, items of every kind, marks, suspensions, audit log. */
export function createModerationRepository(db: Kysely<Database>) {
  return {
    db,
    /** One reportable thing of any kind, as moderation sees it. */
    item: readItem,

    user: (q: Tx, id: number) =>
      q.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    userByUsername: (username: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('username_lower', '=', username.toLowerCase())
        .executeTakeFirst(),
    setRole: (id: number, role: string) =>
      db.updateTable('users').set({ role }).where('id', '=', id).execute(),

    /** Null when this member already has an open report on the item (the partial unique index). */
    async insertReport(
      trx: Transaction<Database>,
      v: Omit<Selectable<ReportsTable>, 'id' | 'status' | 'resolved_at' | 'resolved_by'>,
    ): Promise<number | null> {
      const open = await trx
        .selectFrom('reports')
        .select('id')
        .where('reporter_id', '=', v.reporter_id)
        .where('item_type', '=', v.item_type)
        .where('item_id', '=', v.item_id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (open) return null;
      const row = await trx
        .insertInto('reports')
        .values({ ...v, status: 'open' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Whether anyone's report on the item is still open (inside the action's transaction). */
    async hasOpenReport(trx: Transaction<Database>, type: string, id: number): Promise<boolean> {
      const row = await trx
        .selectFrom('reports')
        .select('id')
        .where('status', '=', 'open')
        .where('item_type', '=', type)
        .where('item_id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Open reports grouped by item, the item reported first at the top. */
    async openItems(limit: number, offset: number) {
      const groups = await db
        .selectFrom('reports')
        .select(['item_type', 'item_id'])
        .select((eb) => eb.fn.min<string>('created_at').as('first'))
        .where('status', '=', 'open')
        .groupBy(['item_type', 'item_id'])
        .orderBy('first', 'asc')
        .orderBy('item_type')
        .orderBy('item_id')
        .limit(limit)
        .offset(offset)
        .execute();
      const total = await sql<{ n: number }>`select count(*) as n from (
          select 1 as x from reports where status = 'open' group by item_type, item_id) g`.execute(
        db,
      );
      return { groups, total: Number(total.rows[0]?.n ?? 0) };
    },

    openReports: (type: string, id: number) =>
      db
        .selectFrom('reports as r')
        .innerJoin('users as u', 'u.id', 'r.reporter_id')
        .select([
          'r.id',
          'r.reason',
          'r.details',
          'r.created_at',
          'u.id as reporter_id',
          'u.username',
          'u.display_name',
        ])
        .where('r.status', '=', 'open')
        .where('r.item_type', '=', type)
        .where('r.item_id', '=', id)
        .orderBy('r.created_at')
        .orderBy('r.id')
        .execute(),

    async resolveReports(
      trx: Transaction<Database>,
      type: string,
      id: number,
      by: number,
      now: string,
    ): Promise<number> {
      const res = await trx
        .updateTable('reports')
        .set({ status: 'resolved', resolved_at: now, resolved_by: by })
        .where('status', '=', 'open')
        .where('item_type', '=', type)
        .where('item_id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    async suspend(
      trx: Transaction<Database>,
      userId: number,
      until: string | null,
      reason: string,
      now: string,
    ) {
      await trx
        .updateTable('users')
        .set({ suspended_at: now, suspended_until: until, suspension_reason: reason })
        .where('id', '=', userId)
        .execute();
    },

    async unsuspend(trx: Transaction<Database>, userId: number) {
      await trx
        .updateTable('users')
        .set({ suspended_at: null, suspended_until: null, suspension_reason: null })
        .where('id', '=', userId)
        .execute();
    },

    async insertAction(
      trx: Transaction<Database>,
      v: Omit<Selectable<ModerationActionsTable>, 'id'>,
    ): Promise<number> {
      const row = await trx
        .insertInto('moderation_actions')
        .values(v)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The audit log, newest first; `authorId` narrows it to actions on one member. */
    async actions(limit: number, offset: number, filter: { id?: number; authorId?: number }) {
      let q = db
        .selectFrom('moderation_actions as a')
        .leftJoin('users as m', 'm.id', 'a.moderator_id')
        .leftJoin('users as au', 'au.id', 'a.author_id')
        .selectAll('a')
        .select([
          'm.username as m_username',
          'm.display_name as m_display_name',
          'au.username as a_username',
          'au.display_name as a_display_name',
        ]);
      let c = db
        .selectFrom('moderation_actions as a')
        .select((eb) => eb.fn.countAll<number>().as('n'));
      if (filter.authorId !== undefined) {
        q = q.where('a.author_id', '=', filter.authorId);
        c = c.where('a.author_id', '=', filter.authorId);
      }
      if (filter.id !== undefined) {
        q = q.where('a.id', '=', filter.id);
        c = c.where('a.id', '=', filter.id);
      }
      const [rows, n] = await Promise.all([
        q
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        c.executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(n.n) };
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
export type AuditRow = Awaited<ReturnType<ModerationRepository['actions']>>['rows'][number];

import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReportItemType } from '@series-tracker/contracts';
import type { Database } from '../../db/types';

type Tx = Kysely<Database> | Transaction<Database>;

/** What moderation needs to know about one reportable thing, whatever its kind. */
export interface ItemRow {
  itemType: ReportItemType;
  itemId: number;
  authorId: number;
  title: string | null;
  text: string | null;
  isSpoiler: boolean;
  isPublic: boolean;
  hiddenAt: string | null;
  removedAt: string | null;
  /** Comments: their review's author and visibility, and whether a parent hides them. */
  reviewId?: number;
  reviewOwnerId?: number;
  showId?: number;
  episodeId?: number;
  showTitle?: string;
  reviewAuthor?: string;
  rating?: number;
  /** Where it sits, for the queue and the author's mail. */
  context: string;
  link: string | null;
  /** Lists/reviews: the name to put in events. */
  name?: string;
}

/** The table and columns behind each moderatable kind (profiles have none). */
export const moderatedTables = {
  review: 'reviews',
  'episode-review': 'episode_reviews',
  comment: 'review_comments',
  list: 'lists',
} as const;

/** Moderation's SQL (ADR 151): reports, items of every kind, marks, suspensions, audit log. */
export function createModerationRepository(db: Kysely<Database>) {
  async function item(q: Tx, type: ReportItemType, id: number): Promise<ItemRow | undefined> {
    switch (type) {
      case 'review': {
        const r = await q
          .selectFrom('reviews as r')
          .innerJoin('shows as s', 's.id', 'r.show_id')
          .innerJoin('users as u', 'u.id', 'r.user_id')
          .select([
            'r.id',
            'r.user_id',
            'r.show_id',
            'r.title',
            'r.content',
            'r.rating',
            'r.is_spoiler',
            'r.is_public',
            'r.hidden_at',
            'r.removed_at',
            's.title as show_title',
            'u.username',
          ])
          .where('r.id', '=', id)
          .executeTakeFirst();
        if (!r) return undefined;
        return {
          itemType: type,
          itemId: r.id,
          authorId: r.user_id,
          title: r.title,
          text: r.content,
          isSpoiler: Boolean(r.is_spoiler),
          isPublic: Boolean(r.is_public),
          hiddenAt: r.hidden_at,
          removedAt: r.removed_at,
          showId: r.show_id,
          showTitle: r.show_title,
          rating: Number(r.rating),
          name: r.title,
          context: `${r.username}'s review of ${r.show_title}`,
          link: `/review/${r.id}`,
        };
      }
      case 'episode-review': {
        const r = await q
          .selectFrom('episode_reviews as er')
          .innerJoin('episodes as e', 'e.id', 'er.episode_id')
          .innerJoin('shows as s', 's.id', 'er.show_id')
          .innerJoin('users as u', 'u.id', 'er.user_id')
          .select([
            'er.id',
            'er.user_id',
            'er.show_id',
            'er.episode_id',
            'er.content',
            'er.rating',
            'er.is_spoiler',
            'er.is_public',
            'er.hidden_at',
            'er.removed_at',
            's.title as show_title',
            'e.season_number',
            'e.episode_number',
            'u.username',
          ])
          .where('er.id', '=', id)
          .executeTakeFirst();
        if (!r) return undefined;
        const code = `S${String(r.season_number).padStart(2, '0')}E${String(r.episode_number).padStart(2, '0')}`;
        return {
          itemType: type,
          itemId: r.id,
          authorId: r.user_id,
          title: null,
          text: r.content,
          isSpoiler: Boolean(r.is_spoiler),
          isPublic: Boolean(r.is_public),
          hiddenAt: r.hidden_at,
          removedAt: r.removed_at,
          showId: r.show_id,
          episodeId: r.episode_id,
          showTitle: r.show_title,
          context: `${r.username}'s review of ${r.show_title} ${code}`,
          link: `/episode/${r.episode_id}`,
        };
      }
      case 'comment': {
        const c = await q
          .selectFrom('review_comments as c')
          .innerJoin('reviews as r', 'r.id', 'c.review_id')
          .innerJoin('shows as s', 's.id', 'r.show_id')
          .innerJoin('users as ru', 'ru.id', 'r.user_id')
          .leftJoin('review_comments as p', 'p.id', 'c.parent_id')
          .select([
            'c.id',
            'c.user_id',
            'c.review_id',
            'c.content',
            'c.deleted_at',
            'c.hidden_at',
            'c.removed_at',
            'r.user_id as review_owner',
            'r.is_public as review_public',
            'r.hidden_at as review_hidden',
            'r.removed_at as review_removed',
            's.title as show_title',
            'ru.username as review_author',
          ])
          .where('c.id', '=', id)
          .executeTakeFirst();
        if (!c || c.deleted_at !== null) return undefined;
        return {
          itemType: type,
          itemId: c.id,
          authorId: c.user_id,
          title: null,
          text: c.content,
          isSpoiler: false,
          // Readable by others as far as its review is.
          isPublic: Boolean(c.review_public) && !c.review_hidden && !c.review_removed,
          hiddenAt: c.hidden_at,
          removedAt: c.removed_at,
          reviewId: c.review_id,
          reviewOwnerId: c.review_owner,
          reviewAuthor: c.review_author,
          showTitle: c.show_title,
          context: `Comment on ${c.review_author}'s review of ${c.show_title}`,
          link: `/review/${c.review_id}`,
        };
      }
      case 'list': {
        const l = await q
          .selectFrom('lists as l')
          .innerJoin('users as u', 'u.id', 'l.user_id')
          .select([
            'l.id',
            'l.user_id',
            'l.name',
            'l.description',
            'l.is_public',
            'l.hidden_at',
            'l.removed_at',
            'u.username',
          ])
          .where('l.id', '=', id)
          .executeTakeFirst();
        if (!l) return undefined;
        return {
          itemType: type,
          itemId: l.id,
          authorId: l.user_id,
          title: l.name,
          text: l.description,
          isSpoiler: false,
          isPublic: Boolean(l.is_public),
          hiddenAt: l.hidden_at,
          removedAt: l.removed_at,
          name: l.name,
          context: `${l.username}'s list`,
          link: `/list/${l.id}`,
        };
      }
      case 'profile': {
        const u = await q
          .selectFrom('users')
          .select(['id', 'username', 'display_name', 'bio', 'is_public'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!u) return undefined;
        return {
          itemType: type,
          itemId: u.id,
          authorId: u.id,
          title: u.display_name ?? u.username,
          text: u.bio,
          isSpoiler: false,
          isPublic: true,
          hiddenAt: null,
          removedAt: null,
          context: `${u.username}'s profile`,
          link: `/profile/${encodeURIComponent(u.username)}`,
        };
      }
    }
  }

  return {
    db,
    item,

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
      v: {
        item_type: string;
        item_id: number;
        author_id: number;
        reporter_id: number;
        reason: string;
        details: string | null;
        created_at: string;
      },
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

    /** Sets a moderator's mark (hidden_at / removed_at) with the reason shown to the author. */
    async mark(
      trx: Transaction<Database>,
      type: keyof typeof moderatedTables,
      id: number,
      column: 'hidden_at' | 'removed_at',
      reason: string,
      now: string,
    ) {
      await sql`update ${sql.table(moderatedTables[type])}
        set ${sql.ref(column)} = coalesce(${sql.ref(column)}, ${now}), moderation_reason = ${reason}
        where id = ${id}`.execute(trx);
    },

    async markSpoiler(trx: Transaction<Database>, type: 'review' | 'episode-review', id: number) {
      await sql`update ${sql.table(moderatedTables[type])} set is_spoiler = 1 where id = ${id}`.execute(
        trx,
      );
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

    /**
     * Hides every public thing a member wrote that others can still see, in one step (with a
     * suspension). Returns what it hid, so counters and feeds can follow.
     */
    async hideAllBy(trx: Transaction<Database>, userId: number, reason: string, now: string) {
      const open = { hidden_at: null, removed_at: null };
      const reviews = await trx
        .selectFrom('reviews')
        .select(['id', 'show_id', 'rating', 'title'])
        .where('user_id', '=', userId)
        .where('hidden_at', 'is', open.hidden_at)
        .where('removed_at', 'is', open.removed_at)
        .where('is_public', '=', 1)
        .execute();
      const lists = await trx
        .selectFrom('lists')
        .select(['id', 'name'])
        .where('user_id', '=', userId)
        .where('hidden_at', 'is', null)
        .where('removed_at', 'is', null)
        .where('is_public', '=', 1)
        .execute();
      const comments = await trx
        .selectFrom('review_comments')
        .select(['id', 'review_id'])
        .where('user_id', '=', userId)
        .where('hidden_at', 'is', null)
        .where('removed_at', 'is', null)
        .where('deleted_at', 'is', null)
        .execute();
      const episodeReviews = await trx
        .selectFrom('episode_reviews')
        .select(['id', 'episode_id'])
        .where('user_id', '=', userId)
        .where('hidden_at', 'is', null)
        .where('removed_at', 'is', null)
        .where('is_public', '=', 1)
        .execute();
      for (const table of Object.values(moderatedTables)) {
        await sql`update ${sql.table(table)} set hidden_at = ${now}, moderation_reason = ${reason}
          where user_id = ${userId} and hidden_at is null and removed_at is null`.execute(trx);
      }
      return { reviews, lists, comments, episodeReviews };
    },

    async insertAction(
      trx: Transaction<Database>,
      v: {
        moderator_id: number | null;
        action: string;
        item_type: string;
        item_id: number;
        author_id: number | null;
        reason: string;
        until: string | null;
        hidden_count: number;
        created_at: string;
      },
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

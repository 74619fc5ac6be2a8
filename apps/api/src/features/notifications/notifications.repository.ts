import type { Kysely } from 'kysely';
import { memberColumns } from '../../db/member-columns';
import { countOf, offsetPage } from '../../db/paging';
import type { Database } from '../../db/types';
import { visible, type Viewer } from '../../platform/policy';

export interface NewNotification {
  user_id: number;
  kind: string;
  actor_id?: number | null;
  show_id?: number | null;
  episode_id?: number | null;
  review_id?: number | null;
  comment_id?: number | null;
  target?: string | null;
  dedupe_key: string;
  created_at: string;
}

/** The bell's SQL (ADR 160). Who sees a notification: platform/policy's visible.notifications. */
export function createNotificationsRepository(db: Kysely<Database>) {
  const mine = (viewer: Viewer) => visible.notifications(viewer, 'n.user_id', 'n.actor_id');
  return {
    /** Inserts, skipping any the member already has (same dedupe key). */
    async add(rows: NewNotification[]): Promise<number> {
      if (!rows.length) return 0;
      let added = 0;
      // In chunks: PostgreSQL caps bind parameters per statement.
      for (let i = 0; i < rows.length; i += 500) {
        const res = await db
          .insertInto('notifications')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
          .executeTakeFirst();
        added += Number(res.numInsertedOrUpdatedRows ?? 0);
      }
      return added;
    },

    async remove(where: {
      comment_id?: number;
      review_id?: number;
      dedupe_key?: string;
      user_id?: number;
    }) {
      let q = db.deleteFrom('notifications');
      if (where.comment_id !== undefined) q = q.where('comment_id', '=', where.comment_id);
      if (where.review_id !== undefined)
        q = q.where('review_id', '=', where.review_id).where('kind', '!=', 'episode');
      if (where.dedupe_key !== undefined) q = q.where('dedupe_key', '=', where.dedupe_key);
      if (where.user_id !== undefined) q = q.where('user_id', '=', where.user_id);
      await q.execute();
    },

    /** The episode an episode review is about (a like on it links there). */
    async episodeOfEpisodeReview(id: number) {
      const row = await db
        .selectFrom('episode_reviews')
        .select(['episode_id', 'show_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },

    async page(viewer: Viewer, limit: number, offset: number) {
      const base = db.selectFrom('notifications as n').where(mine(viewer));
      const [page, unread] = await Promise.all([
        offsetPage(
          base
            .leftJoin('users as a', 'a.id', 'n.actor_id')
            .leftJoin('shows as s', 's.id', 'n.show_id')
            .leftJoin('episodes as e', 'e.id', 'n.episode_id')
            .select([
              'n.id',
              'n.kind',
              'n.created_at',
              'n.read_at',
              'n.review_id',
              'n.target',
              ...memberColumns('a', 'actor_'),
              's.id as show_id',
              's.title as show_title',
              'e.id as episode_id',
              'e.season_number',
              'e.episode_number',
              'e.title as episode_title',
            ])
            .orderBy('n.created_at', 'desc')
            .orderBy('n.id', 'desc'),
          countOf(base),
          limit,
          offset,
        ),
        this.unreadCount(viewer),
      ]);
      return { ...page, unread };
    },

    unreadCount: (viewer: Viewer): Promise<number> =>
      countOf(
        db.selectFrom('notifications as n').where(mine(viewer)).where('n.read_at', 'is', null),
      ),

    /** Marks one (its id) or all of the viewer's unread as read; returns how many changed. */
    async markRead(viewer: Viewer, now: string, id?: number): Promise<number> {
      let q = db
        .updateTable('notifications')
        .set({ read_at: now })
        .where('user_id', '=', viewer?.id ?? -1)
        .where('read_at', 'is', null);
      if (id !== undefined) q = q.where('id', '=', id);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    async exists(viewer: Viewer, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('notifications as n')
        .select('n.id')
        .where(mine(viewer))
        .where('n.id', '=', id)
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

import { sql, type Kysely, type Transaction } from 'kysely';
import { offsetPage } from '../../db/paging';
import { memberColumns } from '../../db/member-columns';
import { countWhere, deleteWhere, existsWhere } from '../../db/rows';
import type { Database } from '../../db/types';
import { visible, type Viewer } from '../../platform/policy';

type Exec = Kysely<Database> | Transaction<Database>;

export type NewActivity = {
  user_id: number;
  action: string;
  show_id?: number | null;
  episode_id?: number | null;
  episode_count?: number;
  rating?: number | null;
  review_id?: number | null;
  list_id?: number | null;
  target_user_id?: number | null;
  content?: string | null;
  created_at: string;
};

/** The activity log: written by the recorder (event subscribers), read by feeds. */
export function createActivityRepository(db: Kysely<Database>) {
  /** Entries with everything a feed card shows, filtered by who may see their author. */
  function feedQuery(viewer: Viewer) {
    return db
      .selectFrom('activities as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('shows as s', 's.id', 'a.show_id')
      .leftJoin('episodes as e', 'e.id', 'a.episode_id')
      .leftJoin('users as t', 't.id', 'a.target_user_id')
      .select([
        'a.id',
        'a.action',
        'a.created_at',
        'a.episode_count',
        'a.rating',
        'a.content',
        'a.review_id',
        'a.list_id',
        ...memberColumns('u', 'u_'),
        's.id as s_id',
        's.title as s_title',
        's.poster_url as s_poster_url',
        'e.id as e_id',
        'e.season_number as e_season',
        'e.episode_number as e_number',
        'e.title as e_title',
        ...memberColumns('t', 't_'),
      ])
      .where(visible.authoredBy(viewer, 'u.id', 'u.is_public'));
  }

  return {
    db,

    insert: (trx: Exec, row: NewActivity) => trx.insertInto('activities').values(row).execute(),

    /** The member's newest entry (batching of bursts looks at it). */
    latest: (trx: Exec, userId: number) =>
      trx
        .selectFrom('activities')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** The newest entry of one action about one show. */
    latestFor: (trx: Exec, userId: number, action: string, showId: number) =>
      trx
        .selectFrom('activities')
        .selectAll()
        .where('user_id', '=', userId)
        .where('action', '=', action)
        .where('show_id', '=', showId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    update: (
      trx: Exec,
      id: number,
      set: Partial<
        Pick<NewActivity, 'episode_count' | 'episode_id' | 'created_at' | 'rating' | 'content'>
      >,
    ) => trx.updateTable('activities').set(set).where('id', '=', id).execute(),

    deleteById: (trx: Exec, id: number) =>
      trx.deleteFrom('activities').where('id', '=', id).execute(),
    /** An episode rating's entry (a moderator hid or removed it, ADR 151). */
    deleteEpisodeReviewed: (userId: number, episodeId: number) =>
      deleteWhere(db, 'activities', {
        user_id: userId,
        episode_id: episodeId,
        action: 'episode_reviewed',
      }),
    deleteByReview: (reviewId: number) =>
      deleteWhere(db, 'activities', { review_id: reviewId, action: 'reviewed' }),
    deleteByList: (listId: number) =>
      db
        .deleteFrom('activities')
        .where('list_id', '=', listId)
        .where('action', 'in', ['list_created', 'list_updated'])
        .execute(),
    hasReview: (reviewId: number) =>
      existsWhere(db, 'activities', { review_id: reviewId, action: 'reviewed' }),
    updateReview: (reviewId: number, rating: number, title: string | null) =>
      db
        .updateTable('activities')
        .set(title === null ? { rating } : { rating, content: title })
        .where('review_id', '=', reviewId)
        .where('action', '=', 'reviewed')
        .execute(),
    deleteFollow: (followerId: number, followeeId: number) =>
      deleteWhere(db, 'activities', {
        user_id: followerId,
        target_user_id: followeeId,
        action: 'followed',
      }),

    watchlistItem: (trx: Exec, userId: number, showId: number) =>
      trx
        .selectFrom('watchlist_items')
        .select(['status', 'score', 'completed_at'])
        .where('user_id', '=', userId)
        .where('show_id', '=', showId)
        .executeTakeFirst(),

    /** One member's entries, newest first. */
    byUser: (viewer: Viewer, userId: number, limit: number, offset: number) =>
      offsetPage(
        feedQuery(viewer)
          .where('a.user_id', '=', userId)
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc'),
        countWhere(db, 'activities', { user_id: userId }),
        limit,
        offset,
      ),

    /**
     * The people `viewerId` follows, newest first: one query, checked against follows. `+a.user_id`
     * keeps the planner walking activities newest first (its created_at index) and probing
     * follows by primary key, instead of gathering every followed member's history and sorting
     * it (a thousand follows can mean a million rows).
     */
    following(viewer: { id: number }, limit: number, offset: number) {
      // EXISTS rather than a join: SQLite probes follows before the user, block and display
      // lookups, so rows of members not followed cost one index probe (ADR 090 load figures).
      return feedQuery(viewer)
        .where(
          sql<boolean>`exists (select 1 from follows f where f.follower_id = ${viewer.id} and f.followee_id = +a.user_id)`,
        )
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Everyone's visible activity, newest first (the anonymous home). */
    community(viewer: Viewer, limit: number, offset: number) {
      return feedQuery(viewer)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Erasure: the member's own entries and the ones that name them (follows of them). */
    async eraseUser(trx: Exec, userId: number) {
      await trx.deleteFrom('activities').where('user_id', '=', userId).execute();
      await trx.deleteFrom('activities').where('target_user_id', '=', userId).execute();
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
export type FeedRow = Awaited<ReturnType<ActivityRepository['community']>>[number];

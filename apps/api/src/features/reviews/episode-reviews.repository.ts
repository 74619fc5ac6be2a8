import type { Kysely, Transaction } from 'kysely';
import { moderationMarks } from '../../db/moderation-marks';
import { countOf, offsetPage } from '../../db/paging';
import type { Database } from '../../db/types';
import { visible } from '../../platform/policy';
import { likedBy } from './likes.repository';
import type { AuthoredRow } from './reviews.repository';

type Tx = Kysely<Database> | Transaction<Database>;

export interface EpisodeReviewWithAuthor extends AuthoredRow {
  id: number;
  user_id: number;
  episode_id: number;
  show_id: number;
  rating: number;
  content: string | null;
  is_spoiler: number;
  is_public: number;
  likes_count: number;
  created_at: string;
  updated_at: string;
}

/** The columns a member writes in an episode review. */
type EpisodeReviewFields = Pick<
  EpisodeReviewWithAuthor,
  'rating' | 'content' | 'is_spoiler' | 'is_public'
>;

/** Episode reviews (a rating with optional words, one per member and episode). */
export function createEpisodeReviewsRepository(db: Kysely<Database>) {
  const marks = moderationMarks('episode_reviews');
  const episodeReviewsWithAuthor = (q: Tx, viewerId: number | null) =>
    q
      .selectFrom('episode_reviews as er')
      .innerJoin('users as u', 'u.id', 'er.user_id')
      .selectAll('er')
      .select(['u.username', 'u.display_name', 'u.avatar_url'])
      .select(likedBy('episode-review', 'er.id', viewerId).as('is_liked'));

  return {
    db,

    async episode(q: Tx, id: number) {
      return q
        .selectFrom('episodes')
        .select(['id', 'show_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async episodeReviewById(q: Tx, id: number, viewerId: number | null) {
      return (await episodeReviewsWithAuthor(q, viewerId)
        .where('er.id', '=', id)
        .executeTakeFirst()) as EpisodeReviewWithAuthor | undefined;
    },

    async episodeReviewFor(q: Tx, userId: number, episodeId: number) {
      return q
        .selectFrom('episode_reviews')
        .select('id')
        .where('user_id', '=', userId)
        .where('episode_id', '=', episodeId)
        .executeTakeFirst();
    },

    async listEpisodeReviews(
      episodeId: number,
      viewerId: number | null,
      limit: number,
      offset: number,
    ) {
      const shown = visible.published(
        viewerId === null ? null : { id: viewerId },
        'er.user_id',
        'er.is_public',
      );
      const page = await offsetPage(
        episodeReviewsWithAuthor(db, viewerId)
          .where('er.episode_id', '=', episodeId)
          .where(shown)
          .orderBy('er.created_at', 'desc')
          .orderBy('er.id', 'desc'),
        countOf(
          db
            .selectFrom('episode_reviews as er')
            .where('er.episode_id', '=', episodeId)
            .where(shown),
        ),
        limit,
        offset,
      );
      return { rows: page.rows as EpisodeReviewWithAuthor[], total: page.total };
    },

    async insertEpisodeReview(
      trx: Transaction<Database>,
      values: Omit<EpisodeReviewFields, 'is_public'> &
        Partial<Pick<EpisodeReviewFields, 'is_public'>> &
        Pick<EpisodeReviewWithAuthor, 'user_id' | 'episode_id' | 'show_id'> & { now: string },
    ): Promise<number | null> {
      const { now, ...rest } = values;
      const row = await trx
        .insertInto('episode_reviews')
        .values({ ...rest, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async updateEpisodeReview(
      trx: Tx,
      id: number,
      set: Partial<EpisodeReviewFields & { updated_at: string }>,
    ) {
      await trx.updateTable('episode_reviews').set(set).where('id', '=', id).execute();
    },

    async deleteEpisodeReview(trx: Tx, id: number) {
      await trx.deleteFrom('episode_reviews').where('id', '=', id).execute();
    },

    // --- moderation (ADR 151): its marks, through this feature ---

    mark: marks.mark,

    async markSpoiler(trx: Transaction<Database>, id: number) {
      await trx
        .updateTable('episode_reviews')
        .set({ is_spoiler: 1 })
        .where('id', '=', id)
        .execute();
    },

    /** A suspension's "hide all" of a member's episode reviews; returns those others could see. */
    hideAllBy: (trx: Transaction<Database>, userId: number, reason: string, now: string) =>
      marks.hideAllBy<{ id: number; episode_id: number }>(
        trx,
        userId,
        reason,
        now,
        ['id', 'episode_id'],
        'public',
      ),

    /** Account erasure: the member's episode reviews go (their likes cascade). */
    async eraseUser(trx: Tx, userId: number) {
      await trx.deleteFrom('episode_reviews').where('user_id', '=', userId).execute();
    },
  };
}

export type EpisodeReviewsRepository = ReturnType<typeof createEpisodeReviewsRepository>;

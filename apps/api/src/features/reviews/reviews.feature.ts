import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/types';
import type { EventBus } from '../../platform/events';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { createCommentsRepository } from './comments.repository';
import { createCommentsService } from './comments.service';
import { createEpisodeReviewsRepository } from './episode-reviews.repository';
import { createEpisodeReviewsService } from './episode-reviews.service';
import { createLikesRepository } from './likes.repository';
import { createLikesService } from './likes.service';
import { createReviewSearchRepository } from './review-search.repository';
import { createReviewsRepository } from './reviews.repository';
import { createReviewsService } from './reviews.service';

export interface ReviewsFeatureOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  uow: UnitOfWork;
  events: EventBus;
  /** People (ADR 090): whether `authorId` blocks `userId` (no comments, no likes). */
  blocks?: (authorId: number, userId: number) => Promise<boolean>;
}

/**
 * Reviews, comments, episode reviews and likes (issue 9), each a service of its own over its
 * own repository; this wires them to each other once, for the composition root.
 */
export function createReviewsFeature({ db, dialect, uow, events, blocks }: ReviewsFeatureOptions) {
  const reviewsRepo = createReviewsRepository(db, dialect);
  const commentsRepo = createCommentsRepository(db);
  const episodeReviewsRepo = createEpisodeReviewsRepository(db);
  const likesRepo = createLikesRepository(db);
  const reviews = createReviewsService({
    repo: reviewsRepo,
    search: createReviewSearchRepository(db, dialect),
    uow,
    events,
  });
  const comments = createCommentsService({
    repo: commentsRepo,
    reviews: reviewsRepo,
    readableReview: reviews.readable,
    uow,
    events,
    ...(blocks ? { blocks } : {}),
  });
  const episodeReviews = createEpisodeReviewsService({ repo: episodeReviewsRepo, uow, events });
  const likes = createLikesService({
    repo: likesRepo,
    uow,
    events,
    ...(blocks ? { blocks } : {}),
    // Every likeable kind: the thing, when the viewer may read it.
    kinds: {
      review: async (viewer, id) => ({ authorId: (await reviews.readable(viewer, id)).user_id }),
      comment: async (viewer, id) => {
        const { comment } = await comments.readable(viewer, id);
        return {
          authorId: comment.user_id,
          reviewId: comment.review_id,
          commentId: comment.id,
          deleted: comment.deleted_at !== null,
        };
      },
      'episode-review': async (viewer, id) => ({
        authorId: (await episodeReviews.readable(viewer, id)).user_id,
      }),
    },
    // "Most liked" and "popular" count reviews with at least one like.
    changed: (target) => {
      if (target === 'review') reviewsRepo.forgetTotals();
    },
  });

  return {
    reviews,
    comments,
    episodeReviews,
    likes,

    /**
     * Account erasure step (platform/erasure.ts): removes everything a member wrote or liked
     * here and puts every counter those rows moved on others' rows back to exact.
     */
    async eraseUser(trx: Kysely<Database> | Transaction<Database>, userId: number) {
      await likesRepo.eraseUser(trx, userId);
      await commentsRepo.eraseUser(trx, userId);
      await episodeReviewsRepo.eraseUser(trx, userId);
      const result = await reviewsRepo.eraseUser(trx, userId);
      reviewsRepo.forgetTotals();
      return result;
    },

    /** Moderation (ADR 151, 184): its marks and counters, through this feature. */
    moderation: {
      marks: { review: reviewsRepo, comment: commentsRepo, 'episode-review': episodeReviewsRepo },
      async recountAfterModeration(
        trx: Transaction<Database>,
        o: { showIds: number[]; reviewIds: number[] },
      ) {
        await reviews.recountShows(trx, o.showIds);
        await comments.recountReviews(trx, o.reviewIds);
      },
      forgetTotals: () => reviews.forgetTotals(),
    },
  };
}

export type ReviewsFeature = ReturnType<typeof createReviewsFeature>;

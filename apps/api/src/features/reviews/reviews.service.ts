import {
  errorCodes,
  peopleMessages,
  reviewMessages as m,
  TOP_RATED_MIN,
  type Page,
  type Review,
  type ReviewListQuery,
  type ReviewSearchResult,
  type UpdateReview,
} from '@series-tracker/contracts';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { addDays, nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import { authorize, type Viewer } from '../../platform/policy';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { page } from '../shows/shows.service';
import { bit, reviewResource } from './review-resources';
import type { ReviewSearchRepository } from './review-search.repository';
import { toReview, toReviewSearchResult } from './reviews.mapper';
import type {
  ReviewOrderColumn,
  ReviewScope,
  ReviewsRepository,
  ReviewWithRefs,
} from './reviews.repository';
import { verbatim } from '../../lib/i18n/text';

export interface ReviewsServiceOptions {
  repo: ReviewsRepository;
  search: Pick<ReviewSearchRepository, 'searchReviews'>;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  /** review.*, published after commit. */
  events: EventBus;
}

/** Reviews with at least this many members' ratings show the members' average (ADR 070). */
export const MEMBER_RATING_MIN = 3;

/** Draft of a review after the contract's parsing (defaults applied). */
export interface ReviewDraft {
  showId: number;
  title: string;
  content: string;
  rating: number;
  isSpoiler: boolean;
  isPublic: boolean;
}

/**
 * Reviews of shows (issue 9, ADR 070): listings, one review, writes, the figures other
 * features show. Comments, episode reviews and likes are services of their own beside it.
 */
export function createReviewsService({ repo, search, uow, events }: ReviewsServiceOptions) {
  /** A review the viewer may read, else 404 (a private one is as absent as a missing one). */
  async function readableReview(viewer: Viewer, id: number): Promise<ReviewWithRefs> {
    const r = await repo.reviewById(repo.db, id, viewer?.id ?? null);
    authorize(viewer, 'read', r && reviewResource(r), m.reviewNotFound);
    return r!;
  }

  const eventPayload = (r: ReviewWithRefs) => ({
    reviewId: r.id,
    userId: r.user_id,
    showId: r.show_id,
    rating: Number(r.rating),
    // Whether others may see it: a review a moderator hid or removed is not announced (ADR 151).
    isPublic: Boolean(r.is_public) && !r.hidden_at && !r.removed_at,
    at: r.updated_at,
    title: r.title,
  });

  /** Every listing: the order the filter implies unless `sort` says otherwise. */
  function listing(query: ReviewListQuery): {
    scope: Pick<ReviewScope, 'minRating' | 'minLikes'>;
    column: ReviewOrderColumn;
  } {
    const byFilter: Record<ReviewListQuery['filter'], ReviewOrderColumn> = {
      latest: 'created_at',
      top_rated: 'rating',
      most_liked: 'likes_count',
    };
    return {
      scope: {
        ...(query.filter === 'top_rated' ? { minRating: TOP_RATED_MIN } : {}),
        ...(query.filter === 'most_liked' ? { minLikes: 1 } : {}),
      },
      column: query.sort ?? byFilter[query.filter],
    };
  }

  /** A listing within `base` by the query's filter, sort and order. */
  function filtered(viewer: Viewer, base: ReviewScope, query: ReviewListQuery) {
    const { scope, column } = listing(query);
    return list(viewer, { ...base, ...scope }, column, query.order, query.limit, query.offset);
  }

  async function list(
    viewer: Viewer,
    scope: ReviewScope,
    column: ReviewOrderColumn,
    direction: 'asc' | 'desc',
    limit: number,
    offset: number,
  ): Promise<Page<Review>> {
    const { rows, total } = await repo.listReviews(
      viewer,
      scope,
      { column, direction },
      limit,
      offset,
    );
    return page(rows.map(toReview), total, limit, offset);
  }

  return {
    get: async (viewer: Viewer, id: number) => toReview(await readableReview(viewer, id)),

    /** GET /reviews and the feed screen: community reviews by filter, sort and order. */
    feed: (viewer: Viewer, query: ReviewListQuery) =>
      filtered(viewer, { visibility: 'community' }, query),
    recent: (viewer: Viewer, limit: number, offset: number) =>
      list(viewer, { visibility: 'community' }, 'created_at', 'desc', limit, offset),
    popular: (viewer: Viewer, limit: number, offset: number) =>
      list(viewer, { visibility: 'community', minLikes: 1 }, 'likes_count', 'desc', limit, offset),
    /** Most liked of the last 30 days, at least one like. */
    featured: (viewer: Viewer, limit: number, offset: number) =>
      list(
        viewer,
        // To the minute, so one minute's requests share a count (and a cached answer).
        {
          visibility: 'community',
          minLikes: 1,
          since: `${addDays(nowIso(), -30).slice(0, 16)}:00.000Z`,
        },
        'likes_count',
        'desc',
        limit,
        offset,
      ),
    /** The viewer's own reviews, private ones included. */
    mine: (viewer: { id: number }, query: ReviewListQuery) =>
      filtered(viewer, { visibility: 'viewer', userId: viewer.id }, query),
    /**
     * A member's reviews as this viewer may see them (their own page shows their private ones;
     * everyone else sees the public ones). For profile tabs; newest first.
     */
    listByUser: (
      viewer: Viewer,
      userId: number,
      opts: { limit: number; offset: number; sort?: ReviewOrderColumn; order?: 'asc' | 'desc' },
    ) =>
      list(
        viewer,
        { visibility: 'viewer', userId },
        opts.sort ?? 'created_at',
        opts.order ?? 'desc',
        opts.limit,
        opts.offset,
      ),
    /** People (ADR 090): public reviews by the members the viewer follows (GET /reviews/feed). */
    followingFeed: (viewer: { id: number }, query: ReviewListQuery) =>
      filtered(viewer, { visibility: 'community', followedBy: viewer.id }, query),
    async forShow(viewer: Viewer, showId: number, query: ReviewListQuery) {
      if (!(await repo.showExists(repo.db, showId))) throw notFound(m.showNotFound);
      return filtered(viewer, { visibility: 'community', showId }, query);
    },
    /** One member's review of a show, if the viewer may see it; 404 when none. */
    async byUserForShow(viewer: Viewer, userId: number, showId: number): Promise<Review> {
      const r = await repo.reviewFor(repo.db, userId, showId, viewer?.id ?? null);
      authorize(viewer, 'read', r && reviewResource(r), m.reviewNotFound);
      // One member's review, outside their profile: the profile's rule too (ADR 150).
      if (!(await repo.memberDetailsVisible(viewer, userId)))
        throw forbidden(peopleMessages.privateProfile);
      return toReview(r!);
    },

    async search(query: string, limit: number, offset: number): Promise<Page<ReviewSearchResult>> {
      const { rows, total } = await search.searchReviews(query.slice(0, 200), limit, offset);
      return page(rows.map(toReviewSearchResult), total, limit, offset);
    },

    async create(
      viewer: { id: number },
      draft: ReviewDraft,
      // imports: a review from another tracker keeps its date and is flagged as imported.
      origin: { at?: string | null; imported?: boolean } = {},
    ): Promise<Review> {
      const now = origin.at ?? nowIso();
      const id = await uow.run(async (trx) => {
        if (!(await repo.showExists(trx, draft.showId))) throw notFound(m.showNotFound);
        const inserted = await repo.insertReview(trx, {
          user_id: viewer.id,
          show_id: draft.showId,
          title: draft.title,
          content: draft.content,
          rating: draft.rating,
          is_spoiler: bit(draft.isSpoiler),
          is_public: bit(draft.isPublic),
          now,
        });
        if (inserted === null) return null;
        if (draft.isPublic) await repo.moveShowReviews(trx, draft.showId, 1);
        return inserted;
      });
      if (id === null) {
        const existing = await repo.reviewFor(repo.db, viewer.id, draft.showId, null);
        throw conflict(errorCodes.conflict, m.alreadyReviewed, {
          reviewId: verbatim(String(existing?.id ?? '')),
        });
      }
      repo.forgetTotals();
      const created = (await repo.reviewById(repo.db, id, viewer.id))!;
      await events.emit('review.created', {
        ...eventPayload(created),
        ...(origin.imported ? { imported: true } : {}),
      });
      return toReview(created);
    },

    async update(viewer: { id: number }, id: number, change: UpdateReview): Promise<Review> {
      const now = nowIso();
      await uow.run(async (trx) => {
        await repo.lockReview(trx, id);
        const current = await repo.reviewById(trx, id, null);
        authorize(viewer, 'update', current && reviewResource(current), m.reviewNotFound);
        const set: Parameters<ReviewsRepository['updateReview']>[2] = { updated_at: now };
        if (change.title !== undefined) set.title = change.title;
        if (change.content !== undefined) set.content = change.content;
        if (change.rating !== undefined) set.rating = change.rating;
        if (change.isSpoiler !== undefined) set.is_spoiler = bit(change.isSpoiler);
        if (change.isPublic !== undefined) set.is_public = bit(change.isPublic);
        await repo.updateReview(trx, id, set);
        const was = Boolean(current!.is_public);
        // A review a moderator hid counts nowhere, whatever its author sets (ADR 151).
        const moderated = current!.hidden_at !== null || current!.removed_at !== null;
        if (change.isPublic !== undefined && change.isPublic !== was && !moderated) {
          await repo.moveShowReviews(trx, current!.show_id, change.isPublic ? 1 : -1);
        }
      });
      repo.forgetTotals();
      const updated = (await repo.reviewById(repo.db, id, viewer.id))!;
      await events.emit('review.updated', eventPayload(updated));
      return toReview(updated);
    },

    async remove(viewer: { id: number }, id: number): Promise<void> {
      const gone = await uow.run(async (trx) => {
        await repo.lockReview(trx, id);
        const current = await repo.reviewById(trx, id, null);
        authorize(viewer, 'delete', current && reviewResource(current), m.reviewNotFound);
        // Its comments, their likes and its likes go with it (ON DELETE CASCADE).
        if (!(await repo.deleteReview(trx, id))) throw notFound(m.reviewNotFound);
        if (current!.is_public && !current!.hidden_at && !current!.removed_at)
          await repo.moveShowReviews(trx, current!.show_id, -1);
        return current!;
      });
      repo.forgetTotals();
      await events.emit('review.deleted', {
        reviewId: gone.id,
        userId: gone.user_id,
        showId: gone.show_id,
      });
    },

    /** A review the viewer may read (comments and likes ask), else 404. */
    readable: readableReview,

    // --- figures other features show ---

    /** Public reviews on the platform (GET /stats/global totalReviews). */
    countPublic: () => repo.countPublicReviews(),

    /**
     * The rating a show page displays (ADR 070): the members' average (public review ratings,
     * plus watchlist scores of members who did not review it) once at least three members
     * rated it, else the catalogue's.
     */
    async displayedRating(showId: number, catalogueRating: number | null) {
      const members = await repo.memberRating(repo.db, showId);
      if (members.count >= MEMBER_RATING_MIN && members.average !== null) {
        return {
          averageRating: Math.round(members.average * 10) / 10,
          ratingSource: 'members' as const,
          ratingCount: members.count,
        };
      }
      return {
        averageRating: catalogueRating,
        ratingSource: 'catalogue' as const,
        ratingCount: members.count,
      };
    },

    /**
     * Moderation (ADR 151), inside its transaction: shows' review counts back to what others
     * can read after things were hidden or removed.
     */
    recountShows: (
      trx: Parameters<ReviewsRepository['recountShowReviews']>[0],
      showIds: number[],
    ) => repo.recountShowReviews(trx, [...new Set(showIds)]),
    /** After a write elsewhere that moves a listing (likes, moderation): totals counted again. */
    forgetTotals: () => repo.forgetTotals(),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

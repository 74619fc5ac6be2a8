import {
  errorCodes,
  peopleMessages,
  reviewMessages as m,
  TOP_RATED_MIN,
  type Comment,
  type CommentReply,
  type CreateComment,
  type EpisodeReview,
  type LikeResult,
  type Liker,
  type Page,
  type Review,
  type ReviewListQuery,
  type ReviewSearchResult,
  type UpdateReview,
} from '@series-tracker/contracts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { addDays, nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import { authorize, may, moderationOf, type Viewer } from '../../platform/policy';
import type { UnitOfWork } from '../../platform/unit-of-work';
import {
  toComment,
  toCommentReply,
  toEpisodeReview,
  toReview,
  toReviewSearchResult,
} from './reviews.mapper';
import type {
  EpisodeReviewWithAuthor,
  LikeTarget,
  ReviewOrderColumn,
  ReviewScope,
  ReviewsRepository,
  ReviewWithRefs,
} from './reviews.repository';

export interface ReviewsServiceOptions {
  repo: ReviewsRepository;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  /** review.*, comment.*, episode-review.created, published after commit. */
  events: EventBus;
  /** People (ADR 090): whether `authorId` blocks `userId` (a blocked member may not comment). */
  blocks?: (authorId: number, userId: number) => Promise<boolean>;
}

/** Reviews with at least this many members' ratings show the members' average (ADR 070). */
export const MEMBER_RATING_MIN = 3;

const page = <T>(data: T[], total: number, limit: number, offset: number): Page<T> => ({
  data,
  total,
  limit,
  offset,
  hasMore: offset + data.length < total,
});

/** Draft of a review after the contract's parsing (defaults applied). */
export interface ReviewDraft {
  showId: number;
  title: string;
  content: string;
  rating: number;
  isSpoiler: boolean;
  isPublic: boolean;
}

export interface EpisodeReviewDraft {
  episodeId: number;
  rating: number;
  content?: string | null | undefined;
  isSpoiler: boolean;
}

const bit = (b: boolean) => (b ? 1 : 0);
/** Empty optional text is no text. */
const orNull = (s: string | null | undefined) => (s ? s : null);

export function createReviewsService({ repo, uow, events, blocks }: ReviewsServiceOptions) {
  const reviewResource = (r: {
    user_id: number;
    is_public: number;
    hidden_at: string | null;
    removed_at: string | null;
  }) => ({
    kind: 'review' as const,
    ownerId: r.user_id,
    isPublic: Boolean(r.is_public),
    ...moderationOf(r),
  });
  const episodeReviewResource = (er: EpisodeReviewWithAuthor) => ({
    kind: 'episode-review' as const,
    ownerId: er.user_id,
    isPublic: Boolean(er.is_public),
    ...moderationOf(er),
  });

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

  async function like(
    viewer: { id: number },
    target: LikeTarget,
    id: number,
    liked: boolean,
  ): Promise<LikeResult> {
    const now = nowIso();
    let authorId: number;
    let reviewId = id;
    let commentId: number | undefined;
    if (target === 'review') {
      const r = await readableReview(viewer, id);
      authorId = r.user_id;
    } else if (target === 'comment') {
      const c = await readableComment(viewer, id);
      authorId = c.comment.user_id;
      reviewId = c.comment.review_id;
      commentId = c.comment.id;
      if (c.comment.deleted_at !== null) throw notFound(m.commentNotFound);
    } else {
      const er = await repo.episodeReviewById(repo.db, id, null);
      authorize(viewer, 'read', er && episodeReviewResource(er), m.episodeReviewNotFound);
      authorId = er!.user_id;
    }
    // Likes say what others think of someone's writing (ADR 070): nobody likes their own.
    if (liked && authorId === viewer.id) {
      throw new AppError(403, errorCodes.forbidden, m.ownLike);
    }
    // A member the author blocks may read their writing but not like it (ADR 151).
    if (liked && (await blocks?.(authorId, viewer.id))) throw forbidden(peopleMessages.blockedLike);
    const result = await uow.run((trx) => repo.setLike(trx, target, id, viewer.id, liked, now));
    if (result.changed) {
      // "Most liked" and "popular" count reviews with at least one like.
      if (target === 'review') repo.forgetTotals();
      await events.emit('review.liked', {
        reviewId,
        userId: viewer.id,
        authorId,
        liked,
        target,
        ...(commentId !== undefined ? { commentId } : {}),
        at: now,
      });
    }
    return { isLiked: liked, likesCount: result.likesCount };
  }

  async function likers(target: LikeTarget, id: number, limit: number, offset: number) {
    const { rows, total } = await repo.likers(target, id, limit, offset);
    const data: Liker[] = rows.map((r) => ({
      user: {
        id: r.user_id,
        username: r.username,
        displayName: r.display_name,
        avatarUrl: r.avatar_url,
      },
      createdAt: r.created_at,
    }));
    return page(data, total, limit, offset);
  }

  /** A comment the viewer may read (its review readable), with its review. */
  async function readableComment(viewer: Viewer, id: number) {
    const comment = await repo.commentById(repo.db, id, viewer?.id ?? null);
    if (!comment) throw notFound(m.commentNotFound);
    const review = await repo.reviewById(repo.db, comment.review_id, null);
    const resource = review && {
      kind: 'comment' as const,
      ownerId: comment.user_id,
      isPublic: Boolean(review.is_public),
      reviewOwnerId: review.user_id,
    };
    // A comment on a review the viewer cannot read is as absent as the review.
    authorize(viewer, 'read', review && reviewResource(review), m.commentNotFound);
    // A comment a moderator hid is its author's alone; one under a hidden comment goes with it.
    const parent =
      comment.parent_id === null ? null : await repo.commentById(repo.db, comment.parent_id, null);
    authorize(viewer, 'read', { ...resource!, ...moderationOf(comment) }, m.commentNotFound);
    if (
      parent &&
      !may(viewer, 'read', { ...resource!, ownerId: parent.user_id, ...moderationOf(parent) })
    )
      throw notFound(m.commentNotFound);
    return { comment, review: review!, resource: resource! };
  }

  async function oneComment(viewer: Viewer, id: number): Promise<Comment> {
    const { comment } = await readableComment(viewer, id);
    const replies =
      comment.parent_id === null
        ? (await repo.listReplies(comment.id, viewer?.id ?? null, 1000, 0)).rows
        : [];
    return toComment(comment, replies);
  }

  return {
    // --- reviews ---

    get: async (viewer: Viewer, id: number) => toReview(await readableReview(viewer, id)),

    /** GET /reviews and the feed screen: community reviews by filter, sort and order. */
    feed(viewer: Viewer, query: ReviewListQuery) {
      const { scope, column } = listing(query);
      return list(
        viewer,
        { visibility: 'community', ...scope },
        column,
        query.order,
        query.limit,
        query.offset,
      );
    },
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
    mine: (viewer: { id: number }, query: ReviewListQuery) => {
      const { scope, column } = listing(query);
      return list(
        viewer,
        { visibility: 'viewer', userId: viewer.id, ...scope },
        column,
        query.order,
        query.limit,
        query.offset,
      );
    },
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
    followingFeed(viewer: { id: number }, query: ReviewListQuery) {
      const { scope, column } = listing(query);
      return list(
        viewer,
        { visibility: 'community', followedBy: viewer.id, ...scope },
        column,
        query.order,
        query.limit,
        query.offset,
      );
    },
    async forShow(viewer: Viewer, showId: number, query: ReviewListQuery) {
      if (!(await repo.showExists(repo.db, showId))) throw notFound(m.showNotFound);
      const { scope, column } = listing(query);
      return list(
        viewer,
        { visibility: 'community', showId, ...scope },
        column,
        query.order,
        query.limit,
        query.offset,
      );
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
      const { rows, total } = await repo.searchReviews(query.slice(0, 200), limit, offset);
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
          reviewId: String(existing?.id ?? ''),
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

    likeReview: (viewer: { id: number }, id: number, liked: boolean) =>
      like(viewer, 'review', id, liked),
    async reviewLikeStatus(viewer: { id: number }, id: number) {
      await readableReview(viewer, id);
      return { isLiked: await repo.isLiked('review', id, viewer.id) };
    },
    async reviewLikers(viewer: Viewer, id: number, limit: number, offset: number) {
      await readableReview(viewer, id);
      return likers('review', id, limit, offset);
    },

    // --- comments ---

    async comments(viewer: Viewer, reviewId: number, limit: number, offset: number) {
      await readableReview(viewer, reviewId);
      const { rows, replies, total } = await repo.listComments(
        reviewId,
        viewer?.id ?? null,
        limit,
        offset,
      );
      const byParent = new Map<number, typeof replies>();
      for (const r of replies) {
        const list = byParent.get(r.parent_id!) ?? [];
        list.push(r);
        byParent.set(r.parent_id!, list);
      }
      return page(
        rows.map((c) => toComment(c, byParent.get(c.id) ?? [])),
        total,
        limit,
        offset,
      );
    },

    comment: (viewer: Viewer, id: number) => oneComment(viewer, id),

    async replies(viewer: Viewer, id: number, limit: number, offset: number) {
      await readableComment(viewer, id);
      const { rows, total } = await repo.listReplies(id, viewer?.id ?? null, limit, offset);
      return page<CommentReply>(
        rows.map((r) => toCommentReply(r)),
        total,
        limit,
        offset,
      );
    },

    async addComment(
      viewer: { id: number },
      reviewId: number,
      body: Pick<CreateComment, 'content' | 'parentId'>,
    ): Promise<Comment> {
      const review = await readableReview(viewer, reviewId);
      // A member the author blocks may read the review but not comment on it (ADR 090).
      if (review.user_id !== viewer.id && (await blocks?.(review.user_id, viewer.id))) {
        throw forbidden(peopleMessages.blockedComment);
      }
      const now = nowIso();
      // Whose comment this answers (their bell rings: notifications, ADR 160).
      let repliedToId: number | null = null;
      const id = await uow.run(async (trx) => {
        let parentId: number | null = null;
        if (body.parentId != null) {
          const parent = await repo.commentById(trx, body.parentId, null);
          const hidden =
            parent &&
            !may(viewer, 'read', {
              kind: 'comment',
              ownerId: parent.user_id,
              isPublic: true,
              reviewOwnerId: review.user_id,
              ...moderationOf(parent),
            });
          if (!parent || hidden || parent.review_id !== reviewId || parent.deleted_at !== null) {
            throw notFound(m.parentNotFound);
          }
          // One level of replies: answering a reply joins its thread.
          parentId = parent.parent_id ?? parent.id;
          repliedToId = parent.user_id;
        }
        await repo.lockReview(trx, reviewId);
        const inserted = await repo.insertComment(trx, {
          review_id: reviewId,
          user_id: viewer.id,
          parent_id: parentId,
          content: body.content,
          now,
        });
        await repo.recountComments(trx, reviewId);
        return inserted;
      });
      const created = (await repo.commentById(repo.db, id, viewer.id))!;
      await events.emit('comment.created', {
        commentId: id,
        reviewId,
        userId: viewer.id,
        parentId: created.parent_id,
        repliedToId,
        reviewAuthorId: review.user_id,
        reviewIsPublic: Boolean(review.is_public),
        at: now,
      });
      return toComment(created);
    },

    async editComment(viewer: { id: number }, id: number, content: string): Promise<Comment> {
      const { comment, resource } = await readableComment(viewer, id);
      if (comment.deleted_at !== null) throw notFound(m.commentNotFound);
      authorize(viewer, 'update', resource, m.commentNotFound);
      await repo.updateComment(repo.db, id, content, nowIso());
      return oneComment(viewer, id);
    },

    /**
     * Deletes a comment (its author, or the review's author). One with replies stays as a
     * '[deleted]' placeholder so the thread still reads; a placeholder whose last reply goes
     * goes too. `commentsCount` counts what remains readable.
     */
    async removeComment(viewer: { id: number }, id: number): Promise<void> {
      const { comment, resource } = await readableComment(viewer, id);
      if (comment.deleted_at !== null) throw notFound(m.commentNotFound);
      authorize(viewer, 'delete', resource, m.commentNotFound);
      const now = nowIso();
      const removed = await uow.run(async (trx) => {
        await repo.lockReview(trx, comment.review_id);
        const fresh = await repo.commentById(trx, id, null);
        if (!fresh || fresh.deleted_at !== null) return false;
        if (fresh.parent_id === null && (await repo.countReplies(trx, id)) > 0) {
          await repo.softDeleteComment(trx, id, now);
        } else {
          await repo.hardDeleteComment(trx, id);
          if (fresh.parent_id !== null) {
            const parent = await repo.commentById(trx, fresh.parent_id, null);
            if (parent?.deleted_at && (await repo.countReplies(trx, parent.id)) === 0) {
              await repo.hardDeleteComment(trx, parent.id);
            }
          }
        }
        await repo.recountComments(trx, comment.review_id);
        return true;
      });
      if (!removed) throw notFound(m.commentNotFound);
      await events.emit('comment.deleted', {
        commentId: id,
        reviewId: comment.review_id,
        userId: comment.user_id,
      });
    },

    likeComment: (viewer: { id: number }, id: number, liked: boolean) =>
      like(viewer, 'comment', id, liked),
    async commentLikeStatus(viewer: { id: number }, id: number) {
      await readableComment(viewer, id);
      return { isLiked: await repo.isLiked('comment', id, viewer.id) };
    },
    async commentLikers(viewer: Viewer, id: number, limit: number, offset: number) {
      await readableComment(viewer, id);
      return likers('comment', id, limit, offset);
    },

    // --- episode reviews ---

    async episodeReviews(viewer: Viewer, episodeId: number, limit: number, offset: number) {
      if (!(await repo.episode(repo.db, episodeId))) throw notFound(m.episodeNotFound);
      const { rows, total } = await repo.listEpisodeReviews(
        episodeId,
        viewer?.id ?? null,
        limit,
        offset,
      );
      return page(rows.map(toEpisodeReview), total, limit, offset);
    },

    async createEpisodeReview(
      viewer: { id: number },
      draft: EpisodeReviewDraft,
      // imports (issue 19): an episode rating from another tracker keeps its date, arrives
      // private and is not announced (no event: no activity, no "now").
      origin: { at?: string | null; imported?: boolean } = {},
    ): Promise<EpisodeReview> {
      const now = origin.at ?? nowIso();
      const episode = await repo.episode(repo.db, draft.episodeId);
      if (!episode) throw notFound(m.episodeNotFound);
      const id = await uow.run((trx) =>
        repo.insertEpisodeReview(trx, {
          user_id: viewer.id,
          episode_id: episode.id,
          show_id: episode.show_id,
          rating: draft.rating,
          content: orNull(draft.content),
          is_spoiler: bit(draft.isSpoiler),
          ...(origin.imported ? { is_public: 0 } : {}),
          now,
        }),
      );
      if (id === null) {
        const existing = await repo.episodeReviewFor(repo.db, viewer.id, episode.id);
        throw conflict(errorCodes.conflict, m.alreadyReviewedEpisode, {
          episodeReviewId: String(existing?.id ?? ''),
        });
      }
      await events.emit('ratings.changed', { userId: viewer.id, kind: 'episode' });
      if (!origin.imported)
        await events.emit('episode-review.created', {
          episodeReviewId: id,
          userId: viewer.id,
          showId: episode.show_id,
          episodeId: episode.id,
          rating: draft.rating,
          at: now,
        });
      return toEpisodeReview((await repo.episodeReviewById(repo.db, id, viewer.id))!);
    },

    async updateEpisodeReview(
      viewer: { id: number },
      id: number,
      change: {
        rating?: number;
        content?: string | null;
        isSpoiler?: boolean;
        isPublic?: boolean;
      },
    ): Promise<EpisodeReview> {
      const current = await repo.episodeReviewById(repo.db, id, null);
      authorize(
        viewer,
        'update',
        current && episodeReviewResource(current),
        m.episodeReviewNotFound,
      );
      await repo.updateEpisodeReview(repo.db, id, {
        updated_at: nowIso(),
        ...(change.rating !== undefined ? { rating: change.rating } : {}),
        ...(change.content !== undefined ? { content: orNull(change.content) } : {}),
        ...(change.isSpoiler !== undefined ? { is_spoiler: bit(change.isSpoiler) } : {}),
        ...(change.isPublic !== undefined ? { is_public: bit(change.isPublic) } : {}),
      });
      if (change.rating !== undefined)
        await events.emit('ratings.changed', { userId: viewer.id, kind: 'episode' });
      return toEpisodeReview((await repo.episodeReviewById(repo.db, id, viewer.id))!);
    },

    async removeEpisodeReview(viewer: { id: number }, id: number): Promise<void> {
      const current = await repo.episodeReviewById(repo.db, id, null);
      authorize(
        viewer,
        'delete',
        current && episodeReviewResource(current),
        m.episodeReviewNotFound,
      );
      await repo.deleteEpisodeReview(repo.db, id);
      await events.emit('ratings.changed', { userId: viewer.id, kind: 'episode' });
    },

    likeEpisodeReview: (viewer: { id: number }, id: number, liked: boolean) =>
      like(viewer, 'episode-review', id, liked),
    async episodeReviewLikeStatus(viewer: { id: number }, id: number) {
      const er = await repo.episodeReviewById(repo.db, id, null);
      authorize(viewer, 'read', er && episodeReviewResource(er), m.episodeReviewNotFound);
      return { isLiked: await repo.isLiked('episode-review', id, viewer.id) };
    },

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
     * Moderation (ADR 151), inside its transaction: shows' review counts and reviews' comment
     * counts back to what others can read after things were hidden or removed.
     */
    async recountAfterModeration(
      trx: Parameters<ReviewsRepository['recountComments']>[0],
      o: { showIds: number[]; reviewIds: number[] },
    ) {
      await repo.recountShowReviews(trx, [...new Set(o.showIds)]);
      for (const id of new Set(o.reviewIds)) await repo.recountComments(trx, id);
    },
    /** After a moderation commit: community totals counted again. */
    forgetTotals: () => repo.forgetTotals(),

    /** Account erasure step (platform/erasure.ts). */
    async eraseUser(trx: Parameters<ReviewsRepository['eraseUser']>[0], userId: number) {
      const result = await repo.eraseUser(trx, userId);
      repo.forgetTotals();
      return result;
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

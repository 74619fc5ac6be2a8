import {
  peopleMessages,
  reviewMessages as m,
  type Comment,
  type CommentReply,
  type CreateComment,
} from '@series-tracker/contracts';
import { forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import { authorize, may, moderationOf, type Viewer } from '../../platform/policy';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { page } from '../shows/shows.service';
import type { CommentsRepository } from './comments.repository';
import { reviewResource } from './review-resources';
import { toComment, toCommentReply } from './reviews.mapper';
import type { ReviewsRepository, ReviewWithRefs } from './reviews.repository';

export interface CommentsServiceOptions {
  repo: CommentsRepository;
  /** The review a comment is on: read, and locked while its comments change. */
  reviews: Pick<ReviewsRepository, 'reviewById' | 'lockReview'>;
  /** A review the viewer may read, else 404 (the reviews service's rule). */
  readableReview: (viewer: Viewer, id: number) => Promise<ReviewWithRefs>;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  /** comment.*, published after commit. */
  events: EventBus;
  /** People (ADR 090): whether `authorId` blocks `userId` (a blocked member may not comment). */
  blocks?: (authorId: number, userId: number) => Promise<boolean>;
}

/** Comments on reviews and their replies, one level deep (issue 9). */
export function createCommentsService({
  repo,
  reviews,
  readableReview,
  uow,
  events,
  blocks,
}: CommentsServiceOptions) {
  /** A comment the viewer may read (its review readable), with its review. */
  async function readableComment(viewer: Viewer, id: number) {
    const comment = await repo.commentById(repo.db, id, viewer?.id ?? null);
    if (!comment) throw notFound(m.commentNotFound);
    const review = await reviews.reviewById(repo.db, comment.review_id, null);
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
        await reviews.lockReview(trx, reviewId);
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
        await reviews.lockReview(trx, comment.review_id);
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

    /** A comment the viewer may read, with its review (likes ask), else 404. */
    readable: readableComment,

    /**
     * Moderation (ADR 151), inside its transaction: reviews' comment counts back to what
     * others can read after comments were hidden or removed.
     */
    async recountReviews(
      trx: Parameters<CommentsRepository['recountComments']>[0],
      reviewIds: number[],
    ) {
      for (const id of new Set(reviewIds)) await repo.recountComments(trx, id);
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;

import {
  errorCodes,
  peopleMessages,
  reviewMessages as m,
  type LikeResult,
  type Liker,
} from '@series-tracker/contracts';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import type { Viewer } from '../../platform/policy';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { page } from '../shows/shows.service';
import type { LikesRepository, LikeTarget } from './likes.repository';

/** What liking needs to know of a thing the viewer may read. */
export interface Likeable {
  authorId: number;
  /** The review it is on (comments), for the event; the thing's own id otherwise. */
  reviewId?: number;
  commentId?: number;
  /** A '[deleted]' comment placeholder: readable in its thread, not likeable. */
  deleted?: boolean;
}

export interface LikesServiceOptions {
  repo: LikesRepository;
  /** Each likeable kind: the thing when the viewer may read it, else its 404. */
  kinds: Record<LikeTarget, (viewer: Viewer, id: number) => Promise<Likeable>>;
  uow: UnitOfWork;
  /** review.liked, published after commit. */
  events: EventBus;
  /** People (ADR 151): whether `authorId` blocks `userId` (a blocked member may not like). */
  blocks?: (authorId: number, userId: number) => Promise<boolean>;
  /** After a like really changed (reviews' listings count likes). */
  changed?: (target: LikeTarget) => void;
}

/** Likes of every likeable kind (ADR 070): one rule, one table per kind. */
export function createLikesService({
  repo,
  kinds,
  uow,
  events,
  blocks,
  changed,
}: LikesServiceOptions) {
  return {
    async like(
      viewer: { id: number },
      target: LikeTarget,
      id: number,
      liked: boolean,
    ): Promise<LikeResult> {
      const now = nowIso();
      const thing = await kinds[target](viewer, id);
      if (thing.deleted) throw notFound(m.commentNotFound);
      // Likes say what others think of someone's writing (ADR 070): nobody likes their own.
      if (liked && thing.authorId === viewer.id) {
        throw new AppError(403, errorCodes.forbidden, m.ownLike);
      }
      // A member the author blocks may read their writing but not like it (ADR 151).
      if (liked && (await blocks?.(thing.authorId, viewer.id)))
        throw forbidden(peopleMessages.blockedLike);
      const result = await uow.run((trx) => repo.setLike(trx, target, id, viewer.id, liked, now));
      if (result.changed) {
        changed?.(target);
        await events.emit('review.liked', {
          reviewId: thing.reviewId ?? id,
          userId: viewer.id,
          authorId: thing.authorId,
          liked,
          target,
          ...(thing.commentId !== undefined ? { commentId: thing.commentId } : {}),
          at: now,
        });
      }
      return { isLiked: liked, likesCount: result.likesCount };
    },

    async status(viewer: { id: number }, target: LikeTarget, id: number) {
      await kinds[target](viewer, id);
      return { isLiked: await repo.isLiked(target, id, viewer.id) };
    },

    /** Who likes a thing the viewer may read, newest first. */
    async likers(viewer: Viewer, target: LikeTarget, id: number, limit: number, offset: number) {
      await kinds[target](viewer, id);
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
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;

import type {
  Comment,
  CommentReply,
  EpisodeReview,
  ModerationState,
  Review,
  ReviewSearchResult,
} from '@series-tracker/contracts';
import { reviewMessages } from '@series-tracker/contracts';
import type { CommentWithAuthor } from './comments.repository';
import type { EpisodeReviewWithAuthor } from './episode-reviews.repository';
import type { ReviewWithRefs } from './reviews.repository';

/** 0/1 on SQLite, boolean on PostgreSQL; null (anonymous viewer) stays absent. */
const liked = (v: number | boolean | null): boolean | undefined =>
  v === null || v === undefined ? undefined : Boolean(Number(v));

const EXCERPT = 300;

/** What a moderator did to a row, as its author sees it (others never get such a row). */
export const toModeration = (r: {
  hidden_at?: string | null;
  removed_at?: string | null;
  moderation_reason?: string | null;
}): ModerationState | null =>
  r.removed_at
    ? { state: 'removed', reason: r.moderation_reason ?? null }
    : r.hidden_at
      ? { state: 'hidden', reason: r.moderation_reason ?? null }
      : null;

/** The only way a review row leaves the server. */
export function toReview(r: ReviewWithRefs): Review {
  const isLiked = liked(r.is_liked);
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    rating: Number(r.rating),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    userId: r.user_id,
    user: {
      id: r.user_id,
      username: r.username,
      displayName: r.display_name,
      avatarUrl: r.avatar_url,
    },
    showId: r.show_id,
    show: { id: r.show_id, title: r.show_title, coverImageUrl: r.show_poster },
    showName: r.show_title,
    imageUrl: r.show_poster,
    likesCount: r.likes_count,
    commentsCount: r.comments_count,
    isSpoiler: Boolean(r.is_spoiler),
    isPublic: Boolean(r.is_public),
    ...(isLiked === undefined ? {} : { isLiked }),
    moderation: toModeration(r),
  };
}

export function toReviewSearchResult(r: ReviewWithRefs & { score: number }): ReviewSearchResult {
  return {
    id: r.id,
    title: r.title,
    rating: Number(r.rating),
    showId: r.show_id,
    showTitle: r.show_title,
    userId: r.user_id,
    username: r.username,
    userDisplayName: r.display_name,
    userAvatarUrl: r.avatar_url,
    isSpoiler: Boolean(r.is_spoiler),
    excerpt: r.content.length > EXCERPT ? `${r.content.slice(0, EXCERPT).trimEnd()}…` : r.content,
    createdAt: r.created_at,
    relevanceScore: r.score,
  };
}

export function toCommentReply(c: CommentWithAuthor, repliesCount = 0): CommentReply {
  const deleted = c.deleted_at !== null;
  return {
    id: c.id,
    reviewId: c.review_id,
    parentId: c.parent_id,
    // A deleted comment kept for its replies says so, and nothing of what or who it was.
    content: deleted ? reviewMessages.deletedComment : c.content,
    isDeleted: deleted,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    user: deleted
      ? null
      : {
          id: c.user_id,
          username: c.username,
          displayName: c.display_name,
          avatarUrl: c.avatar_url,
        },
    likesCount: c.likes_count,
    isLikedByUser: liked(c.is_liked) ?? false,
    repliesCount,
    moderation: toModeration(c),
  };
}

export function toComment(c: CommentWithAuthor, replies: CommentWithAuthor[] = []): Comment {
  return {
    ...toCommentReply(c, replies.length),
    replies: replies.map((r) => toCommentReply(r)),
  };
}

export function toEpisodeReview(r: EpisodeReviewWithAuthor): EpisodeReview {
  const isLiked = liked(r.is_liked);
  return {
    id: r.id,
    episodeId: r.episode_id,
    showId: r.show_id,
    userId: r.user_id,
    rating: r.rating,
    content: r.content,
    isSpoiler: Boolean(r.is_spoiler),
    isPublic: Boolean(r.is_public),
    likesCount: r.likes_count,
    ...(isLiked === undefined ? {} : { isLiked }),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    username: r.username,
    userDisplayName: r.display_name,
    userAvatarUrl: r.avatar_url,
    moderation: toModeration(r),
  };
}

import { z } from 'zod';
import { moderationStateSchema } from './moderation';
import { pageSchema } from './common';
import { reviewFilters, reviewLimits, reviewMessages as m, reviewSorts } from './constants';

export {
  reviewFilters,
  reviewLimits,
  reviewMessages,
  reviewSorts,
  TOP_RATED_MIN,
  type ReviewFilter,
  type ReviewSort,
} from './constants';

// --- Drafts (spec §3 Review draft, §5 review form) ---

/** Trimmed, 5-199 characters, with the spec's messages. */
const title = z
  .string({ error: m.titleRequired })
  .trim()
  .min(1, m.titleRequired)
  .min(reviewLimits.titleMin, m.titleTooShort)
  .max(reviewLimits.titleMax, m.titleTooLong);
const content = z
  .string({ error: m.contentRequired })
  .trim()
  .min(1, m.contentRequired)
  .min(reviewLimits.contentMin, m.contentTooShort)
  .max(reviewLimits.contentMax, m.contentTooLong);
/** 0.5 to 10 in steps of 0.5. */
const rating = z
  .number({ error: m.ratingInvalid })
  .min(reviewLimits.ratingMin, m.ratingInvalid)
  .max(reviewLimits.ratingMax, m.ratingInvalid)
  .refine((v) => Number.isInteger(v * 2), m.ratingInvalid);

export const createReviewSchema = z.object({
  showId: z
    .number({ error: m.showRequired })
    .int(m.showRequired)
    .min(1, m.showRequired)
    .max(2_147_483_647, m.showRequired),
  title,
  content,
  rating: rating.default(reviewLimits.ratingDefault),
  isSpoiler: z.boolean().default(false),
  isPublic: z.boolean().default(true),
});
export type CreateReview = z.input<typeof createReviewSchema>;

/** PUT /reviews/{id}: the whole draft or any subset of its fields (showId cannot change). */
export const updateReviewSchema = z
  .object({
    title: title.optional(),
    content: content.optional(),
    rating: rating.optional(),
    isSpoiler: z.boolean().optional(),
    isPublic: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: m.nothingToChange });
export type UpdateReview = z.infer<typeof updateReviewSchema>;

// --- Responses (spec §3 Review) ---

/** Who wrote something, as others may see them. */
export const authorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type Author = z.infer<typeof authorSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  rating: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userId: z.number().int(),
  user: authorSchema,
  showId: z.number().int(),
  show: z.object({ id: z.number().int(), title: z.string(), coverImageUrl: z.string().nullable() }),
  /** The show's title again, under the name older clients read. */
  showName: z.string(),
  /** The show's cover again, under the name older clients read. */
  imageUrl: z.string().nullable(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  isSpoiler: z.boolean(),
  isPublic: z.boolean(),
  /** Whether the signed-in viewer likes it; absent for anonymous visitors. */
  isLiked: z.boolean().optional(),
  /** Set when a moderator hid it (only its author still gets it). */
  moderation: moderationStateSchema.nullable().optional(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewPageSchema = pageSchema(reviewSchema);
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** Spec §3 "search result form" of a review. */
export const reviewSearchResultSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  rating: z.number(),
  showId: z.number().int(),
  showTitle: z.string(),
  userId: z.number().int(),
  username: z.string(),
  userDisplayName: z.string().nullable(),
  userAvatarUrl: z.string().nullable(),
  isSpoiler: z.boolean(),
  /** The start of the content (plain text), blurred by clients when isSpoiler. */
  excerpt: z.string(),
  createdAt: z.string(),
  relevanceScore: z.number(),
});
export type ReviewSearchResult = z.infer<typeof reviewSearchResultSchema>;
export const reviewSearchPageSchema = pageSchema(reviewSearchResultSchema);

export const reviewListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(reviewLimits.pageMax).default(reviewLimits.pageSize),
  sort: z.enum(reviewSorts).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  filter: z.enum(reviewFilters).default('latest'),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export const likeStatusSchema = z.object({ isLiked: z.boolean() });
/** The result of a like or unlike: the new state and the exact count. */
export const likeResultSchema = z.object({ isLiked: z.boolean(), likesCount: z.number().int() });
export type LikeResult = z.infer<typeof likeResultSchema>;

export const likerSchema = z.object({ user: authorSchema, createdAt: z.string() });
export const likerPageSchema = pageSchema(likerSchema);
export type Liker = z.infer<typeof likerSchema>;

// --- Comments (spec §3 Comment) ---

const commentContent = z
  .string({ error: m.commentRequired })
  .trim()
  .min(1, m.commentRequired)
  .max(reviewLimits.commentMax, m.commentTooLong);

export const createCommentSchema = z.object({
  content: commentContent,
  /** Reply to this comment; a reply to a reply joins the same thread (one level). */
  parentId: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
  /** Sent by older clients; the path's review id is the one used. */
  reviewId: z.number().int().optional(),
});
export type CreateComment = z.input<typeof createCommentSchema>;
export const updateCommentSchema = z.object({ content: commentContent });

const commentBase = z.object({
  id: z.number().int(),
  reviewId: z.number().int(),
  parentId: z.number().int().nullable(),
  /** '[deleted]' for a deleted comment kept because it has replies. */
  content: z.string(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Null for a deleted comment. */
  user: authorSchema.nullable(),
  likesCount: z.number().int(),
  isLikedByUser: z.boolean(),
  repliesCount: z.number().int(),
  /** Set when a moderator hid it (only its author still gets it). */
  moderation: moderationStateSchema.nullable().optional(),
});
export const commentSchema = commentBase.extend({
  /** Replies, oldest first (top-level comments only; empty for replies). */
  replies: z.array(commentBase),
});
export type Comment = z.infer<typeof commentSchema>;
export type CommentReply = z.infer<typeof commentBase>;
export const commentPageSchema = pageSchema(commentSchema);

// --- Episode reviews (spec §3 Episode review) ---

const episodeRating = z
  .number({ error: m.episodeRatingInvalid })
  .int(m.episodeRatingInvalid)
  .min(1, m.episodeRatingInvalid)
  .max(10, m.episodeRatingInvalid);
const episodeContent = z
  .string()
  .trim()
  .max(reviewLimits.episodeContentMax, m.episodeContentTooLong)
  .nullable();

export const createEpisodeReviewSchema = z.object({
  episodeId: z
    .number({ error: m.episodeNotFound })
    .int()
    .min(1, m.episodeNotFound)
    .max(2_147_483_647, m.episodeNotFound),
  rating: episodeRating.default(reviewLimits.episodeRatingDefault),
  content: episodeContent.optional(),
  isSpoiler: z.boolean().default(false),
});
export type CreateEpisodeReview = z.input<typeof createEpisodeReviewSchema>;
export const updateEpisodeReviewSchema = z
  .object({
    rating: episodeRating.optional(),
    content: episodeContent.optional(),
    isSpoiler: z.boolean().optional(),
    /** Publishes (or hides) an episode rating; imported ones arrive private. */
    isPublic: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: m.nothingToChange });

export const episodeReviewSchema = z.object({
  id: z.number().int(),
  episodeId: z.number().int(),
  showId: z.number().int(),
  userId: z.number().int(),
  rating: z.number().int(),
  content: z.string().nullable(),
  isSpoiler: z.boolean(),
  /** False for an imported episode rating its author has not published (issue 19). */
  isPublic: z.boolean().optional(),
  likesCount: z.number().int(),
  isLiked: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  username: z.string(),
  userDisplayName: z.string().nullable(),
  userAvatarUrl: z.string().nullable(),
  /** Set when a moderator hid it (only its author still gets it). */
  moderation: moderationStateSchema.nullable().optional(),
});
export type EpisodeReview = z.infer<typeof episodeReviewSchema>;
export const episodeReviewPageSchema = pageSchema(episodeReviewSchema);

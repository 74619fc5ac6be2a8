import type { Generated, Selectable } from 'kysely';

// People (0009-people)
export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: string;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: string;
}

export interface ActivitiesTable {
  id: Generated<number>;
  user_id: number;
  action: string;
  show_id: number | null;
  episode_id: number | null;
  episode_count: Generated<number>;
  rating: number | null;
  review_id: number | null;
  list_id: number | null;
  target_user_id: number | null;
  content: string | null;
  created_at: string;
}

/** 0017: the bell. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  actor_id: number | null;
  show_id: number | null;
  episode_id: number | null;
  review_id: number | null;
  comment_id: number | null;
  /** What a like was on: 'review', 'comment' or 'episode-review'. */
  target: string | null;
  dedupe_key: string;
  created_at: string;
  read_at: string | null;
}

/** Moderation marks (0015) on reviews, episode reviews, comments and lists. */
export interface ModeratedColumns {
  hidden_at: string | null;
  removed_at: string | null;
  moderation_reason: string | null;
}

export interface ReportsTable {
  id: Generated<number>;
  item_type: string;
  item_id: number;
  author_id: number;
  reporter_id: number;
  reason: string;
  details: string | null;
  status: Generated<string>;
  created_at: string;
  resolved_at: string | null;
  resolved_by: number | null;
}

export interface ModerationActionsTable {
  id: Generated<number>;
  moderator_id: number | null;
  action: string;
  item_type: string;
  item_id: number;
  author_id: number | null;
  reason: string;
  until: string | null;
  hidden_count: Generated<number>;
  created_at: string;
}

// Lists (0007-lists, issue 10)
export interface ListsTable extends ModeratedColumns {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string | null;
  is_public: number;
  is_ranked: number;
  item_count: Generated<number>;
  followers_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ListItemsTable {
  id: Generated<number>;
  list_id: number;
  show_id: number;
  /** 1..n on every list; shown only on ranked lists. */
  position: number;
  notes: string | null;
  added_at: string;
}

export interface ListFollowsTable {
  list_id: number;
  user_id: number;
  created_at: string;
}

export type ListRow = Selectable<ListsTable>;

export type ListItemRow = Selectable<ListItemsTable>;

// --- reviews (0006-reviews) ---
export interface ReviewsTable extends ModeratedColumns {
  id: Generated<number>;
  user_id: number;
  show_id: number;
  title: string;
  content: string;
  rating: number;
  is_spoiler: Generated<number>;
  is_public: Generated<number>;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ReviewCommentsTable extends ModeratedColumns {
  id: Generated<number>;
  review_id: number;
  user_id: number;
  parent_id: number | null;
  content: string;
  deleted_at: string | null;
  likes_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface EpisodeReviewsTable extends ModeratedColumns {
  id: Generated<number>;
  user_id: number;
  episode_id: number;
  show_id: number;
  rating: number;
  content: string | null;
  is_spoiler: Generated<number>;
  likes_count: Generated<number>;
  created_at: string;
  updated_at: string;
  /** 0014: 0 for an imported episode rating its author has not published. */
  is_public: Generated<number>;
}

export interface ReviewLikesTable {
  review_id: number;
  user_id: number;
  created_at: string;
}

export interface CommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: string;
}

export interface EpisodeReviewLikesTable {
  episode_review_id: number;
  user_id: number;
  created_at: string;
}

export type ReviewRow = Selectable<ReviewsTable>;

export type ReviewCommentRow = Selectable<ReviewCommentsTable>;

export type EpisodeReviewRow = Selectable<EpisodeReviewsTable>;

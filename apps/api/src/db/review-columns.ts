/**
 * A review's own columns for a query over `reviews as r`, named rather than `r.*`: on
 * PostgreSQL the row also holds its search vector (migration 0011). The reviews feature's reads
 * and moderation's look at a reported review both select them (ADR 184).
 */
export const reviewColumns = [
  'r.id',
  'r.user_id',
  'r.show_id',
  'r.title',
  'r.content',
  'r.rating',
  'r.is_spoiler',
  'r.is_public',
  'r.likes_count',
  'r.comments_count',
  'r.created_at',
  'r.updated_at',
  'r.hidden_at',
  'r.removed_at',
  'r.moderation_reason',
] as const;

import { moderationOf } from '../../platform/policy';

/** What the policy is asked about a review (platform/policy.ts). */
export const reviewResource = (r: {
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

/** What the policy is asked about an episode review. */
export const episodeReviewResource = (er: Parameters<typeof reviewResource>[0]) => ({
  ...reviewResource(er),
  kind: 'episode-review' as const,
});

export const bit = (b: boolean) => (b ? 1 : 0);
/** Empty optional text is no text. */
export const orNull = (s: string | null | undefined) => (s ? s : null);

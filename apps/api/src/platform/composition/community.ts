import { createListsRepository } from '../../features/lists/lists.repository';
import { createListsService } from '../../features/lists/lists.service';
import { createModerationRepository } from '../../features/moderation/moderation.repository';
import { createModerationService } from '../../features/moderation/moderation.service';
import { createReviewsFeature } from '../../features/reviews/reviews.feature';
import { createSeasonRatingsRepository } from '../../features/reviews/season-ratings.repository';
import { createSeasonRatingsService } from '../../features/reviews/season-ratings.service';
import type { Infrastructure } from './infrastructure';
import type { wirePeople } from './people';

/** What members write for others: lists, reviews and comments, season ratings. */
export function wireCommunity(
  { db, uow, events, erasure }: Infrastructure,
  { socialRepo }: Pick<ReturnType<typeof wirePeople>, 'socialRepo'>,
) {
  // Lists (issue 10): community lists, their items and followers.
  const listsRepo = createListsRepository(db.kysely, db.dialect);
  const lists = createListsService({
    repo: listsRepo,
    uow,
    events,
    // A member the owner blocks may not follow or copy their lists (ADR 151).
    blocks: (ownerId, userId) => socialRepo.blocks(ownerId, userId),
  });
  // A deleted member's follows leave the followers counts of others' lists; their lists go.
  erasure.register('lists', (trx, userId) => lists.erase(trx, userId));
  // Reviews, comments, likes, episode reviews (issue 9). Deleting an account removes what the
  // member wrote and liked here and puts the counters on others' reviews back to exact.
  const reviewsFeature = createReviewsFeature({
    db: db.kysely,
    dialect: db.dialect,
    uow,
    events,
    // People (ADR 090): a member the author blocks may not comment on their reviews.
    blocks: (authorId, userId) => socialRepo.blocks(authorId, userId),
  });
  const { reviews, comments, episodeReviews, likes } = reviewsFeature;
  // Season ratings (ADR 171): reviews' rule beside episode ratings.
  const seasonRatingsRepo = createSeasonRatingsRepository(db.kysely);
  const seasonRatings = createSeasonRatingsService({ repo: seasonRatingsRepo, uow, events });
  erasure.register('season-ratings', (trx, userId) => seasonRatingsRepo.eraseUser(trx, userId));
  erasure.register('reviews', async (trx, userId) => {
    await reviewsFeature.eraseUser(trx, userId);
  });
  return {
    lists,
    listsRepo,
    reviewsFeature,
    reviews,
    comments,
    episodeReviews,
    likes,
    seasonRatings,
  };
}

/**
 * Moderation (issue 21, ADR 151): reports, the queue, actions, suspensions, the audit log.
 * Built last of the community: its mail follows `content.moderated` after the activity feed's.
 */
export function wireModeration(
  { db, uow, events, mail }: Infrastructure,
  {
    reviewsFeature,
    listsRepo,
  }: Pick<ReturnType<typeof wireCommunity>, 'reviewsFeature' | 'listsRepo'>,
) {
  const moderation = createModerationService({
    repo: createModerationRepository(db.kysely),
    uow,
    events,
    mail,
    // Marks and counters through the features that own the things (ADR 184).
    owners: { ...reviewsFeature.moderation.marks, list: listsRepo },
    counters: reviewsFeature.moderation,
  });
  moderation.subscribe();
  return { moderation };
}

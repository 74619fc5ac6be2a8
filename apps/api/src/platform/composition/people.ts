import { createActivityRepository } from '../../features/activity/activity.repository';
import { createActivityService } from '../../features/activity/activity.service';
import type { CalendarService } from '../../features/calendar/calendar.service';
import { createSocialRepository } from '../../features/social/social.repository';
import { createSocialService } from '../../features/social/social.service';
import { createStatsRepository } from '../../features/stats/stats.repository';
import { createStatsService } from '../../features/stats/stats.service';
import { createYearReviewRepository } from '../../features/stats/year-review.repository';
import { createYearReviewService } from '../../features/stats/year-review.service';
import { createUsersRepository } from '../../features/users/users.repository';
import { createUsersService, type ContentCounts } from '../../features/users/users.service';
import type { Infrastructure } from './infrastructure';

/** People: members, follows, blocks, profiles (ADR 090). */
export function wirePeople({ db, uow, events }: Infrastructure) {
  const usersRepo = createUsersRepository(db.kysely, db.dialect);
  const socialRepo = createSocialRepository(db.kysely);
  const social = createSocialService({ repo: socialRepo, uow, users: usersRepo, events });
  // A member's public reviews and lists for statistics: one COUNT query (ADR 090).
  const contentCounts: ContentCounts = {
    publicContent: (userId) => usersRepo.publicContentCounts(userId),
  };
  const users = createUsersService({ repo: usersRepo, social: socialRepo });
  return { usersRepo, socialRepo, social, users, contentCounts };
}

/** What people did: the activity feeds, statistics and the year in review. */
export function wireActivity(
  { db, uow, events, erasure }: Infrastructure,
  {
    usersRepo,
    socialRepo,
    users,
    contentCounts,
    calendar,
  }: ReturnType<typeof wirePeople> & { calendar: CalendarService },
) {
  const activityRepo = createActivityRepository(db.kysely);
  const activity = createActivityService({ repo: activityRepo, uow, events });
  activity.subscribe();
  const statsRepo = createStatsRepository(db.kysely);
  const stats = createStatsService({
    repo: statsRepo,
    users,
    counts: contentCounts,
    // The calendar's saved zone is the member's one clock (ADR 176).
    timeZoneOf: async (userId) => (await calendar.settings(userId)).timeZone,
  });
  // Year in review (issue 29, ADR 180): on the same clock as the statistics.
  const yearReview = createYearReviewService({
    repo: createYearReviewRepository(db.kysely),
    users: usersRepo,
    blocks: (blocker, blocked) => socialRepo.blocks(blocker, blocked),
    timeZoneOf: async (userId) => (await calendar.settings(userId)).timeZone,
  });
  // Follower counts are counted from rows, so removing the rows is the whole fix.
  erasure.register('social', (trx, userId) => socialRepo.eraseUser(trx, userId));
  erasure.register('activity', (trx, userId) => activityRepo.eraseUser(trx, userId));
  return { activity, stats, statsRepo, yearReview };
}

import type { CalendarService } from '../../features/calendar/calendar.service';
import type { EpisodeReviewsService } from '../../features/reviews/episode-reviews.service';
import type { SeasonRatingsService } from '../../features/reviews/season-ratings.service';
import type { SearchService } from '../../features/search/search.service';
import type { ShowsService } from '../../features/shows/shows.service';
import type { StatsService } from '../../features/stats/stats.service';
import type { TrackingService } from '../../features/tracking/tracking.service';
import { createTraktActivity } from '../../features/trakt/trakt-activity';
import { createTraktCatalogueRepository } from '../../features/trakt/trakt-catalogue.repository';
import { createTraktGrantsRepository } from '../../features/trakt/trakt-grants.repository';
import { createTraktGrantsService } from '../../features/trakt/trakt-grants.service';
import { createTraktOAuthRepository } from '../../features/trakt/trakt-oauth.repository';
import { createTraktOAuthService } from '../../features/trakt/trakt-oauth.service';
import { createTraktPlaybackRepository } from '../../features/trakt/trakt-playback.repository';
import { createTraktReadsService } from '../../features/trakt/trakt-reads.service';
import { createTraktScrobbleService } from '../../features/trakt/trakt-scrobble.service';
import { createTraktSyncRepository } from '../../features/trakt/trakt-sync.repository';
import { createTraktSyncHistory } from '../../features/trakt/trakt-sync-history';
import { createTraktSyncLists } from '../../features/trakt/trakt-sync-lists';
import { createTraktRepository } from '../../features/trakt/trakt.repository';
import { createTraktUsersService } from '../../features/trakt/trakt-users.service';
import type { UsersService } from '../../features/users/users.service';
import type { Infrastructure } from './infrastructure';
import type { wirePlays } from './tracking';

/**
 * The Trakt-compatible API (issue 27, ADR 170): apps connected by OAuth, sync and scrobbles.
 * Its writes go through our features' services.
 */
export function wireTrakt(
  { config, db, uow, events, attempts }: Infrastructure,
  {
    plays,
    scrobblePlays,
    tracking,
    episodeReviews,
    seasonRatings,
    search,
  }: Pick<ReturnType<typeof wirePlays>, 'plays' | 'scrobblePlays'> & {
    tracking: TrackingService;
    episodeReviews: EpisodeReviewsService;
    seasonRatings: SeasonRatingsService;
    search: SearchService;
  },
) {
  // The Trakt-compatible API (issue 27, ADR 170): apps connected by OAuth, id lookups.
  const traktGrants = createTraktGrantsService({
    repo: createTraktGrantsRepository(db.kysely),
    attempts,
  });
  const traktRepo = createTraktRepository(db.kysely);
  // Trakt sync (ADR 171): reads of its own; plays through tracking's plays service, scores
  // through tracking, episode and season ratings through reviews; last-activity stamps
  // follow the domain events, whoever made the change.
  const traktSyncRepo = createTraktSyncRepository(db.kysely);
  const traktActivity = createTraktActivity({ repo: traktSyncRepo, events });
  traktActivity.subscribe();
  const traktSync = {
    activity: traktActivity,
    history: createTraktSyncHistory({
      repo: traktSyncRepo,
      trakt: traktRepo,
      plays,
      uow,
      events,
      activity: traktActivity,
    }),
    lists: createTraktSyncLists({
      repo: traktSyncRepo,
      trakt: traktRepo,
      tracking,
      episodeReviews,
      seasonRatings,
    }),
  };
  // Trakt scrobbles, checkins and playback progress (ADR 172): plays through scrobble-play.ts.
  const traktScrobble = createTraktScrobbleService({
    trakt: traktRepo,
    playback: createTraktPlaybackRepository(db.kysely),
    scrobblePlays,
    plays,
    rankShows: (title) => search.rankShows(title),
    uow,
  });
  // How apps get those grants: device codes (/activate) and the consent page (OAuth 2).
  const traktOAuth = createTraktOAuthService({
    repo: createTraktOAuthRepository(db.kysely),
    grants: traktGrants,
    publicUrl: config.publicUrl,
    deviceIntervalSeconds: config.trakt.deviceIntervalSeconds,
  });
  return { traktGrants, traktRepo, traktSync, traktScrobble, traktOAuth };
}

/** Trakt-compatible reads (ADR 172): the catalogue, progress, search, calendar, settings, stats. */
export function wireTraktReads(
  { config, db }: Infrastructure,
  deps: {
    traktRepo: ReturnType<typeof wireTrakt>['traktRepo'];
    shows: ShowsService;
    tracking: TrackingService;
    search: SearchService;
    calendar: CalendarService;
    users: UsersService;
    stats: StatsService;
  },
) {
  const { traktRepo, shows, tracking, search, calendar, users, stats } = deps;
  const traktCatalogue = createTraktCatalogueRepository(db.kysely);
  const traktReads = createTraktReadsService({
    trakt: traktRepo,
    catalogue: traktCatalogue,
    shows,
    tracking,
    search,
  });
  const traktUsers = createTraktUsersService({
    catalogue: traktCatalogue,
    calendar,
    users,
    stats,
    publicUrl: config.publicUrl,
  });
  return { traktReads, traktUsers };
}

import { createEpisodesRepository } from '../../features/episodes/episodes.repository';
import { createCatalogIndex } from '../../features/metadata/catalog-index';
import { createMetadataService } from '../../features/metadata/metadata.service';
import { createTokenBucket, createTvmazeClient } from '../../features/metadata/tvmaze.client';
import { createSharedTvmazeLimiter } from '../../features/metadata/tvmaze.rate-limit';
import type { ReviewsService } from '../../features/reviews/reviews.service';
import { createRemoteSearch } from '../../features/search/remote-search';
import { refreshDerivedShowData } from '../../features/search/search-index';
import { createSearchRepository } from '../../features/search/search.repository';
import { createSearchService } from '../../features/search/search.service';
import { createShowsRepository } from '../../features/shows/shows.repository';
import { createShowsService } from '../../features/shows/shows.service';
import { createTrendingService } from '../../features/shows/trending.service';
import type { TrackingRepository } from '../../features/tracking/tracking.repository';
import type { Infrastructure } from './infrastructure';

/** The catalogue: TVmaze metadata, shows and episodes, trending, search. */
export function wireCatalogue(
  { config, db, uow, log, events, jobs, redis }: Infrastructure,
  {
    trackingRepo,
    reviews,
  }: {
    trackingRepo: TrackingRepository;
    /** Built after the catalogue; read when a rating is shown. */
    reviews: () => ReviewsService;
  },
) {
  const metadata = createMetadataService({
    db,
    uow,
    config,
    log,
    events,
    jobs,
    // One TVmaze budget (~20 calls per 10 s) for every app server when Redis is there.
    client: createTvmazeClient({
      baseUrl: config.tvmazeBaseUrl,
      limiter: redis
        ? createSharedTvmazeLimiter({ redis, key: `${config.redisPrefix}tvmaze:calls`, log })
        : createTokenBucket(),
    }),
    // Inside the write transaction: derived rows that must never disagree with the catalogue.
    onShowsChanged: async (trx, ids) => {
      await refreshDerivedShowData(trx, ids);
      // Episodes may have come or gone: every watcher's progress and next episode follow.
      await trackingRepo.rederiveShows(trx, ids);
    },
  });

  // The catalogue in bulk: TVmaze's show index (catalog:sync --all) and, on one server, the
  // daily updates feed (issue 18).
  const catalogIndex = createCatalogIndex({
    db,
    metadata,
    jobs,
    schedule: config.metadataSync,
    log,
  });

  const showsRepo = createShowsRepository(db.kysely);
  const shows = createShowsService({
    repo: showsRepo,
    // Opening a show page refreshes its TVmaze data in the background when older than a day.
    onShowViewed: (id) => metadata.refreshShowInBackground(id),
    // Members' average once three members rated the show, else the catalogue's (ADR 070).
    displayedRating: (id, catalogueRating) => reviews().displayedRating(id, catalogueRating),
  });
  const trending = createTrendingService({
    shows,
    sources: [(since) => trackingRepo.activitySince(since)],
  });
  const search = createSearchService({
    repo: createSearchRepository(db.kysely, db.dialect),
    shows,
    // A thin local answer asks TVmaze and adds what it knows (issue 18).
    remote: createRemoteSearch({ metadata, enabled: config.metadataSync }),
  });
  const episodesRepo = createEpisodesRepository(db.kysely);
  return { metadata, catalogIndex, shows, trending, search, episodesRepo };
}

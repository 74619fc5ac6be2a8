import { createRecommendationsRepository } from '../../features/recommendations/recommendations.repository';
import { createRecommendationsService } from '../../features/recommendations/recommendations.service';
import type { ShowsService } from '../../features/shows/shows.service';
import { createTmdbClient } from '../../features/watch/tmdb.client';
import { createWatchRepository } from '../../features/watch/watch.repository';
import { createWatchService } from '../../features/watch/watch.service';
import type { Infrastructure } from './infrastructure';

/** Finding what to watch next: where to watch a show, and recommendations. */
export function wireDiscovery(
  { config, db, uow, jobs, events, log }: Infrastructure,
  { shows }: { shows: ShowsService },
) {
  // Where to watch (issue 29, ADR 182): networks and web channels always; TMDB's watch
  // providers, cached and refreshed by jobs, with TMDB_API_KEY.
  const watch = createWatchService({
    repo: createWatchRepository(db.kysely),
    uow,
    jobs,
    tmdb: config.tmdb ? createTmdbClient(config.tmdb) : null,
    log,
  });
  watch.register();

  // Recommendations for you (issue 29, ADR 183): a scheduled job computes similarities and
  // picks into tables; tracking changes refresh one member's picks.
  const recommendations = createRecommendationsService({
    repo: createRecommendationsRepository(db.kysely),
    uow,
    jobs,
    events,
    shows,
    rebuildSeconds: config.recommendationsRebuildSeconds,
  });
  recommendations.register();
  return { watch, recommendations };
}

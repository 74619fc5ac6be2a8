import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { globalStatsSchema } from '@series-tracker/contracts';
import { cacheTags } from '../../platform/cache-tags';
import type { ListsService } from '../lists/lists.service';
import type { ReviewsService } from '../reviews/reviews.service';
import type { StatsRepository } from './stats.repository';

export async function statsRoutes(
  app: FastifyInstance,
  opts: {
    /** The stats feature's SQL (stats.repository): no queries in routes. */
    repo: Pick<StatsRepository, 'platformCounts'>;
    lists: Pick<ListsService, 'counts'>;
    reviews: Pick<ReviewsService, 'countPublic'>;
  },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/stats/global',
    {
      // Counted once, then kept until a write that moves a count says so (user.changed,
      // show.counters.changed, catalog.refreshed, review.*); "new users this week" ages within 5 minutes.
      config: { access: 'public', cache: { ttlSeconds: 300, tags: () => [cacheTags.stats] } },
      schema: {
        tags: ['stats'],
        summary:
          'Platform figures (zero where a feature does not exist yet); exact after every write',
        response: { 200: globalStatsSchema },
      },
    },
    async () => {
      const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
      const [counts, reviews] = await Promise.all([
        opts.repo.platformCounts(weekAgo),
        // Public reviews only (the reviews feature counts through the policy's rule).
        opts.reviews.countPublic(),
      ]);
      // Lists (issue 10): public lists only, as the policy's anonymous view counts them.
      const lists = await opts.lists.counts(weekAgo);
      return {
        totalShows: counts.shows,
        totalUsers: counts.users,
        totalReviews: reviews,
        totalLists: lists.total,
        totalFavorites: counts.favorites,
        averageRating:
          counts.averageRating === null ? null : Math.round(counts.averageRating * 10) / 10,
        recentActivity: { newLists: lists.recent, newUsers: counts.newUsers },
      };
    },
  );
}

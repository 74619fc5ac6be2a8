import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { globalStatsSchema } from '@series-tracker/contracts';
import type { Database } from '../../db/types';
import { cacheTags } from '../../plugins/response-cache';
import type { ListsService } from '../lists/lists.service';
import type { ReviewsService } from '../reviews/reviews.service';

export async function statsRoutes(
  app: FastifyInstance,
  opts: {
    db: Kysely<Database>;
    lists: Pick<ListsService, 'counts'>;
    reviews: Pick<ReviewsService, 'countPublic'>;
  },
) {
  const { db } = opts;
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
      const [shows, users, newUsers, rating, favorites, reviews] = await Promise.all([
        db
          .selectFrom('shows')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('created_at', '>=', weekAgo)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('shows')
          .select((eb) => eb.fn.avg<number>('rating').as('avg'))
          .where('rating', 'is not', null)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('favorites')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        // Public reviews only (the reviews feature counts through the policy's rule).
        opts.reviews.countPublic(),
      ]);
      // Lists (issue 10): public lists only, as the policy's anonymous view counts them.
      const lists = await opts.lists.counts(weekAgo);
      return {
        totalShows: Number(shows.n),
        totalUsers: Number(users.n),
        totalReviews: reviews,
        totalLists: lists.total,
        totalFavorites: Number(favorites.n),
        averageRating: rating.avg === null ? null : Math.round(Number(rating.avg) * 10) / 10,
        recentActivity: { newLists: lists.recent, newUsers: Number(newUsers.n) },
      };
    },
  );
}

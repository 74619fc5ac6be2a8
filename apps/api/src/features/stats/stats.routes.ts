import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { globalStatsSchema } from '@series-tracker/contracts';
import type { Database } from '../../db/types';

export async function statsRoutes(app: FastifyInstance, opts: { db: Kysely<Database> }) {
  const { db } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/stats/global',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stats'],
        summary: 'Platform figures, counted live (zero where a feature does not exist yet)',
        response: { 200: globalStatsSchema },
      },
    },
    async () => {
      const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
      const [shows, users, newUsers, rating, favorites] = await Promise.all([
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
      ]);
      return {
        totalShows: Number(shows.n),
        totalUsers: Number(users.n),
        // Reviews and lists arrive with their features; there are none to count yet.
        totalReviews: 0,
        totalLists: 0,
        totalFavorites: Number(favorites.n),
        averageRating: rating.avg === null ? null : Math.round(Number(rating.avg) * 10) / 10,
        recentActivity: { newLists: 0, newUsers: Number(newUsers.n) },
      };
    },
  );
}

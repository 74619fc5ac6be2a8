import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  compareUsersBodySchema,
  compareUsersSchema,
  contentStatsSchema,
  engagementStatsSchema,
  genreStatsSchema,
  personalStatsSchema,
  platformStatsSchema,
  showStatsSchema,
  showTrendsSchema,
  statsPeriodQuerySchema,
  statsYearQuerySchema,
  timeframes,
  timeStatsSchema,
  trendingResponseSchema,
} from '@series-tracker/contracts';
import { limitParam } from '../../lib/params';
import { idParams } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import { cacheTags, ownPages } from '../../platform/cache-tags';
import type { TrendingService } from '../shows/trending.service';
import type { StatsService } from './stats.service';
import { errorResponses } from '../../lib/error-responses';
import { apiMessages } from '../../lib/i18n/api-messages';

const errors = errorResponses(400, 401, 403, 404);
const badRequest = errorResponses(400);
/** Community aggregates: the same for everyone, kept a minute (dropped with the `stats` tag). */
const shared = { cache: { ttlSeconds: 60, tags: () => [cacheTags.stats] } };

/** Statistics beyond /stats/global (spec §7 Stats). */
export async function peopleStatsRoutes(
  app: FastifyInstance,
  opts: { stats: StatsService; trending: TrendingService },
) {
  const { stats, trending } = opts;
  const api = routeTable(app, { tags: ['stats'], errors, access: 'public' });

  api.get('/stats/trending', {
    summary: 'Shows trending in the community this week (as /shows/trending)',
    query: z.object({ limit: limitParam(10, 50) }),
    response: trendingResponseSchema,
    errors: badRequest,
    run: async ({ query }) => trending.trending(query.limit),
  });
  api.get('/stats/genres', {
    config: shared,
    summary: 'Per genre: shows, members tracking them, episodes watched',
    response: genreStatsSchema,
    errors: {},
    run: async () => stats.genres(),
  });
  api.get('/stats/platform', {
    config: shared,
    summary: 'Community figures over a period (week, month, year, all)',
    query: statsPeriodQuerySchema,
    response: platformStatsSchema,
    errors: badRequest,
    run: async ({ query }) => stats.platform(query.period),
  });
  api.get('/stats/content', {
    config: shared,
    summary: 'The catalogue by status, kind, network and genre',
    response: contentStatsSchema,
    errors: {},
    run: async () => stats.content(),
  });
  api.get('/stats/engagement', {
    config: shared,
    summary: 'How members use the site',
    response: engagementStatsSchema,
    errors: {},
    run: async () => stats.engagement(),
  });
  api.get('/stats/shows/:id', {
    summary: 'One show’s members by status, favourites and score distribution',
    params: idParams,
    response: showStatsSchema,
    run: async ({ params }) => stats.show(params.id),
  });
  api.get('/stats/shows/:id/trends', {
    summary: 'Episodes watched and watchlist adds of a show over a period',
    params: idParams,
    query: statsPeriodQuerySchema,
    response: showTrendsSchema,
    run: async ({ params, query }) => stats.showTrends(params.id, query.period),
  });
  api.get('/stats/time/:timeframe', {
    config: shared,
    summary:
      'Community activity over the last day (by hour), week or month (by day), year (by month)',
    params: z.object({
      timeframe: z.enum(timeframes, { error: apiMessages['validation.timeframe'] }),
    }),
    response: timeStatsSchema,
    errors: badRequest,
    run: async ({ params }) => stats.time(params.timeframe),
  });
  api.get('/stats/me', {
    access: 'signed-in',
    config: { cache: ownPages(300, (req) => req.auth!.user.id) },
    summary: 'Your viewing statistics, all time or one year',
    query: statsYearQuerySchema,
    response: personalStatsSchema,
    run: async ({ member, viewer, query }) =>
      stats.forUser(viewer, member.id, query.year ?? null, query.tz),
  });
  api.get('/stats/users/:id', {
    access: 'viewer',
    config: { cache: ownPages(300, (req) => (req.params as { id: string }).id, { public: true }) },
    summary: 'A member’s viewing statistics (403 when their profile is private)',
    params: idParams,
    query: statsYearQuerySchema,
    response: personalStatsSchema,
    run: async ({ viewer, params, query }) =>
      stats.forUser(viewer, params.id, query.year ?? null, query.tz),
  });
  api.post('/stats/compare-users', {
    access: 'signed-in',
    summary: '2 to 4 members compared: shows in common, rating agreement, shared genres',
    body: compareUsersBodySchema,
    response: compareUsersSchema,
    run: async ({ viewer, body }) => stats.compare(viewer, body.usernames),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
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
import { idParam, limitParam } from '../../lib/params';
import { cacheTags, ownPages } from '../../platform/cache-tags';
import type { TrendingService } from '../shows/trending.service';
import type { StatsService } from './stats.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404);
type Req = { auth: { user: { id: number } } | null };
const viewerOf = (req: Req) => (req.auth ? { id: req.auth.user.id } : null);
/** Community aggregates: the same for everyone, kept a minute (dropped with the `stats` tag). */
const shared = {
  access: 'public' as const,
  cache: { ttlSeconds: 60, tags: () => [cacheTags.stats] },
};

/** Statistics beyond /stats/global (spec §7 Stats). */
export async function peopleStatsRoutes(
  app: FastifyInstance,
  opts: { stats: StatsService; trending: TrendingService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { stats, trending } = opts;
  const tags = ['stats'];

  r.get(
    '/stats/trending',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Shows trending in the community this week (as /shows/trending)',
        querystring: z.object({ limit: limitParam(10, 50) }),
        response: { 200: trendingResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req) => trending.trending(req.query.limit),
  );
  r.get(
    '/stats/genres',
    {
      config: shared,
      schema: {
        tags,
        summary: 'Per genre: shows, members tracking them, episodes watched',
        response: { 200: genreStatsSchema },
      },
    },
    async () => stats.genres(),
  );
  r.get(
    '/stats/platform',
    {
      config: shared,
      schema: {
        tags,
        summary: 'Community figures over a period (week, month, year, all)',
        querystring: statsPeriodQuerySchema,
        response: { 200: platformStatsSchema, 400: apiErrorSchema },
      },
    },
    async (req) => stats.platform(req.query.period),
  );
  r.get(
    '/stats/content',
    {
      config: shared,
      schema: {
        tags,
        summary: 'The catalogue by status, kind, network and genre',
        response: { 200: contentStatsSchema },
      },
    },
    async () => stats.content(),
  );
  r.get(
    '/stats/engagement',
    {
      config: shared,
      schema: {
        tags,
        summary: 'How members use the site',
        response: { 200: engagementStatsSchema },
      },
    },
    async () => stats.engagement(),
  );
  r.get(
    '/stats/shows/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One show’s members by status, favourites and score distribution',
        params: z.object({ id: idParam }),
        response: { 200: showStatsSchema, ...errors },
      },
    },
    async (req) => stats.show(req.params.id),
  );
  r.get(
    '/stats/shows/:id/trends',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Episodes watched and watchlist adds of a show over a period',
        params: z.object({ id: idParam }),
        querystring: statsPeriodQuerySchema,
        response: { 200: showTrendsSchema, ...errors },
      },
    },
    async (req) => stats.showTrends(req.params.id, req.query.period),
  );
  r.get(
    '/stats/time/:timeframe',
    {
      config: shared,
      schema: {
        tags,
        summary:
          'Community activity over the last day (by hour), week or month (by day), year (by month)',
        params: z.object({
          timeframe: z.enum(timeframes, { error: 'Timeframe must be day, week, month or year' }),
        }),
        response: { 200: timeStatsSchema, 400: apiErrorSchema },
      },
    },
    async (req) => stats.time(req.params.timeframe),
  );
  r.get(
    '/stats/me',
    {
      config: { access: 'signed-in', cache: ownPages(300, (req) => req.auth!.user.id) },
      schema: {
        tags,
        summary: 'Your viewing statistics, all time or one year',
        querystring: statsYearQuerySchema,
        response: { 200: personalStatsSchema, ...errors },
      },
    },
    async (req) =>
      stats.forUser(viewerOf(req), req.auth!.user.id, req.query.year ?? null, req.query.tz),
  );
  r.get(
    '/stats/users/:id',
    {
      config: {
        access: 'viewer',
        cache: ownPages(300, (req) => (req.params as { id: string }).id, { public: true }),
      },
      schema: {
        tags,
        summary: 'A member’s viewing statistics (403 when their profile is private)',
        params: z.object({ id: idParam }),
        querystring: statsYearQuerySchema,
        response: { 200: personalStatsSchema, ...errors },
      },
    },
    async (req) =>
      stats.forUser(viewerOf(req), req.params.id, req.query.year ?? null, req.query.tz),
  );
  r.post(
    '/stats/compare-users',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: '2 to 4 members compared: shows in common, rating agreement, shared genres',
        body: compareUsersBodySchema,
        response: { 200: compareUsersSchema, ...errors },
      },
    },
    async (req) => stats.compare(viewerOf(req), req.body.usernames),
  );
}

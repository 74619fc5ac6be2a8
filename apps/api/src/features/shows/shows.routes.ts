import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cacheTags } from '../../platform/cache-tags';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  genrePageSchema,
  genresResponseSchema,
  showDetailSchema,
  showFiltersSchema,
  showListSchema,
  showPageSchema,
  todayPageSchema,
  trendingResponseSchema,
} from '@series-tracker/contracts';
import { idParam, isoDate, limitParam, offsetParam } from '../../lib/params';
import type { SearchService } from '../search/search.service';
import type { ShowsService } from './shows.service';
import type { TrendingService } from './trending.service';

const paging = z.object({ limit: limitParam(20, 100), offset: offsetParam });
const idParams = z.object({ id: idParam });
const showPage = showPageSchema;

/** Catalogue reads are the same for everyone; see plugins/response-cache.ts. */
const catalogueCache = { ttlSeconds: 60 };
/** A show's own pages: dropped by the events about that show (subscribeResponseCache). */
const showCache = {
  ttlSeconds: 300,
  tags: (req: FastifyRequest) => [cacheTags.show((req.params as { id: string }).id)],
};

export async function showsRoutes(
  app: FastifyInstance,
  opts: { shows: ShowsService; trending: TrendingService; search: SearchService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { shows, trending, search } = opts;
  const tags = ['shows'];
  const e404 = { 400: apiErrorSchema, 404: apiErrorSchema };

  r.get(
    '/shows',
    {
      config: { access: 'public', cache: catalogueCache },
      schema: {
        tags,
        summary: 'Browse the catalogue with filters and sort',
        querystring: showFiltersSchema,
        response: { 200: showPage, 400: apiErrorSchema },
      },
    },
    async (req) => {
      const { limit, offset, ...filters } = req.query;
      return shows.list(filters, limit, offset);
    },
  );

  r.get(
    '/shows/genres',
    {
      config: { access: 'public', cache: catalogueCache },
      schema: {
        tags,
        summary: 'Every genre in the catalogue',
        response: { 200: genresResponseSchema },
      },
    },
    async () => ({ data: await shows.genres() }),
  );

  r.get(
    '/shows/trending',
    {
      config: { access: 'public', cache: { ttlSeconds: 30 } },
      schema: {
        tags,
        summary:
          'Shows with the most distinct members active in the last 7 days (recent activity weighs more; at least two members; On Hold and Dropped do not count); catalogue popularity while there is none',
        querystring: z.object({ limit: limitParam(10, 50) }),
        response: { 200: trendingResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req) => trending.trending(req.query.limit),
  );

  for (const [path, sort, summary] of [
    ['/shows/popular', 'popular', 'Most tracked shows, then catalogue popularity'],
    ['/shows/recent', 'recent', 'Most recently premiered shows'],
    ['/shows/top-rated', 'top_rated', 'Best rated shows'],
  ] as const) {
    r.get(
      path,
      {
        config: { access: 'public', cache: catalogueCache },
        schema: {
          tags,
          summary,
          querystring: paging,
          response: { 200: showPage, 400: apiErrorSchema },
        },
      },
      async (req) => shows.list({ sort }, req.query.limit, req.query.offset),
    );
  }

  r.get(
    '/shows/today',
    {
      config: { access: 'public', cache: { ttlSeconds: 300 } },
      schema: {
        tags,
        summary:
          'Shows with an episode airing on a date (the viewer’s local date; default today in UTC)',
        querystring: paging.extend({ date: isoDate.optional() }),
        response: { 200: todayPageSchema, 400: apiErrorSchema },
      },
    },
    async (req) => {
      const date = req.query.date ?? new Date().toISOString().slice(0, 10);
      return { ...(await shows.airingOn(date, req.query.limit, req.query.offset)), date };
    },
  );

  r.get(
    '/shows/genre/:genre',
    {
      config: { access: 'public', cache: catalogueCache },
      schema: {
        tags,
        summary: 'Shows of one genre, most popular first',
        params: z.object({ genre: z.string().min(1).max(100) }),
        querystring: paging,
        response: { 200: genrePageSchema, ...e404 },
      },
    },
    async (req) => shows.byGenre(req.params.genre, req.query.limit, req.query.offset),
  );

  r.get(
    '/shows/search/:query',
    {
      config: { access: 'public', cache: catalogueCache },
      schema: {
        tags,
        summary: 'Search shows by any title (typo-tolerant)',
        params: z.object({ query: z.string().max(2000) }),
        querystring: z.object({ limit: limitParam(20, 50) }),
        response: { 200: showListSchema, 400: apiErrorSchema },
      },
    },
    async (req) => ({ data: (await search.searchShows(req.params.query, req.query.limit)).data }),
  );

  r.get(
    '/shows/:id',
    {
      config: { access: 'public', cache: showCache },
      schema: {
        tags,
        summary: 'One show with everything its page shows',
        params: idParams,
        response: { 200: showDetailSchema, ...e404 },
      },
    },
    async (req) => shows.detail(req.params.id),
  );

  for (const [path, summary] of [
    ['/shows/:id/similar', 'Shows sharing the most genres with this one'],
    [
      '/shows/:id/recommendations',
      'Recommended after this show (by shared genres, then popularity)',
    ],
  ] as const) {
    r.get(
      path,
      {
        config: { access: 'public', cache: showCache },
        schema: {
          tags,
          summary,
          params: idParams,
          querystring: z.object({ limit: limitParam(12, 50) }),
          response: { 200: showListSchema, ...e404 },
        },
      },
      async (req) => ({ data: await shows.similar(req.params.id, req.query.limit) }),
    );
  }

  r.get(
    '/recommendations',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Shows to start with: trending in the community, else the best known of the catalogue',
        querystring: z.object({ limit: limitParam(12, 50) }),
        response: { 200: trendingResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req) => trending.trending(req.query.limit),
  );
}

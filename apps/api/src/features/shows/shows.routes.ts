import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cacheTags } from '../../platform/cache-tags';
import { z } from 'zod';
import {
  genrePageSchema,
  genresResponseSchema,
  showDetailSchema,
  showFiltersSchema,
  showListSchema,
  showPageSchema,
  todayPageSchema,
  trendingResponseSchema,
} from '@series-tracker/contracts';
import { errorResponses } from '../../lib/error-responses';
import { isoDate, limitParam } from '../../lib/params';
import { idParams, pagingQuery } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import type { SearchService } from '../search/search.service';
import type { ShowsService } from './shows.service';
import type { TrendingService } from './trending.service';

const paging = pagingQuery(20, 100);

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
  const { shows, trending, search } = opts;
  const e404 = errorResponses(400, 404);
  const api = routeTable(app, {
    tags: ['shows'],
    errors: errorResponses(400),
    access: 'public',
    config: { cache: catalogueCache },
  });

  api.get('/shows', {
    summary: 'Browse the catalogue with filters and sort',
    query: showFiltersSchema,
    response: showPageSchema,
    run: async ({ query: { limit, offset, ...filters } }) => shows.list(filters, limit, offset),
  });
  api.get('/shows/genres', {
    summary: 'Every genre in the catalogue',
    response: genresResponseSchema,
    errors: {},
    run: async () => ({ data: await shows.genres() }),
  });
  api.get('/shows/trending', {
    config: { cache: { ttlSeconds: 30 } },
    summary:
      'Shows with the most distinct members active in the last 7 days (recent activity weighs more; at least two members; On Hold and Dropped do not count); catalogue popularity while there is none',
    query: z.object({ limit: limitParam(10, 50) }),
    response: trendingResponseSchema,
    run: async ({ query }) => trending.trending(query.limit),
  });
  for (const [path, sort, summary] of [
    ['/shows/popular', 'popular', 'Most tracked shows, then catalogue popularity'],
    ['/shows/recent', 'recent', 'Most recently premiered shows'],
    ['/shows/top-rated', 'top_rated', 'Best rated shows'],
  ] as const) {
    api.get(path, {
      summary,
      query: paging,
      response: showPageSchema,
      run: async ({ query }) => shows.list({ sort }, query.limit, query.offset),
    });
  }
  api.get('/shows/today', {
    config: { cache: { ttlSeconds: 300 } },
    summary:
      'Shows with an episode airing on a date (the viewer’s local date; default today in UTC)',
    query: paging.extend({ date: isoDate.optional() }),
    response: todayPageSchema,
    run: async ({ query }) => {
      const date = query.date ?? new Date().toISOString().slice(0, 10);
      return { ...(await shows.airingOn(date, query.limit, query.offset)), date };
    },
  });
  api.get('/shows/genre/:genre', {
    summary: 'Shows of one genre, most popular first',
    params: z.object({ genre: z.string().min(1).max(100) }),
    query: paging,
    response: genrePageSchema,
    errors: e404,
    run: async ({ params, query }) => shows.byGenre(params.genre, query.limit, query.offset),
  });
  api.get('/shows/search/:query', {
    summary: 'Search shows by any title (typo-tolerant)',
    params: z.object({ query: z.string().max(2000) }),
    query: z.object({ limit: limitParam(20, 50) }),
    response: showListSchema,
    run: async ({ params, query }) => ({
      data: (await search.searchShows(params.query, query.limit)).data,
    }),
  });

  api.get('/shows/:id', {
    config: { cache: showCache },
    summary: 'One show with everything its page shows',
    params: idParams,
    response: showDetailSchema,
    errors: e404,
    run: async ({ params }) => shows.detail(params.id),
  });
  for (const [path, summary] of [
    ['/shows/:id/similar', 'Shows sharing the most genres with this one'],
    [
      '/shows/:id/recommendations',
      'Recommended after this show (by shared genres, then popularity)',
    ],
  ] as const) {
    api.get(path, {
      config: { cache: showCache },
      summary,
      params: idParams,
      query: z.object({ limit: limitParam(12, 50) }),
      response: showListSchema,
      errors: e404,
      run: async ({ params, query }) => ({ data: await shows.similar(params.id, query.limit) }),
    });
  }

  api.get('/recommendations', {
    // Not in the response cache.
    config: { cache: undefined },
    summary: 'Shows to start with: trending in the community, else the best known of the catalogue',
    query: z.object({ limit: limitParam(12, 50) }),
    response: trendingResponseSchema,
    run: async ({ query }) => trending.trending(query.limit),
  });
}

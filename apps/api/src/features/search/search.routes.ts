import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  globalSearchSchema,
  rankedShowListSchema,
  rankedShowPageSchema,
  searchHistorySchema,
  searchLimits,
  showFiltersSchema,
  showListSchema,
  showSearchPageSchema,
  trendingResponseSchema,
  userResultListSchema,
} from '@series-tracker/contracts';
import { limitParam, offsetParam } from '../../lib/params';
import { cacheTags } from '../../platform/cache-tags';
import type { ShowsService } from '../shows/shows.service';
import type { TrendingService } from '../shows/trending.service';
import { remoteBudgets, type SearchService } from './search.service';
import type { UsersService } from '../users/users.service';
import type { ReviewsService } from '../reviews/reviews.service';

// Any text is a valid query: too long is cut, nothing is refused, nothing errors.
const q = z.string().max(10_000).default('');

export async function searchRoutes(
  app: FastifyInstance,
  opts: {
    search: SearchService;
    shows: ShowsService;
    trending: TrendingService;
    reviews: ReviewsService;
    /** People: the users feature's typo-tolerant member search. */
    users: UsersService;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { search, shows, trending } = opts;
  const tags = ['search'];
  const showSearchCache = { ttlSeconds: 60, tags: () => [cacheTags.showSearch] };

  r.get(
    '/search',
    {
      // The same for every viewer (members as anyone sees them: a private profile's name and
      // avatar, not its bio); a member who joins, changes or goes private drops it at once
      // (user.changed), the shows in it follow within the TTL.
      config: {
        access: 'public',
        cache: {
          ttlSeconds: 60,
          tags: () => [cacheTags.users, cacheTags.reviews, cacheTags.showSearch],
        },
      },
      schema: {
        tags,
        summary: 'Search shows, users and reviews at once',
        querystring: z.object({ q, limit: limitParam(20, searchLimits.resultMax) }),
        response: {
          200: globalSearchSchema,
          400: apiErrorSchema,
        },
      },
    },
    async (req) => {
      const [found, users, reviews] = await Promise.all([
        search.searchShows(req.query.q, req.query.limit, 0, {
          remoteBudgetMs: remoteBudgets.page,
        }),
        opts.users.searchResults(req.query.q, req.query.limit),
        // Public reviews only (the reviews feature's search; private ones never match).
        opts.reviews.search(req.query.q, req.query.limit, 0),
      ]);
      return {
        query: req.query.q.trim(),
        shows: found.data,
        users,
        reviews: reviews.data,
        remote: found.remote,
      };
    },
  );

  r.get(
    '/search/shows',
    {
      config: { access: 'public', cache: showSearchCache },
      schema: {
        tags,
        summary:
          'Shows by any of their titles; typo-tolerant, best match first; asks TVmaze when the catalogue has few matches',
        querystring: z.object({
          q,
          limit: limitParam(20, searchLimits.resultMax),
          offset: offsetParam,
        }),
        response: { 200: rankedShowPageSchema, 400: apiErrorSchema },
      },
    },
    async (req) => {
      const { data, total, remote } = await search.searchShows(
        req.query.q,
        req.query.limit,
        req.query.offset,
        { remoteBudgetMs: remoteBudgets.page },
      );
      return {
        data,
        total,
        remote,
        limit: req.query.limit,
        offset: req.query.offset,
        hasMore: req.query.offset + data.length < total,
      };
    },
  );

  r.get(
    '/search/users',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Members by username or display name, typo-tolerant (a private profile without its bio)',
        querystring: z.object({ q, limit: limitParam(20, searchLimits.resultMax) }),
        response: { 200: userResultListSchema, 400: apiErrorSchema },
      },
    },
    async (req) => ({ data: await opts.users.searchResults(req.query.q, req.query.limit) }),
  );

  // /search/reviews and /search/lists are registered by the reviews and lists features.

  r.get(
    '/search/suggestions',
    {
      config: { access: 'public', cache: showSearchCache },
      schema: {
        tags,
        summary: 'Show suggestions while typing (2+ characters)',
        querystring: z.object({ q, limit: limitParam(searchLimits.suggestionsDefault, 20) }),
        response: { 200: rankedShowListSchema, 400: apiErrorSchema },
      },
    },
    async (req) => {
      if (req.query.q.trim().length < 2) return { data: [], remote: 'skipped' as const };
      const found = await search.searchShows(req.query.q, req.query.limit, 0, {
        remoteBudgetMs: remoteBudgets.suggestions,
      });
      return { data: found.data, remote: found.remote };
    },
  );

  r.get(
    '/search/trending',
    {
      config: { access: 'public', cache: { ttlSeconds: 30 } },
      schema: {
        tags,
        summary: 'Trending shows',
        querystring: z.object({ limit: limitParam(10, 50) }),
        response: {
          200: trendingResponseSchema,
          400: apiErrorSchema,
        },
      },
    },
    async (req) => trending.trending(req.query.limit),
  );

  r.get(
    '/search/popular',
    {
      config: { access: 'public', cache: { ttlSeconds: 60 } },
      schema: {
        tags,
        summary: 'Popular shows',
        querystring: z.object({ limit: limitParam(10, 50) }),
        response: { 200: showListSchema, 400: apiErrorSchema },
      },
    },
    async (req) => ({ data: (await shows.list({ sort: 'popular' }, req.query.limit, 0)).data }),
  );

  r.get(
    '/search/advanced',
    {
      config: { access: 'public', cache: showSearchCache },
      schema: {
        tags,
        summary: 'Browse filters plus a text query; with a query, best match first',
        querystring: showFiltersSchema.extend({ q }),
        response: { 200: showSearchPageSchema, 400: apiErrorSchema },
      },
    },
    async (req) => {
      const { q: text, limit, offset, ...filters } = req.query;
      if (!text.trim())
        return { ...(await shows.list(filters, limit, offset)), remote: 'skipped' as const };
      const { ranked, remote } = await search.rankWithRemote(
        text,
        undefined,
        offset === 0 ? remoteBudgets.page : undefined,
      );
      const { rows } = await shows.filterIds(
        filters,
        ranked.map((x) => x.id),
      );
      const allowed = new Set(rows);
      const ordered = ranked.filter((x) => allowed.has(x.id));
      const pageIds = ordered.slice(offset, offset + limit);
      const scores = new Map(pageIds.map((x) => [x.id, x.score]));
      const data = (await shows.summariesByIds(pageIds.map((x) => x.id))).map((s) => ({
        ...s,
        relevanceScore: scores.get(s.id) ?? 0,
      }));
      return {
        data,
        total: ordered.length,
        limit,
        offset,
        hasMore: offset + data.length < ordered.length,
        remote,
      };
    },
  );

  const auth = { config: { access: 'signed-in' as const } };
  r.get(
    '/search/history',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Your recent searches, newest first',
        security: [{ bearerAuth: [] }],
        response: { 200: searchHistorySchema, 401: apiErrorSchema },
      },
    },
    async (req) => ({
      data: (await search.history(req.auth!.user.id)).map((h) => ({
        id: h.id,
        query: h.query,
        createdAt: h.created_at,
      })),
    }),
  );

  r.post(
    '/search/history',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Remember a search (a repeat moves to the top; the newest 20 are kept)',
        security: [{ bearerAuth: [] }],
        body: z.object({
          query: z
            .string()
            .trim()
            .min(1, 'Query is required')
            .max(
              searchLimits.queryMax,
              `Query must be ${searchLimits.queryMax} characters or less`,
            ),
        }),
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (req, reply) => {
      await search.remember(req.auth!.user.id, req.body.query);
      return reply.status(204).send(null);
    },
  );

  r.delete(
    '/search/history',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Forget all your searches',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null(), 401: apiErrorSchema },
      },
    },
    async (req, reply) => {
      await search.forget(req.auth!.user.id);
      return reply.status(204).send(null);
    },
  );
}

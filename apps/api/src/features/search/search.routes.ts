import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
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
import { errorResponses } from '../../lib/error-responses';
import { limitParam, offsetParam } from '../../lib/params';
import { routeTable } from '../../lib/route-table';
import { cacheTags } from '../../platform/cache-tags';
import type { ShowsService } from '../shows/shows.service';
import type { TrendingService } from '../shows/trending.service';
import { remoteBudgets, type SearchService } from './search.service';
import type { UsersService } from '../users/users.service';
import type { ReviewsService } from '../reviews/reviews.service';
import { apiMessages } from '../../lib/i18n/api-messages';

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
  const { search, shows, trending } = opts;
  const api = routeTable(app, { tags: ['search'], errors: errorResponses(400), access: 'public' });
  const showSearchCache = { ttlSeconds: 60, tags: () => [cacheTags.showSearch] };

  api.get('/search', {
    // The same for every viewer (members as anyone sees them: a private profile's name and
    // avatar, not its bio); a member who joins, changes or goes private drops it at once
    // (user.changed), the shows in it follow within the TTL.
    config: {
      cache: {
        ttlSeconds: 60,
        tags: () => [cacheTags.users, cacheTags.reviews, cacheTags.showSearch],
      },
    },
    summary: 'Search shows, users and reviews at once',
    query: z.object({ q, limit: limitParam(20, searchLimits.resultMax) }),
    response: globalSearchSchema,
    run: async ({ query }) => {
      const [found, users, reviews] = await Promise.all([
        search.searchShows(query.q, query.limit, 0, { remoteBudgetMs: remoteBudgets.page }),
        opts.users.searchResults(query.q, query.limit),
        // Public reviews only (the reviews feature's search; private ones never match).
        opts.reviews.search(query.q, query.limit, 0),
      ]);
      return {
        query: query.q.trim(),
        shows: found.data,
        users,
        reviews: reviews.data,
        remote: found.remote,
      };
    },
  });
  api.get('/search/shows', {
    config: { cache: showSearchCache },
    summary:
      'Shows by any of their titles; typo-tolerant, best match first; asks TVmaze when the catalogue has few matches',
    query: z.object({ q, limit: limitParam(20, searchLimits.resultMax), offset: offsetParam }),
    response: rankedShowPageSchema,
    run: async ({ query: { q: text, limit, offset } }) => {
      const { data, total, remote } = await search.searchShows(text, limit, offset, {
        remoteBudgetMs: remoteBudgets.page,
      });
      return { data, total, remote, limit, offset, hasMore: offset + data.length < total };
    },
  });
  api.get('/search/users', {
    summary:
      'Members by username or display name, typo-tolerant (a private profile without its bio)',
    query: z.object({ q, limit: limitParam(20, searchLimits.resultMax) }),
    response: userResultListSchema,
    run: async ({ query }) => ({ data: await opts.users.searchResults(query.q, query.limit) }),
  });

  // /search/reviews and /search/lists are registered by the reviews and lists features.

  api.get('/search/suggestions', {
    config: { cache: showSearchCache },
    summary: 'Show suggestions while typing (2+ characters)',
    query: z.object({ q, limit: limitParam(searchLimits.suggestionsDefault, 20) }),
    response: rankedShowListSchema,
    run: async ({ query }) => {
      if (query.q.trim().length < 2) return { data: [], remote: 'skipped' as const };
      const found = await search.searchShows(query.q, query.limit, 0, {
        remoteBudgetMs: remoteBudgets.suggestions,
      });
      return { data: found.data, remote: found.remote };
    },
  });
  api.get('/search/trending', {
    config: { cache: { ttlSeconds: 30 } },
    summary: 'Trending shows',
    query: z.object({ limit: limitParam(10, 50) }),
    response: trendingResponseSchema,
    run: async ({ query }) => trending.trending(query.limit),
  });
  api.get('/search/popular', {
    config: { cache: { ttlSeconds: 60 } },
    summary: 'Popular shows',
    query: z.object({ limit: limitParam(10, 50) }),
    response: showListSchema,
    run: async ({ query }) => ({
      data: (await shows.list({ sort: 'popular' }, query.limit, 0)).data,
    }),
  });
  api.get('/search/advanced', {
    config: { cache: showSearchCache },
    summary: 'Browse filters plus a text query; with a query, best match first',
    query: showFiltersSchema.extend({ q }),
    response: showSearchPageSchema,
    run: async ({ query: { q: text, limit, offset, ...filters } }) => {
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
  });

  // Your own searches (API tokens document bearerAuth).
  const own = { access: 'signed-in', security: [{ bearerAuth: [] }] } as const;
  api.get('/search/history', {
    ...own,
    summary: 'Your recent searches, newest first',
    response: searchHistorySchema,
    errors: errorResponses(401),
    run: async ({ member }) => ({
      data: (await search.history(member.id)).map((h) => ({
        id: h.id,
        query: h.query,
        createdAt: h.created_at,
      })),
    }),
  });
  api.post('/search/history', {
    ...own,
    summary: 'Remember a search (a repeat moves to the top; the newest 20 are kept)',
    body: z.object({
      query: z
        .string()
        .trim()
        .min(1, apiMessages['validation.queryRequired'])
        .max(searchLimits.queryMax, apiMessages['validation.queryTooLong']),
    }),
    status: 204,
    errors: errorResponses(400, 401),
    run: async ({ member, body }) => search.remember(member.id, body.query),
  });
  api.delete('/search/history', {
    ...own,
    summary: 'Forget all your searches',
    status: 204,
    errors: errorResponses(401),
    run: async ({ member }) => search.forget(member.id),
  });
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  traktHistoryAddedSchema,
  traktHistoryDeletedSchema,
  traktHistorySchema,
  traktLastActivitiesSchema,
  traktListAddedSchema,
  traktListDeletedSchema,
  traktRatingsSchema,
  traktSyncBodySchema,
  traktSyncMessages,
  traktWatchedSchema,
  traktWatchlistSchema,
} from '@series-tracker/contracts';
import {
  pageOffset,
  setPagination,
  traktPageQuery,
  wantsFull,
  type TraktPage,
} from './trakt-paging';
import type { TraktActivity } from './trakt-activity';
import type { TraktSyncHistory } from './trakt-sync-history';
import type { TraktSyncLists } from './trakt-sync-lists';
import { errorResponses } from '../../lib/error-responses';
import { routeTable } from '../../lib/route-table';

const errors = errorResponses(400, 401, 403);
const tags = ['Trakt-compatible API'];
const read = { config: { access: 'signed-in' as const } };
// Writes: an app's Trakt token counts as write:tracking (ADR 170); suspension is refused by
// the access plugin (assertMayWrite) before the body is read. Whole-library syncs are big.
const write = {
  access: 'signed-in',
  config: { tokens: 'write:tracking' },
  bodyLimit: 8 * 1024 * 1024,
} as const;
type Req = { auth: { user: { id: number } } | null };
const me = (req: Req) => req.auth!.user.id;
type TraktSyncBody = z.output<typeof traktSyncBodySchema>;

const instantQuery = z
  .string()
  .max(64)
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Use an ISO 8601 date-time')
  .transform((s) => new Date(Date.parse(s)).toISOString())
  .optional();
const extendedQuery = z.object({ extended: z.string().max(100).optional() });
const optionalPage = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
const ratingFilter = z
  .string()
  .regex(/^\d{1,2}(,\d{1,2})*$/, traktSyncMessages.ratingFilterInvalid)
  .transform((s) => s.split(',').map(Number))
  .refine((l) => l.every((n) => n >= 1 && n <= 10), traktSyncMessages.ratingFilterInvalid)
  .optional();

/** "Pagination optional" (Trakt): everything unless page or limit is given, then one page. */
function maybePage<T>(reply: FastifyReply, list: T[], q: { page?: number; limit?: number }): T[] {
  if (q.page === undefined && q.limit === undefined) return list;
  const p: TraktPage = { page: q.page ?? 1, limit: q.limit ?? 10 };
  setPagination(reply, p, list.length);
  return list.slice(pageOffset(p), pageOffset(p) + p.limit);
}

/** /trakt/sync/* (issue 27, ADR 171): history, watched, watchlist, ratings, last activities. */
export async function traktSyncRoutes(
  app: FastifyInstance,
  opts: { history: TraktSyncHistory; lists: TraktSyncLists; activity: TraktActivity },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { history, lists, activity } = opts;
  const api = routeTable(app, { tags, errors, ...write });

  /** POST `url` adds what the body names (201), POST `url`/remove takes it away (200). */
  function syncWrites<A extends z.ZodType, D extends z.ZodType>(
    url: string,
    o: {
      added: A;
      deleted: D;
      summaries: { add: string; remove: string };
      add: (userId: number, body: TraktSyncBody) => Promise<z.output<A>>;
      remove: (userId: number, body: TraktSyncBody) => Promise<z.output<D>>;
    },
  ) {
    api.post(url, {
      summary: o.summaries.add,
      body: traktSyncBodySchema,
      status: 201,
      response: o.added,
      run: async ({ member, body }) => o.add(member.id, body),
    });
    api.post(`${url}/remove`, {
      summary: o.summaries.remove,
      body: traktSyncBodySchema,
      response: o.deleted,
      run: async ({ member, body }) => o.remove(member.id, body),
    });
  }

  r.get(
    '/sync/last_activities',
    {
      ...read,
      schema: {
        tags,
        summary: 'When each kind of your data last changed (Trakt sync)',
        response: { 200: traktLastActivitiesSchema, ...errors },
      },
    },
    async (req) => activity.lastActivities(me(req)),
  );

  r.get(
    '/sync/watched/:type',
    {
      ...read,
      schema: {
        tags,
        summary: 'Shows you watched, with plays per episode (Trakt sync)',
        params: z.object({ type: z.enum(['shows', 'movies']) }),
        querystring: extendedQuery,
        response: { 200: traktWatchedSchema, ...errors },
      },
      // A library's whole watch history (10,000 episodes and more) in one answer: the handler
      // is held to the contract by its type (ZodTypeProvider); parsing it again on the way
      // out would cost more than building it (ADR 171).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) => {
      if (req.params.type === 'movies') return [];
      const ext = (req.query.extended ?? '').split(',');
      return history.watchedShows(me(req), {
        full: ext.includes('full'),
        noSeasons: ext.includes('noseasons'),
      });
    },
  );

  const historyQuery = traktPageQuery.extend({
    start_at: instantQuery,
    end_at: instantQuery,
    extended: z.string().max(100).optional(),
  });
  const historyType = z.enum(['movies', 'shows', 'seasons', 'episodes']);
  for (const url of ['/sync/history', '/sync/history/:type', '/sync/history/:type/:id']) {
    r.get(
      url,
      {
        ...read,
        schema: {
          tags,
          summary: 'Your plays, newest first (Trakt sync; paged)',
          params: z.object({ type: historyType.optional(), id: z.string().max(200).optional() }),
          querystring: historyQuery,
          response: { 200: traktHistorySchema, ...errors },
        },
      },
      async (req, reply) => {
        const q = req.query;
        const { data, total } = await history.history(me(req), {
          ...(req.params.type ? { type: req.params.type } : {}),
          ...(req.params.id !== undefined ? { id: req.params.id } : {}),
          ...(q.start_at ? { startAt: q.start_at } : {}),
          ...(q.end_at ? { endAt: q.end_at } : {}),
          full: wantsFull(q.extended),
          limit: q.limit,
          offset: pageOffset(q),
        });
        setPagination(reply, q, total);
        return data;
      },
    );
  }

  syncWrites('/sync/history', {
    added: traktHistoryAddedSchema,
    deleted: traktHistoryDeletedSchema,
    summaries: {
      add: 'Add plays: shows (aired episodes), seasons, episodes (Trakt sync)',
      remove: 'Remove plays by play id, or every play of shows, seasons, episodes (Trakt sync)',
    },
    add: history.add,
    remove: history.remove,
  });

  const watchlistParams = z.object({
    type: z.enum(['movies', 'shows', 'seasons', 'episodes']).optional(),
    sort: z.enum(['rank', 'added', 'released', 'title']).optional(),
  });
  for (const url of ['/sync/watchlist', '/sync/watchlist/:type', '/sync/watchlist/:type/:sort']) {
    r.get(
      url,
      {
        ...read,
        schema: {
          tags,
          summary: 'Shows you plan to watch (Trakt sync)',
          params: watchlistParams,
          querystring: optionalPage.extend(extendedQuery.shape),
          response: { 200: traktWatchlistSchema, ...errors },
        },
      },
      async (req, reply) => {
        const sort = req.params.sort ?? 'rank';
        const list = await lists.watchlist(me(req), {
          ...(req.params.type ? { type: req.params.type } : {}),
          sort,
          full: wantsFull(req.query.extended),
        });
        void reply.headers({
          'x-sort-by': 'rank',
          'x-sort-how': 'asc',
          'x-applied-sort-by': sort,
          'x-applied-sort-how': sort === 'added' ? 'desc' : 'asc',
        });
        return maybePage(reply, list, req.query);
      },
    );
  }

  syncWrites('/sync/watchlist', {
    added: traktListAddedSchema,
    deleted: traktListDeletedSchema,
    summaries: {
      add: 'Plan to watch shows (Trakt sync)',
      remove: 'Remove planned shows (Trakt sync)',
    },
    add: lists.addToWatchlist,
    remove: lists.removeFromWatchlist,
  });

  for (const url of ['/sync/ratings', '/sync/ratings/:type', '/sync/ratings/:type/:rating']) {
    r.get(
      url,
      {
        ...read,
        schema: {
          tags,
          summary: 'Your ratings of shows, seasons and episodes (Trakt sync)',
          params: z.object({
            type: z.enum(['all', 'movies', 'shows', 'seasons', 'episodes']).optional(),
            rating: ratingFilter,
          }),
          querystring: optionalPage.extend(extendedQuery.shape),
          response: { 200: traktRatingsSchema, ...errors },
        },
      },
      async (req, reply) => {
        const type = req.params.type ?? 'all';
        if (type === 'movies') return maybePage(reply, [], req.query);
        const list = await lists.ratings(me(req), {
          type,
          ...(req.params.rating ? { ratings: req.params.rating } : {}),
          full: wantsFull(req.query.extended),
        });
        return maybePage(reply, list, req.query);
      },
    );
  }

  syncWrites('/sync/ratings', {
    added: traktListAddedSchema,
    deleted: traktListDeletedSchema,
    summaries: {
      add: 'Rate shows, seasons, episodes 1–10 (Trakt sync)',
      remove: 'Remove ratings (Trakt sync)',
    },
    add: lists.rate,
    remove: lists.unrate,
  });
}

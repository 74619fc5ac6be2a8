import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  activityPageSchema,
  favoriteSchema,
  listSummarySchema,
  reviewPageSchema,
  pageSchema,
  peopleLimits,
  personalStatsSchema,
  personPageSchema,
  profileResponseSchema,
  searchLimits,
  statsYearQuerySchema,
  trackingMessages,
  watchlistItemSchema,
  watchlistSorts,
  watchStatuses,
} from '@series-tracker/contracts';
import { limitParam, offsetParam } from '../../lib/params';
import { idParams } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import { cacheTags, tagResponse } from '../../platform/cache-tags';
import type { ActivityService } from '../activity/activity.service';
import type { ListsService } from '../lists/lists.service';
import type { ReviewsService } from '../reviews/reviews.service';
import type { StatsService } from '../stats/stats.service';
import type { TrackingService } from '../tracking/tracking.service';
import type { UsersService } from './users.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404);
const limit = limitParam(peopleLimits.pageDefault, peopleLimits.pageMax);
const paging = z.object({ limit, offset: offsetParam });
type Viewer = { id: number } | null;

export interface UsersRoutesOptions {
  users: UsersService;
  tracking: TrackingService;
  activity: ActivityService;
  stats: StatsService;
  reviews: ReviewsService;
  lists: ListsService;
}

/**
 * Members (spec §7 "Users and social"). What hangs off a profile (watchlist, favourites,
 * activity, stats) goes through the policy's profile rule: 403 for a private profile, to
 * anonymous visitors too, and for a member who blocks the viewer.
 */
export async function usersRoutes(app: FastifyInstance, opts: UsersRoutesOptions) {
  const { users, tracking, activity, stats, reviews, lists } = opts;
  const api = routeTable(app, { tags: ['users'], errors, access: 'viewer' });

  api.get('/users/username/:username', {
    // Kept per viewer until the member's counts or the viewer's follow or block state move
    // (events, ADR 091); tagged with the member's id once it is known.
    config: { cache: { ttlSeconds: 60, perViewer: true } },
    summary: 'A member’s profile: public fields, counters, and isFollowing for a signed-in viewer',
    params: z.object({ username: z.string().min(1).max(60) }),
    response: profileResponseSchema,
    run: async ({ viewer, params, req }) => {
      const user = await users.profile(viewer, params.username);
      tagResponse(req, cacheTags.person(user.id));
      return { user };
    },
  });

  api.get('/users', {
    summary: 'Every member, by username',
    query: paging,
    response: personPageSchema,
    run: async ({ viewer, query }) => users.list(viewer, query.limit, query.offset),
  });
  api.get('/users/search', {
    summary: 'Members by username or display name, typo-tolerant, best match first',
    query: z.object({
      q: z.string().max(searchLimits.queryMax).default(''),
      limit,
      offset: offsetParam,
    }),
    response: personPageSchema,
    run: async ({ viewer, query }) => users.search(viewer, query.q, query.limit, query.offset),
  });

  /** What hangs off member `id`'s profile: first the profile rule, then `read`. */
  const profilePart = <Q extends z.ZodType, R extends z.ZodType>(
    part: string,
    d: {
      summary: string;
      query: Q;
      response: R;
      read: (viewer: Viewer, id: number, query: z.output<Q>) => Promise<z.output<R>>;
    },
  ) =>
    api.get(`/users/:id/${part}`, {
      summary: d.summary,
      params: idParams,
      query: d.query,
      response: d.response,
      run: async ({ viewer, params, query }) => {
        await users.requireDetails(viewer, params.id);
        return d.read(viewer, params.id, query as z.output<Q>);
      },
    });

  profilePart('watchlist', {
    summary: 'A member’s watchlist (403 when their profile is private)',
    query: z.object({
      status: z.enum(watchStatuses, { error: trackingMessages.statusInvalid }).optional(),
      sort: z.enum(watchlistSorts).default('updated'),
      limit,
      offset: offsetParam,
    }),
    response: pageSchema(watchlistItemSchema),
    read: (_viewer, id, query) => tracking.list(id, query),
  });
  profilePart('favorites', {
    summary: 'A member’s favourite shows (403 when their profile is private)',
    query: paging,
    response: pageSchema(favoriteSchema),
    read: (_viewer, id, query) => tracking.favorites(id, query.limit, query.offset),
  });
  profilePart('reviews', {
    summary:
      'A member’s reviews, newest first: public ones (their own page: all); 403 when their profile is private',
    query: paging,
    response: reviewPageSchema,
    read: (viewer, id, query) => reviews.listByUser(viewer, id, query),
  });
  profilePart('lists', {
    summary:
      'A member’s lists, last updated first: public ones (their own page: all); 403 when their profile is private',
    query: paging,
    response: pageSchema(listSummarySchema),
    read: (viewer, id, query) => lists.listByOwner(viewer, id, query),
  });
  profilePart('activity', {
    summary: 'A member’s activity, newest first (403 when private or when they block you)',
    query: paging,
    response: activityPageSchema,
    read: (viewer, id, query) => activity.byUser(viewer, id, query.limit, query.offset),
  });

  api.get('/users/me/stats', {
    access: 'signed-in',
    summary: 'Your viewing statistics, all time or one year',
    query: statsYearQuerySchema,
    response: personalStatsSchema,
    run: async ({ viewer, member, query }) => stats.forUser(viewer, member.id, query.year ?? null),
  });
  api.get('/users/:id/stats', {
    summary: 'A member’s viewing statistics (403 when their profile is private)',
    params: idParams,
    query: statsYearQuerySchema,
    response: personalStatsSchema,
    run: async ({ viewer, params, query }) =>
      stats.forUser(viewer, params.id, query.year ?? null, query.tz),
  });

  // Articles belong to the old manga site; this product has none. The path answers an honest
  // empty page (ADR 090) so old clients do not break.
  api.get('/users/:id/articles', {
    access: 'public',
    summary: 'Always empty: articles do not exist in this product',
    params: idParams,
    query: paging,
    response: pageSchema(z.never()),
    run: async ({ query }) => ({
      data: [],
      total: 0,
      limit: query.limit,
      offset: query.offset,
      hasMore: false,
    }),
  });
}

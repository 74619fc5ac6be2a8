import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { idParam, limitParam, offsetParam } from '../../lib/params';
import { cacheTags, tagResponse } from '../../platform/cache-tags';
import type { ActivityService } from '../activity/activity.service';
import type { ListsService } from '../lists/lists.service';
import type { ReviewsService } from '../reviews/reviews.service';
import type { StatsService } from '../stats/stats.service';
import type { TrackingService } from '../tracking/tracking.service';
import type { UsersService } from './users.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404);
const params = z.object({ id: idParam });
const limit = limitParam(peopleLimits.pageDefault, peopleLimits.pageMax);
const paging = z.object({ limit, offset: offsetParam });
type Req = { auth: { user: { id: number } } | null };
const viewerOf = (req: Req) => (req.auth ? { id: req.auth.user.id } : null);

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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { users, tracking, activity, stats, reviews, lists } = opts;
  const tags = ['users'];

  r.get(
    '/users/username/:username',
    {
      // Kept per viewer until the member's counts or the viewer's follow or block state move
      // (events, ADR 091); tagged with the member's id once it is known.
      config: { access: 'viewer', cache: { ttlSeconds: 60, perViewer: true } },
      schema: {
        tags,
        summary:
          'A member’s profile: public fields, counters, and isFollowing for a signed-in viewer',
        params: z.object({ username: z.string().min(1).max(60) }),
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = await users.profile(viewerOf(req), req.params.username);
      tagResponse(req, cacheTags.person(user.id));
      return { user };
    },
  );

  r.get(
    '/users',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'Every member, by username',
        querystring: paging,
        response: { 200: personPageSchema, ...errors },
      },
    },
    async (req) => users.list(viewerOf(req), req.query.limit, req.query.offset),
  );

  r.get(
    '/users/search',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'Members by username or display name, typo-tolerant, best match first',
        querystring: z.object({
          q: z.string().max(searchLimits.queryMax).default(''),
          limit,
          offset: offsetParam,
        }),
        response: { 200: personPageSchema, ...errors },
      },
    },
    async (req) => users.search(viewerOf(req), req.query.q, req.query.limit, req.query.offset),
  );

  r.get(
    '/users/:id/watchlist',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'A member’s watchlist (403 when their profile is private)',
        params,
        querystring: z.object({
          status: z.enum(watchStatuses, { error: trackingMessages.statusInvalid }).optional(),
          sort: z.enum(watchlistSorts).default('updated'),
          limit,
          offset: offsetParam,
        }),
        response: { 200: pageSchema(watchlistItemSchema), ...errors },
      },
    },
    async (req) => {
      await users.requireDetails(viewerOf(req), req.params.id);
      return tracking.list(req.params.id, req.query);
    },
  );

  r.get(
    '/users/:id/favorites',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'A member’s favourite shows (403 when their profile is private)',
        params,
        querystring: paging,
        response: { 200: pageSchema(favoriteSchema), ...errors },
      },
    },
    async (req) => {
      await users.requireDetails(viewerOf(req), req.params.id);
      return tracking.favorites(req.params.id, req.query.limit, req.query.offset);
    },
  );

  r.get(
    '/users/:id/reviews',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary:
          'A member’s reviews, newest first: public ones (their own page: all); 403 when their profile is private',
        params,
        querystring: paging,
        response: { 200: reviewPageSchema, ...errors },
      },
    },
    async (req) => {
      const viewer = viewerOf(req);
      await users.requireDetails(viewer, req.params.id);
      return reviews.listByUser(viewer, req.params.id, req.query);
    },
  );

  r.get(
    '/users/:id/lists',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary:
          'A member’s lists, last updated first: public ones (their own page: all); 403 when their profile is private',
        params,
        querystring: paging,
        response: { 200: pageSchema(listSummarySchema), ...errors },
      },
    },
    async (req) => {
      const viewer = viewerOf(req);
      await users.requireDetails(viewer, req.params.id);
      return lists.listByOwner(viewer, req.params.id, req.query);
    },
  );

  r.get(
    '/users/:id/activity',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'A member’s activity, newest first (403 when private or when they block you)',
        params,
        querystring: paging,
        response: { 200: activityPageSchema, ...errors },
      },
    },
    async (req) => {
      const viewer = viewerOf(req);
      await users.requireDetails(viewer, req.params.id);
      return activity.byUser(viewer, req.params.id, req.query.limit, req.query.offset);
    },
  );

  r.get(
    '/users/me/stats',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Your viewing statistics, all time or one year',
        querystring: statsYearQuerySchema,
        response: { 200: personalStatsSchema, ...errors },
      },
    },
    async (req) => stats.forUser(viewerOf(req), req.auth!.user.id, req.query.year ?? null),
  );

  r.get(
    '/users/:id/stats',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'A member’s viewing statistics (403 when their profile is private)',
        params,
        querystring: statsYearQuerySchema,
        response: { 200: personalStatsSchema, ...errors },
      },
    },
    async (req) =>
      stats.forUser(viewerOf(req), req.params.id, req.query.year ?? null, req.query.tz),
  );

  // Articles belong to the old manga site; this product has none. The path answers an honest
  // empty page (ADR 090) so old clients do not break.
  r.get(
    '/users/:id/articles',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Always empty: articles do not exist in this product',
        params,
        querystring: paging,
        response: { 200: pageSchema(z.never()), ...errors },
      },
    },
    async (req) => ({
      data: [],
      total: 0,
      limit: req.query.limit,
      offset: req.query.offset,
      hasMore: false,
    }),
  );
}

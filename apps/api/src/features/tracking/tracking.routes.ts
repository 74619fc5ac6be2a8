import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bulkProgressResultSchema,
  bulkProgressSchema,
  createWatchlistItemSchema,
  episodeMarkSchema,
  episodeProgressResultSchema,
  favoriteSchema,
  pageSchema,
  showProgressSchema,
  trackingMessages,
  updateWatchlistItemSchema,
  upNextEntrySchema,
  servicesFilterQuerySchema,
  toServicesFilter,
  watchlistItemSchema,
  watchlistSorts,
  watchStatuses,
} from '@series-tracker/contracts';
import { idParam, limitParam, offsetParam } from '../../lib/params';
import { ownPages } from '../../platform/cache-tags';
import type { Idempotency } from '../../platform/idempotency';
import type { TrackingService } from './tracking.service';
import { errorResponses } from '../../lib/error-responses';
import { idParams, pagingQuery } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';

const security = [{ bearerAuth: [] }];
const showParams = z.object({ showId: idParam });
const showIdBody = z.object({ showId: idParam });

export async function trackingRoutes(
  app: FastifyInstance,
  opts: { tracking: TrackingService; idempotency: Idempotency },
) {
  const { tracking } = opts;
  const api = routeTable(app, {
    tags: ['watchlist'],
    errors: errorResponses(400, 401, 404, 409),
    security,
    // Personal API tokens with write:tracking may make these changes (ADR 161). One item by
    // id is `owner`: the service asks the policy whether this user owns it (else 404).
    access: 'signed-in',
    config: { tokens: 'write:tracking' },
  });

  // Watchlist (spec: /user-content-status)
  api.get('/user-content-status', {
    summary: 'Your watchlist, paged',
    query: z.object({
      status: z.enum(watchStatuses, { error: trackingMessages.statusInvalid }).optional(),
      sort: z.enum(watchlistSorts).default('updated'),
      limit: limitParam(50, 100),
      offset: offsetParam,
      ...servicesFilterQuerySchema.shape,
    }),
    response: pageSchema(watchlistItemSchema),
    run: async ({ member, query }) =>
      tracking.list(member.id, { ...query, services: toServicesFilter(query) }),
  });
  api.get('/user-content-status/show/:showId', {
    summary: 'Your item for a show; 404 means not tracked',
    params: showParams,
    response: watchlistItemSchema,
    run: async ({ member, params }) => tracking.forShow(member.id, params.showId),
  });
  api.post('/user-content-status', {
    summary: 'Add a show to your watchlist (409 when it is already there: PUT the item instead)',
    body: createWatchlistItemSchema,
    status: 201,
    response: watchlistItemSchema,
    run: async ({ member, body }) => tracking.create(member.id, body),
  });
  api.get('/user-content-status/:id', {
    access: 'owner',
    summary: 'One of your watchlist items',
    params: idParams,
    response: watchlistItemSchema,
    run: async ({ member, params }) => tracking.get(member.id, params.id),
  });
  api.put('/user-content-status/:id', {
    access: 'owner',
    summary: 'Change status, score (1–10 or null), progress or dates',
    params: idParams,
    body: updateWatchlistItemSchema,
    response: watchlistItemSchema,
    run: async ({ member, params, body }) => tracking.update(member.id, params.id, body),
  });
  api.delete('/user-content-status/:id', {
    access: 'owner',
    summary: 'Remove a show from your watchlist (watched episodes are kept)',
    params: idParams,
    status: 204,
    run: async ({ member, params }) => tracking.remove(member.id, params.id),
  });

  // Episode progress
  const ep = ['episodes'];
  api.post('/episodes/:id/progress', {
    // The offline queue's marks carry Idempotency-Key (ADR 162).
    hooks: opts.idempotency.route,
    tags: ep,
    summary:
      'Mark an episode watched (default) or not; starts tracking the show when needed. ' +
      '`watchedAt` (the offline queue sends the instant of the tap) dates the watch; later than now is stored as now',
    params: idParams,
    body: episodeMarkSchema,
    response: episodeProgressResultSchema,
    run: async ({ member, params, body }) =>
      tracking.setEpisode(member.id, params.id, body.watched, body.watchedAt),
  });
  api.get('/episodes/show/:showId/progress', {
    tags: ep,
    summary: 'Your watched episodes of a show',
    params: showParams,
    response: showProgressSchema,
    run: async ({ member, params }) => tracking.showProgress(member.id, params.showId),
  });
  api.post('/episodes/show/:showId/progress', {
    hooks: opts.idempotency.route,
    tags: ep,
    summary: 'Mark a whole season, every episode up to and including one, or the whole show',
    params: showParams,
    body: bulkProgressSchema,
    response: bulkProgressResultSchema,
    run: async ({ member, params, body }) =>
      tracking.setShowEpisodes(member.id, params.showId, body),
  });

  // Up next
  api.get('/me/up-next', {
    // Kept a minute at most: episodes air while it is held.
    config: { cache: ownPages(60, (req) => req.auth!.user.id) },
    summary:
      'For each show you are watching, the next aired episode you have not seen; most recently active first',
    query: z.object({
      limit: limitParam(20, 100),
      offset: offsetParam,
      ...servicesFilterQuerySchema.shape,
    }),
    response: pageSchema(upNextEntrySchema),
    run: async ({ member, query }) =>
      tracking.upNext(member.id, query.limit, query.offset, toServicesFilter(query)),
  });

  // Favourites
  const fav = ['favorites'];
  api.get('/favorites', {
    tags: fav,
    summary: 'Your favourite shows, newest first',
    query: pagingQuery(20, 100),
    response: pageSchema(favoriteSchema),
    run: async ({ member, query }) => tracking.favorites(member.id, query.limit, query.offset),
  });
  api.post('/favorites', {
    tags: fav,
    summary: 'Add a favourite (409 when it already is one)',
    body: showIdBody,
    status: 201,
    response: favoriteSchema,
    run: async ({ member, body }) => tracking.addFavorite(member.id, body.showId),
  });
  api.get('/favorites/:showId', {
    tags: fav,
    summary: 'Is this show a favourite? 404 means no',
    params: showParams,
    response: favoriteSchema,
    run: async ({ member, params }) => tracking.favorite(member.id, params.showId),
  });
  api.delete('/favorites/:showId', {
    tags: fav,
    summary: 'Remove a favourite',
    params: showParams,
    status: 204,
    run: async ({ member, params }) => tracking.removeFavorite(member.id, params.showId),
  });
}

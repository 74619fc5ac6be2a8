import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

const errors = errorResponses(400, 401, 404, 409);
const security = [{ bearerAuth: [] }];

export async function trackingRoutes(
  app: FastifyInstance,
  opts: { tracking: TrackingService; idempotency: Idempotency },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tracking } = opts;
  // Personal API tokens with write:tracking may make these changes (ADR 161).
  const auth = { config: { access: 'signed-in' as const, tokens: 'write:tracking' as const } };
  // One item by id: the service asks the policy whether this user owns it (else 404).
  const owner = { config: { access: 'owner' as const, tokens: 'write:tracking' as const } };
  const me = (req: { auth: { user: { id: number } } | null }) => req.auth!.user.id;

  // Watchlist (spec: /user-content-status)
  const wl = ['watchlist'];
  r.get(
    '/user-content-status',
    {
      ...auth,
      schema: {
        tags: wl,
        security,
        summary: 'Your watchlist, paged',
        querystring: z.object({
          status: z.enum(watchStatuses, { error: trackingMessages.statusInvalid }).optional(),
          sort: z.enum(watchlistSorts).default('updated'),
          limit: limitParam(50, 100),
          offset: offsetParam,
          ...servicesFilterQuerySchema.shape,
        }),
        response: { 200: pageSchema(watchlistItemSchema), ...errors },
      },
    },
    async (req) => tracking.list(me(req), { ...req.query, services: toServicesFilter(req.query) }),
  );

  r.get(
    '/user-content-status/show/:showId',
    {
      ...auth,
      schema: {
        tags: wl,
        security,
        summary: 'Your item for a show; 404 means not tracked',
        params: z.object({ showId: idParam }),
        response: { 200: watchlistItemSchema, ...errors },
      },
    },
    async (req) => tracking.forShow(me(req), req.params.showId),
  );

  r.post(
    '/user-content-status',
    {
      ...auth,
      schema: {
        tags: wl,
        security,
        summary:
          'Add a show to your watchlist (409 when it is already there: PUT the item instead)',
        body: createWatchlistItemSchema,
        response: { 201: watchlistItemSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await tracking.create(me(req), req.body)),
  );

  r.get(
    '/user-content-status/:id',
    {
      ...owner,
      schema: {
        tags: wl,
        security,
        summary: 'One of your watchlist items',
        params: z.object({ id: idParam }),
        response: { 200: watchlistItemSchema, ...errors },
      },
    },
    async (req) => tracking.get(me(req), req.params.id),
  );

  r.put(
    '/user-content-status/:id',
    {
      ...owner,
      schema: {
        tags: wl,
        security,
        summary: 'Change status, score (1–10 or null), progress or dates',
        params: z.object({ id: idParam }),
        body: updateWatchlistItemSchema,
        response: { 200: watchlistItemSchema, ...errors },
      },
    },
    async (req) => tracking.update(me(req), req.params.id, req.body),
  );

  r.delete(
    '/user-content-status/:id',
    {
      ...owner,
      schema: {
        tags: wl,
        security,
        summary: 'Remove a show from your watchlist (watched episodes are kept)',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await tracking.remove(me(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // Episode progress
  const ep = ['episodes'];
  r.post(
    '/episodes/:id/progress',
    {
      ...auth,
      // The offline queue's marks carry Idempotency-Key (ADR 162).
      ...opts.idempotency.route,
      schema: {
        tags: ep,
        security,
        summary:
          'Mark an episode watched (default) or not; starts tracking the show when needed. ' +
          '`watchedAt` (the offline queue sends the instant of the tap) dates the watch; later than now is stored as now',
        params: z.object({ id: idParam }),
        body: episodeMarkSchema,
        response: {
          200: episodeProgressResultSchema,
          ...errors,
        },
      },
    },
    async (req) =>
      tracking.setEpisode(me(req), req.params.id, req.body.watched, req.body.watchedAt),
  );

  r.get(
    '/episodes/show/:showId/progress',
    {
      ...auth,
      schema: {
        tags: ep,
        security,
        summary: 'Your watched episodes of a show',
        params: z.object({ showId: idParam }),
        response: { 200: showProgressSchema, ...errors },
      },
    },
    async (req) => tracking.showProgress(me(req), req.params.showId),
  );

  r.post(
    '/episodes/show/:showId/progress',
    {
      ...auth,
      ...opts.idempotency.route,
      schema: {
        tags: ep,
        security,
        summary: 'Mark a whole season, every episode up to and including one, or the whole show',
        params: z.object({ showId: idParam }),
        body: bulkProgressSchema,
        response: {
          200: bulkProgressResultSchema,
          ...errors,
        },
      },
    },
    async (req) => tracking.setShowEpisodes(me(req), req.params.showId, req.body),
  );

  // Up next
  r.get(
    '/me/up-next',
    {
      // Kept a minute at most: episodes air while it is held.
      config: { ...auth.config, cache: ownPages(60, (req) => req.auth!.user.id) },
      schema: {
        tags: wl,
        security,
        summary:
          'For each show you are watching, the next aired episode you have not seen; most recently active first',
        querystring: z.object({
          limit: limitParam(20, 100),
          offset: offsetParam,
          ...servicesFilterQuerySchema.shape,
        }),
        response: { 200: pageSchema(upNextEntrySchema), ...errors },
      },
    },
    async (req) =>
      tracking.upNext(me(req), req.query.limit, req.query.offset, toServicesFilter(req.query)),
  );

  // Favourites
  const fav = ['favorites'];
  r.get(
    '/favorites',
    {
      ...auth,
      schema: {
        tags: fav,
        security,
        summary: 'Your favourite shows, newest first',
        querystring: z.object({ limit: limitParam(20, 100), offset: offsetParam }),
        response: { 200: pageSchema(favoriteSchema), ...errors },
      },
    },
    async (req) => tracking.favorites(me(req), req.query.limit, req.query.offset),
  );

  r.post(
    '/favorites',
    {
      ...auth,
      schema: {
        tags: fav,
        security,
        summary: 'Add a favourite (409 when it already is one)',
        body: z.object({ showId: idParam }),
        response: { 201: favoriteSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await tracking.addFavorite(me(req), req.body.showId)),
  );

  r.get(
    '/favorites/:showId',
    {
      ...auth,
      schema: {
        tags: fav,
        security,
        summary: 'Is this show a favourite? 404 means no',
        params: z.object({ showId: idParam }),
        response: { 200: favoriteSchema, ...errors },
      },
    },
    async (req) => tracking.favorite(me(req), req.params.showId),
  );

  r.delete(
    '/favorites/:showId',
    {
      ...auth,
      schema: {
        tags: fav,
        security,
        summary: 'Remove a favourite',
        params: z.object({ showId: idParam }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await tracking.removeFavorite(me(req), req.params.showId);
      return reply.status(204).send(null);
    },
  );
}

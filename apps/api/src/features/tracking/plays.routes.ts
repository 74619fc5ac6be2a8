import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPlaySchema,
  episodePlaysSchema,
  historyPageSchema,
  playChangeResultSchema,
  updatePlaySchema,
  watchlistItemSchema,
} from '@series-tracker/contracts';
import { idParam, limitParam, offsetParam } from '../../lib/params';
import { ownPages } from '../../platform/cache-tags';
import type { Idempotency } from '../../platform/idempotency';
import type { PlaysService } from './plays.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);
const security = [{ bearerAuth: [] }];
const params = z.object({ id: idParam });
const paging = z.object({ limit: limitParam(50, 100), offset: offsetParam });
type Req = { auth: { user: { id: number } } | null };

/** Plays, rewatches and the diary (issue 19, ADR 130). */
export async function playsRoutes(
  app: FastifyInstance,
  opts: { plays: PlaysService; idempotency: Idempotency },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { plays } = opts;
  // Personal API tokens with write:tracking may make these changes (ADR 161).
  const auth = { config: { access: 'signed-in' as const, tokens: 'write:tracking' as const } };
  // Plays by id: the service asks the policy whether the viewer owns it (else 404).
  const owner = { config: { access: 'owner' as const, tokens: 'write:tracking' as const } };
  const me = (req: Req) => req.auth!.user.id;
  const tags = ['plays'];

  r.get(
    '/episodes/:id/plays',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Your plays of an episode (every run), newest first, and your play count',
        params,
        response: { 200: episodePlaysSchema, ...errors },
      },
    },
    async (req) => plays.forEpisode(me(req), req.params.id),
  );

  r.post(
    '/episodes/:id/plays',
    {
      ...auth,
      // A retried Watch again with the same Idempotency-Key adds no second play (ADR 162).
      ...opts.idempotency.route,
      schema: {
        tags,
        security,
        summary:
          'Watch again: one more play, now or at watchedAt (an unwatched episode becomes watched)',
        params,
        body: createPlaySchema,
        response: { 201: playChangeResultSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await plays.add(me(req), req.params.id, req.body.watchedAt)),
  );

  r.patch(
    '/plays/:id',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: 'Change when one of your plays happened',
        params,
        body: updatePlaySchema,
        response: { 200: playChangeResultSchema, ...errors },
      },
    },
    async (req) => plays.setDate(me(req), req.params.id, req.body.watchedAt),
  );

  r.delete(
    '/plays/:id',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: 'Delete one of your plays; the last play of the current run unwatches the episode',
        params,
        response: { 200: playChangeResultSchema, ...errors },
      },
    },
    async (req) => plays.remove(me(req), req.params.id),
  );

  r.post(
    '/user-content-status/:id/rewatch',
    {
      ...owner,
      schema: {
        tags: ['watchlist'],
        security,
        summary:
          'Watch the show again: a new run with nothing watched, status watching; earlier plays stay (409 when nothing is watched yet)',
        params,
        response: { 200: watchlistItemSchema, ...errors },
      },
    },
    async (req) => plays.rewatch(me(req), req.params.id),
  );

  r.get(
    '/users/me/history',
    {
      config: { ...auth.config, cache: ownPages(300, (req) => req.auth!.user.id) },
      schema: {
        tags,
        security,
        summary: 'Your diary: every play, newest first, paged',
        querystring: paging,
        response: { 200: historyPageSchema, ...errors },
      },
    },
    async (req) => plays.history({ id: me(req) }, me(req), req.query.limit, req.query.offset),
  );

  r.get(
    '/users/:id/history',
    {
      config: {
        access: 'viewer',
        cache: ownPages(300, (req) => (req.params as { id: string }).id, { public: true }),
      },
      schema: {
        tags,
        summary: 'A member’s diary, newest first (403 when their profile is private to you)',
        params,
        querystring: paging,
        response: { 200: historyPageSchema, ...errors },
      },
    },
    async (req) =>
      plays.history(
        req.auth ? { id: req.auth.user.id } : null,
        req.params.id,
        req.query.limit,
        req.query.offset,
      ),
  );
}

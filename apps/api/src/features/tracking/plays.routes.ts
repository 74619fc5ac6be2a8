import type { FastifyInstance } from 'fastify';
import {
  createPlaySchema,
  episodePlaysSchema,
  historyPageSchema,
  playChangeResultSchema,
  updatePlaySchema,
  watchlistItemSchema,
} from '@series-tracker/contracts';
import { ownPages } from '../../platform/cache-tags';
import type { Idempotency } from '../../platform/idempotency';
import type { PlaysService } from './plays.service';
import { errorResponses } from '../../lib/error-responses';
import { idParams, pagingQuery } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';

const security = [{ bearerAuth: [] }];
const paging = pagingQuery(50, 100);

/** Plays, rewatches and the diary (issue 19, ADR 130). */
export async function playsRoutes(
  app: FastifyInstance,
  opts: { plays: PlaysService; idempotency: Idempotency },
) {
  const { plays } = opts;
  const api = routeTable(app, {
    tags: ['plays'],
    errors: errorResponses(400, 401, 403, 404, 409),
    security,
    // Personal API tokens with write:tracking may make these changes (ADR 161). Plays by id
    // are `owner`: the service asks the policy whether the viewer owns it (else 404).
    access: 'signed-in',
    config: { tokens: 'write:tracking' },
  });

  api.get('/episodes/:id/plays', {
    summary: 'Your plays of an episode (every run), newest first, and your play count',
    params: idParams,
    response: episodePlaysSchema,
    run: async ({ member, params }) => plays.forEpisode(member.id, params.id),
  });
  api.post('/episodes/:id/plays', {
    // A retried Watch again with the same Idempotency-Key adds no second play (ADR 162).
    hooks: opts.idempotency.route,
    summary:
      'Watch again: one more play, now or at watchedAt (an unwatched episode becomes watched)',
    params: idParams,
    body: createPlaySchema,
    status: 201,
    response: playChangeResultSchema,
    run: async ({ member, params, body }) => plays.add(member.id, params.id, body.watchedAt),
  });
  api.patch('/plays/:id', {
    access: 'owner',
    summary: 'Change when one of your plays happened',
    params: idParams,
    body: updatePlaySchema,
    response: playChangeResultSchema,
    run: async ({ member, params, body }) => plays.setDate(member.id, params.id, body.watchedAt),
  });
  api.delete('/plays/:id', {
    access: 'owner',
    summary: 'Delete one of your plays; the last play of the current run unwatches the episode',
    params: idParams,
    response: playChangeResultSchema,
    run: async ({ member, params }) => plays.remove(member.id, params.id),
  });
  api.post('/user-content-status/:id/rewatch', {
    access: 'owner',
    tags: ['watchlist'],
    summary:
      'Watch the show again: a new run with nothing watched, status watching; earlier plays stay (409 when nothing is watched yet)',
    params: idParams,
    response: watchlistItemSchema,
    run: async ({ member, params }) => plays.rewatch(member.id, params.id),
  });

  api.get('/users/me/history', {
    config: { cache: ownPages(300, (req) => req.auth!.user.id) },
    summary: 'Your diary: every play, newest first, paged',
    query: paging,
    response: historyPageSchema,
    run: async ({ member, query }) => plays.history(member, member.id, query.limit, query.offset),
  });
  api.get('/users/:id/history', {
    access: 'viewer',
    config: {
      tokens: undefined,
      cache: ownPages(300, (req) => (req.params as { id: string }).id, { public: true }),
    },
    security: undefined,
    summary: 'A member’s diary, newest first (403 when their profile is private to you)',
    params: idParams,
    query: paging,
    response: historyPageSchema,
    run: async ({ viewer, params, query }) =>
      plays.history(viewer, params.id, query.limit, query.offset),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorCodes,
  traktCheckinAnswerSchema,
  traktCheckinBodySchema,
  traktCheckinConflictSchema,
  traktMessages,
  traktPlaybackQuerySchema,
  traktPlaybackSchema,
  traktScrobbleAnswerSchema,
  traktScrobbleBodySchema,
  traktScrobbleConflictSchema,
} from '@series-tracker/contracts';
import { idParam } from '../../lib/params';
import type { TraktScrobbleService } from './trakt-scrobble.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 422, 429);
type Req = { auth: { user: { id: number } } | null };
const me = (req: Req) => req.auth!.user.id;

/**
 * Trakt's scrobble, checkin and playback calls under /trakt (ADR 172). Writes are signed-in
 * routes a Trakt app's token may make (`write:tracking`); the access plugin refuses a
 * suspended member's before anything is read (assertMayWrite).
 */
export async function traktScrobbleRoutes(
  app: FastifyInstance,
  opts: { scrobble: TraktScrobbleService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { scrobble } = opts;
  const write = { config: { access: 'signed-in' as const, tokens: 'write:tracking' as const } };
  const read = { config: { access: 'signed-in' as const } };

  for (const action of ['start', 'pause', 'stop'] as const) {
    r.post(
      `/scrobble/${action}`,
      {
        ...write,
        schema: {
          summary:
            action === 'start'
              ? 'Scrobble: started or resumed playing an episode'
              : action === 'pause'
                ? 'Scrobble: paused (the position is kept as playback progress)'
                : 'Scrobble: stopped; at 80 % or more the play is recorded, below it is a pause',
          body: traktScrobbleBodySchema,
          response: { 201: traktScrobbleAnswerSchema, 409: traktScrobbleConflictSchema, ...errors },
        },
      },
      async (req, reply) => {
        const out = await scrobble.scrobble(me(req), action, req.body);
        if ('conflict' in out)
          return reply.status(409).send({
            ...out.conflict,
            error: traktMessages.alreadyScrobbled,
            code: errorCodes.conflict,
          });
        return reply.status(201).send(out.answer);
      },
    );
  }

  r.post(
    '/checkin',
    {
      ...write,
      schema: {
        summary: 'Check into an episode: the play is recorded, the checkin lasts its runtime',
        body: traktCheckinBodySchema,
        response: { 201: traktCheckinAnswerSchema, 409: traktCheckinConflictSchema, ...errors },
      },
    },
    async (req, reply) => {
      const out = await scrobble.checkin(me(req), req.body);
      if ('conflict' in out)
        return reply.status(409).send({
          ...out.conflict,
          error: traktMessages.checkinRunning,
          code: errorCodes.conflict,
        });
      return reply.status(201).send(out.answer);
    },
  );

  r.delete(
    '/checkin',
    {
      ...write,
      schema: {
        summary: 'Cancel the running checkin (its play is taken back)',
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await scrobble.cancelCheckin(me(req));
      return reply.status(204).send(null);
    },
  );

  const playbackResponse = { 200: z.array(traktPlaybackSchema), ...errors };
  r.get(
    '/sync/playback',
    {
      ...read,
      schema: {
        summary: 'Playback progress: paused episodes to resume, most recent first',
        querystring: traktPlaybackQuerySchema,
        response: playbackResponse,
      },
    },
    async (req) => scrobble.playbackList(me(req), req.query),
  );

  r.get(
    '/sync/playback/:type',
    {
      ...read,
      schema: {
        summary: 'Playback progress of movies (none here) or episodes',
        params: z.object({ type: z.enum(['movies', 'episodes']) }),
        querystring: traktPlaybackQuerySchema,
        response: playbackResponse,
      },
    },
    async (req) => scrobble.playbackList(me(req), { ...req.query, type: req.params.type }),
  );

  r.delete(
    '/sync/playback/:id',
    {
      ...write,
      schema: {
        summary: 'Remove a playback progress (someone else’s or an unknown id: 404)',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await scrobble.removePlayback(me(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
}

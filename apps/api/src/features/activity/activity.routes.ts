import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  feedPageSchema,
  feedScopes,
  peopleLimits,
} from '@series-tracker/contracts';
import { limitParam, offsetParam } from '../../lib/params';
import type { ActivityService } from './activity.service';

/** GET /activity/feed: the home feed. (A member's own activity: /users/{id}/activity.) */
export async function activityRoutes(app: FastifyInstance, opts: { activity: ActivityService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/activity/feed',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['activity'],
        summary:
          'Activity of the people you follow, newest first; signed out (or scope=community): every member’s public activity',
        querystring: z.object({
          scope: z.enum(feedScopes).default('following'),
          limit: limitParam(peopleLimits.pageDefault, peopleLimits.pageMax),
          offset: offsetParam,
        }),
        response: { 200: feedPageSchema, 400: apiErrorSchema },
      },
    },
    async (req) =>
      opts.activity.feed(
        req.auth ? { id: req.auth.user.id } : null,
        req.query.scope,
        req.query.limit,
        req.query.offset,
      ),
  );
}

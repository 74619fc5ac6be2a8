import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dismissRecommendationSchema,
  recommendationLimits,
  recommendationPageSchema,
} from '@series-tracker/contracts';
import { limitParam, offsetParam } from '../../lib/params';
import type { RecommendationsService } from './recommendations.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 404);
type Req = { auth: { user: { id: number } } | null };
const viewer = (req: Req) => ({ id: req.auth!.user.id });

/** "Recommendations for you" (ADR 183): a member's stored picks and "Not interested". */
export async function recommendationsRoutes(
  app: FastifyInstance,
  opts: { recommendations: RecommendationsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { recommendations } = opts;
  const tags = ['recommendations'];

  r.get(
    '/users/me/recommendations',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Your picks, best first, each with the tracked show that brought it; never a show you track or dismissed',
        querystring: z.object({
          limit: limitParam(recommendationLimits.pageDefault, recommendationLimits.pageMax),
          offset: offsetParam,
        }),
        response: { 200: recommendationPageSchema, ...errors },
      },
    },
    async (req) => recommendations.list(viewer(req), req.query.limit, req.query.offset),
  );
  r.post(
    '/users/me/recommendations/dismissals',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: '"Not interested": never suggest this show to you again',
        body: dismissRecommendationSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await recommendations.dismiss(viewer(req), req.body.showId);
      return reply.status(204).send(null);
    },
  );
  r.delete(
    '/users/me/recommendations/dismissals/:showId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Undo "Not interested"',
        params: dismissRecommendationSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await recommendations.undismiss(viewer(req), req.params.showId);
      return reply.status(204).send(null);
    },
  );
}

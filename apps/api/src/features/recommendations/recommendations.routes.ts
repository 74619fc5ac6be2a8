import type { FastifyInstance } from 'fastify';
import {
  dismissRecommendationSchema,
  recommendationLimits,
  recommendationPageSchema,
} from '@series-tracker/contracts';
import { errorResponses } from '../../lib/error-responses';
import { pagingQuery } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import type { RecommendationsService } from './recommendations.service';

/** "Recommendations for you" (ADR 183): a member's stored picks and "Not interested". */
export async function recommendationsRoutes(
  app: FastifyInstance,
  opts: { recommendations: RecommendationsService },
) {
  const { recommendations } = opts;
  const api = routeTable(app, {
    tags: ['recommendations'],
    errors: errorResponses(400, 401, 404),
    access: 'signed-in',
  });

  api.get('/users/me/recommendations', {
    summary:
      'Your picks, best first, each with the tracked show that brought it; never a show you track or dismissed',
    query: pagingQuery(recommendationLimits.pageDefault, recommendationLimits.pageMax),
    response: recommendationPageSchema,
    run: async ({ member, query }) => recommendations.list(member, query.limit, query.offset),
  });
  api.post('/users/me/recommendations/dismissals', {
    summary: '"Not interested": never suggest this show to you again',
    body: dismissRecommendationSchema,
    status: 204,
    run: async ({ member, body }) => recommendations.dismiss(member, body.showId),
  });
  api.delete('/users/me/recommendations/dismissals/:showId', {
    summary: 'Undo "Not interested"',
    params: dismissRecommendationSchema,
    status: 204,
    run: async ({ member, params }) => recommendations.undismiss(member, params.showId),
  });
}

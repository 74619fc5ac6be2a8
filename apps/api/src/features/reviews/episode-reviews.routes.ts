import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createEpisodeReviewSchema,
  episodeReviewPageSchema,
  episodeReviewSchema,
  updateEpisodeReviewSchema,
} from '@series-tracker/contracts';
import { memberErrors, idParams, ownedRoutes, pagingQuery } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import type { EpisodeReviewsService } from './episode-reviews.service';

/** Episode reviews (issue 9). */
export function episodeReviewsRoutes(
  app: FastifyInstance,
  episodeReviews: EpisodeReviewsService,
  /** The member's episode review budget per hour (ADR 070). */
  budget: (req: FastifyRequest) => Promise<void>,
) {
  const tags = ['episodes'];
  const api = routeTable(app, { tags, errors: memberErrors, access: 'signed-in' });
  api.get('/episodes/:id/reviews', {
    access: 'viewer',
    summary: "An episode's reviews, newest first",
    params: idParams,
    query: pagingQuery(10, 50),
    response: episodeReviewPageSchema,
    run: async ({ viewer, params, query }) =>
      episodeReviews.episodeReviews(viewer, params.id, query.limit, query.offset),
  });
  api.post('/episode-reviews', {
    summary:
      'Review an episode (one per episode: 409 with details.episodeReviewId when you already did)',
    body: createEpisodeReviewSchema,
    status: 201,
    response: episodeReviewSchema,
    run: async ({ member, body, req }) => {
      await budget(req);
      return episodeReviews.createEpisodeReview(member, body);
    },
  });
  ownedRoutes(app, {
    url: '/episode-reviews/:id',
    tags,
    update: {
      summary: 'Change your episode review',
      body: updateEpisodeReviewSchema,
      response: episodeReviewSchema,
      run: (member, id, change) => episodeReviews.updateEpisodeReview(member, id, change),
    },
    remove: {
      summary: 'Delete your episode review',
      run: (member, id) => episodeReviews.removeEpisodeReview(member, id),
    },
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createEpisodeReviewSchema,
  episodeReviewPageSchema,
  episodeReviewSchema,
  updateEpisodeReviewSchema,
} from '@series-tracker/contracts';
import {
  memberErrors,
  idParams,
  memberOf,
  ownedRoutes,
  pagingQuery,
  viewerOf,
} from '../../lib/route-kit';
import type { EpisodeReviewsService } from './episode-reviews.service';

/** Episode reviews (issue 9). */
export function episodeReviewsRoutes(
  app: FastifyInstance,
  episodeReviews: EpisodeReviewsService,
  /** The member's episode review budget per hour (ADR 070). */
  budget: (req: FastifyRequest) => Promise<void>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['episodes'];
  r.get(
    '/episodes/:id/reviews',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: "An episode's reviews, newest first",
        params: idParams,
        querystring: pagingQuery(10, 50),
        response: { 200: episodeReviewPageSchema, ...memberErrors },
      },
    },
    async (req) =>
      episodeReviews.episodeReviews(
        viewerOf(req),
        req.params.id,
        req.query.limit,
        req.query.offset,
      ),
  );
  r.post(
    '/episode-reviews',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Review an episode (one per episode: 409 with details.episodeReviewId when you already did)',
        body: createEpisodeReviewSchema,
        response: { 201: episodeReviewSchema, ...memberErrors },
      },
    },
    async (req, reply) => {
      await budget(req);
      return reply
        .status(201)
        .send(await episodeReviews.createEpisodeReview(memberOf(req), req.body));
    },
  );
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

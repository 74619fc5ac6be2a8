import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createReviewSchema,
  reviewListQuerySchema,
  reviewMessages,
  reviewPageSchema,
  reviewSchema,
  reviewSearchPageSchema,
  updateReviewSchema,
} from '@series-tracker/contracts';
import type { AppConfig } from '../../config';
import { idParam } from '../../lib/params';
import {
  memberErrors,
  idParams,
  memberOf,
  ownedRoutes,
  pagingQuery,
  viewerOf,
} from '../../lib/route-kit';
import { memberWriteBudget } from '../../platform/write-budget';
import { cacheTags } from '../../platform/cache-tags';
import { commentsRoutes } from './comments.routes';
import type { CommentsService } from './comments.service';
import { episodeReviewsRoutes } from './episode-reviews.routes';
import type { EpisodeReviewsService } from './episode-reviews.service';
import { likesRoutes } from './likes.routes';
import type { LikesService } from './likes.service';
import type { ReviewsService } from './reviews.service';

/** Writes per member per hour unless the config says otherwise (ADR 070). */
export const defaultWriteLimits = { reviews: 10, comments: 60, likes: 300, episodeReviews: 30 };

const paging = pagingQuery(10, 50);
const q = z.string().max(10_000).default('');

export interface ReviewsRoutesOptions {
  reviews: ReviewsService;
  comments: CommentsService;
  episodeReviews: EpisodeReviewsService;
  likes: LikesService;
  config: AppConfig;
}

/** Reviews, and beside them comments, episode reviews and likes (issue 9). */
export async function reviewsRoutes(app: FastifyInstance, opts: ReviewsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reviews } = opts;
  const limits = { ...defaultWriteLimits, ...opts.config.writeLimits };
  const viewer = { config: { access: 'viewer' as const } };
  /**
   * Community listings and review pages: what anonymous visitors get is one answer for all of
   * them, kept until a review, like or comment changes (ADR 070); signed-in viewers (their
   * likes, their private reviews) always get a fresh answer.
   */
  const viewerCached = {
    config: {
      access: 'viewer' as const,
      cache: { ttlSeconds: 60, anonymousOnly: true, tags: () => [cacheTags.reviews] },
    },
  };
  const auth = { config: { access: 'signed-in' as const } };

  /** A member's budget of one kind of write per hour (ADR 070; platform/write-budget.ts). */
  const budget = (kind: keyof typeof defaultWriteLimits, message: string) =>
    memberWriteBudget(app, {
      name: kind,
      max: limits[kind],
      timeWindow: '1 hour',
      message: () => message,
    });
  const reviewBudget = budget('reviews', reviewMessages.tooManyReviews);
  const commentBudget = budget('comments', reviewMessages.tooManyComments);
  const likeBudget = budget('likes', reviewMessages.tooManyLikes);
  const episodeReviewBudget = budget('episodeReviews', reviewMessages.tooManyReviews);

  const tags = ['reviews'];
  const id = idParams;

  // --- feeds ---
  r.get(
    '/reviews',
    {
      ...viewerCached,
      schema: {
        tags,
        summary:
          'Community reviews (public only): filter latest | top_rated (8+) | most_liked (1+ like); sort created_at | rating | likes_count',
        querystring: reviewListQuerySchema,
        response: { 200: reviewPageSchema, ...memberErrors },
      },
    },
    async (req) => reviews.feed(viewerOf(req), req.query),
  );
  for (const [path, summary, fn] of [
    ['/reviews/recent', 'Newest public reviews', reviews.recent],
    ['/reviews/popular', 'Most liked public reviews (at least one like)', reviews.popular],
    [
      '/reviews/featured',
      'Most liked public reviews of the last 30 days (at least one like)',
      reviews.featured,
    ],
  ] as const) {
    r.get(
      path,
      {
        ...viewerCached,
        schema: {
          tags,
          summary,
          querystring: paging,
          response: { 200: reviewPageSchema, ...memberErrors },
        },
      },
      async (req) => fn(viewerOf(req), req.query.limit, req.query.offset),
    );
  }

  // Public reviews only, the same for everyone: shared cache, dropped on review changes.
  for (const path of ['/reviews/search', '/search/reviews']) {
    r.get(
      path,
      {
        config: { access: 'public', cache: { ttlSeconds: 60, tags: () => [cacheTags.reviews] } },
        schema: {
          tags: path.startsWith('/search') ? ['search'] : tags,
          summary: 'Public reviews whose title or content contains every word; best match first',
          querystring: paging.extend({ q }),
          response: { 200: reviewSearchPageSchema, 400: apiErrorSchema },
        },
      },
      async (req) => reviews.search(req.query.q, req.query.limit, req.query.offset),
    );
  }

  r.get(
    '/reviews/me',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Your reviews, private ones included',
        querystring: reviewListQuerySchema,
        response: { 200: reviewPageSchema, ...memberErrors },
      },
    },
    async (req) => reviews.mine(memberOf(req), req.query),
  );

  // --- one review ---
  r.get(
    '/reviews/:id',
    {
      ...viewerCached,
      schema: {
        tags,
        summary: 'One review (404 when private and not yours)',
        params: id,
        response: { 200: reviewSchema, ...memberErrors },
      },
    },
    async (req) => reviews.get(viewerOf(req), req.params.id),
  );

  r.post(
    '/reviews',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Write a review (one per show: 409 with details.reviewId when you already did; PUT it instead)',
        body: createReviewSchema,
        response: { 201: reviewSchema, ...memberErrors },
      },
    },
    async (req, reply) => {
      await reviewBudget(req);
      return reply.status(201).send(await reviews.create(memberOf(req), req.body));
    },
  );

  ownedRoutes(app, {
    url: '/reviews/:id',
    tags,
    update: {
      summary: 'Change your review: the whole draft or any of its fields',
      body: updateReviewSchema,
      response: reviewSchema,
      run: (member, id, change) => reviews.update(member, id, change),
    },
    remove: {
      summary: 'Delete your review with its comments and likes',
      run: (member, id) => reviews.remove(member, id),
    },
  });

  // --- a show's reviews ---
  r.get(
    '/shows/:id/reviews',
    {
      ...viewerCached,
      schema: {
        tags,
        summary: "A show's public reviews (same filters and sorts as /reviews)",
        params: id,
        querystring: reviewListQuerySchema,
        response: { 200: reviewPageSchema, ...memberErrors },
      },
    },
    async (req) => reviews.forShow(viewerOf(req), req.params.id, req.query),
  );
  r.get(
    '/shows/:id/reviews/me',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Your review of this show; 404 when you have none',
        params: id,
        response: { 200: reviewSchema, ...memberErrors },
      },
    },
    async (req) => reviews.byUserForShow(memberOf(req), req.auth!.user.id, req.params.id),
  );
  r.get(
    '/shows/:id/reviews/user/:userId',
    {
      ...viewer,
      schema: {
        tags,
        summary: "A member's review of this show, when you may see it; 404 otherwise",
        params: z.object({ id: idParam, userId: idParam }),
        response: { 200: reviewSchema, ...memberErrors },
      },
    },
    async (req) => reviews.byUserForShow(viewerOf(req), req.params.userId, req.params.id),
  );

  commentsRoutes(app, opts.comments, commentBudget);
  episodeReviewsRoutes(app, opts.episodeReviews, episodeReviewBudget);
  likesRoutes(app, opts.likes, likeBudget);
}

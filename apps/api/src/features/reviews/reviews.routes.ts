import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
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
import { errorResponses } from '../../lib/error-responses';
import { memberErrors, idParams, ownedRoutes, pagingQuery } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import { memberWriteBudget } from '../../platform/write-budget';
import { cacheTags } from '../../platform/cache-tags';
import { commentsRoutes } from './comments.routes';
import type { CommentsService } from './comments.service';
import { episodeReviewsRoutes } from './episode-reviews.routes';
import type { EpisodeReviewsService } from './episode-reviews.service';
import { likesRoutes } from './likes.routes';
import type { LikesService } from './likes.service';
import type { ReviewsService } from './reviews.service';
import type { Text } from '../../lib/i18n/text';

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
  const { reviews } = opts;
  const limits = { ...defaultWriteLimits, ...opts.config.writeLimits };
  /**
   * Community listings and review pages: what anonymous visitors get is one answer for all of
   * them, kept until a review, like or comment changes (ADR 070); signed-in viewers (their
   * likes, their private reviews) always get a fresh answer.
   */
  const viewerCached = {
    access: 'viewer',
    config: { cache: { ttlSeconds: 60, anonymousOnly: true, tags: () => [cacheTags.reviews] } },
  } as const;

  /** A member's budget of one kind of write per hour (ADR 070; platform/write-budget.ts). */
  const budget = (kind: keyof typeof defaultWriteLimits, message: Text) =>
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
  const api = routeTable(app, { tags, errors: memberErrors, access: 'signed-in' });

  // --- feeds ---
  api.get('/reviews', {
    ...viewerCached,
    summary:
      'Community reviews (public only): filter latest | top_rated (8+) | most_liked (1+ like); sort created_at | rating | likes_count',
    query: reviewListQuerySchema,
    response: reviewPageSchema,
    run: async ({ viewer, query }) => reviews.feed(viewer, query),
  });
  for (const [path, summary, fn] of [
    ['/reviews/recent', 'Newest public reviews', reviews.recent],
    ['/reviews/popular', 'Most liked public reviews (at least one like)', reviews.popular],
    [
      '/reviews/featured',
      'Most liked public reviews of the last 30 days (at least one like)',
      reviews.featured,
    ],
  ] as const) {
    api.get(path, {
      ...viewerCached,
      summary,
      query: paging,
      response: reviewPageSchema,
      run: async ({ viewer, query }) => fn(viewer, query.limit, query.offset),
    });
  }

  // Public reviews only, the same for everyone: shared cache, dropped on review changes.
  for (const path of ['/reviews/search', '/search/reviews']) {
    api.get(path, {
      access: 'public',
      config: { cache: { ttlSeconds: 60, tags: () => [cacheTags.reviews] } },
      tags: path.startsWith('/search') ? ['search'] : tags,
      summary: 'Public reviews whose title or content contains every word; best match first',
      query: paging.extend({ q }),
      response: reviewSearchPageSchema,
      errors: errorResponses(400),
      run: async ({ query }) => reviews.search(query.q, query.limit, query.offset),
    });
  }

  api.get('/reviews/me', {
    summary: 'Your reviews, private ones included',
    query: reviewListQuerySchema,
    response: reviewPageSchema,
    run: async ({ member, query }) => reviews.mine(member, query),
  });

  // --- one review ---
  api.get('/reviews/:id', {
    ...viewerCached,
    summary: 'One review (404 when private and not yours)',
    params: idParams,
    response: reviewSchema,
    run: async ({ viewer, params }) => reviews.get(viewer, params.id),
  });
  api.post('/reviews', {
    summary:
      'Write a review (one per show: 409 with details.reviewId when you already did; PUT it instead)',
    body: createReviewSchema,
    status: 201,
    response: reviewSchema,
    run: async ({ member, body, req }) => {
      await reviewBudget(req);
      return reviews.create(member, body);
    },
  });
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
  api.get('/shows/:id/reviews', {
    ...viewerCached,
    summary: "A show's public reviews (same filters and sorts as /reviews)",
    params: idParams,
    query: reviewListQuerySchema,
    response: reviewPageSchema,
    run: async ({ viewer, params, query }) => reviews.forShow(viewer, params.id, query),
  });
  api.get('/shows/:id/reviews/me', {
    summary: 'Your review of this show; 404 when you have none',
    params: idParams,
    response: reviewSchema,
    run: async ({ member, params }) => reviews.byUserForShow(member, member.id, params.id),
  });
  api.get('/shows/:id/reviews/user/:userId', {
    access: 'viewer',
    summary: "A member's review of this show, when you may see it; 404 otherwise",
    params: z.object({ id: idParam, userId: idParam }),
    response: reviewSchema,
    run: async ({ viewer, params }) => reviews.byUserForShow(viewer, params.userId, params.id),
  });

  commentsRoutes(app, opts.comments, commentBudget);
  episodeReviewsRoutes(app, opts.episodeReviews, episodeReviewBudget);
  likesRoutes(app, opts.likes, likeBudget);
}

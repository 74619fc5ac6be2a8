import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  commentPageSchema,
  commentSchema,
  createCommentSchema,
  createEpisodeReviewSchema,
  createReviewSchema,
  episodeReviewPageSchema,
  episodeReviewSchema,
  likeResultSchema,
  likerPageSchema,
  likeStatusSchema,
  pageSchema,
  reviewListQuerySchema,
  reviewMessages,
  reviewPageSchema,
  reviewSchema,
  reviewSearchPageSchema,
  updateCommentSchema,
  updateEpisodeReviewSchema,
  updateReviewSchema,
} from '@series-tracker/contracts';
import type { AppConfig } from '../../config';
import { idParam, limitParam, offsetParam } from '../../lib/params';
import { memberWriteBudget } from '../../platform/write-budget';
import { cacheTags } from '../../platform/cache-tags';
import type { ReviewsService } from './reviews.service';

/** Writes per member per hour unless the config says otherwise (ADR 070). */
export const defaultWriteLimits = { reviews: 10, comments: 60, likes: 300, episodeReviews: 30 };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const paging = z.object({ limit: limitParam(10, 50), offset: offsetParam });
const q = z.string().max(10_000).default('');

export async function reviewsRoutes(
  app: FastifyInstance,
  opts: { reviews: ReviewsService; config: AppConfig },
) {
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
  const owner = { config: { access: 'owner' as const } };
  const me = (req: FastifyRequest) => ({ id: req.auth!.user.id });
  const who = (req: FastifyRequest) => (req.auth ? { id: req.auth.user.id } : null);

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
  const id = z.object({ id: idParam });

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
        response: { 200: reviewPageSchema, ...errors },
      },
    },
    async (req) => reviews.feed(who(req), req.query),
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
          response: { 200: reviewPageSchema, ...errors },
        },
      },
      async (req) => fn(who(req), req.query.limit, req.query.offset),
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
        response: { 200: reviewPageSchema, ...errors },
      },
    },
    async (req) => reviews.mine(me(req), req.query),
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
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (req) => reviews.get(who(req), req.params.id),
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
        response: { 201: reviewSchema, ...errors },
      },
    },
    async (req, reply) => {
      await reviewBudget(req);
      return reply.status(201).send(await reviews.create(me(req), req.body));
    },
  );

  r.put(
    '/reviews/:id',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Change your review: the whole draft or any of its fields',
        params: id,
        body: updateReviewSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (req) => reviews.update(me(req), req.params.id, req.body),
  );

  r.delete(
    '/reviews/:id',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Delete your review with its comments and likes',
        params: id,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await reviews.remove(me(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // --- likes (reviews, comments, episode reviews) ---
  for (const [base, target] of [
    ['/reviews/:id', 'review'],
    ['/comments/:id', 'comment'],
    ['/episode-reviews/:id', 'episode-review'],
  ] as const) {
    const setLike = {
      review: reviews.likeReview,
      comment: reviews.likeComment,
      'episode-review': reviews.likeEpisodeReview,
    }[target];
    const t = target === 'comment' ? ['comments'] : target === 'review' ? tags : ['episodes'];
    for (const [method, liked] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      r.route({
        method,
        url: `${base}/like`,
        ...auth,
        schema: {
          tags: t,
          summary: liked
            ? `Like this ${target} (idempotent; not your own)`
            : `Take back your like (idempotent)`,
          params: id,
          response: { 200: likeResultSchema, ...errors },
        },
        handler: async (req) => {
          await likeBudget(req);
          return setLike(me(req), (req.params as { id: number }).id, liked);
        },
      });
    }
    const status = {
      review: reviews.reviewLikeStatus,
      comment: reviews.commentLikeStatus,
      'episode-review': reviews.episodeReviewLikeStatus,
    }[target];
    r.get(
      `${base}/like/check`,
      {
        ...auth,
        schema: {
          tags: t,
          summary: `Whether you like this ${target}`,
          params: id,
          response: { 200: likeStatusSchema, ...errors },
        },
      },
      async (req) => status(me(req), req.params.id),
    );
  }
  r.get(
    '/reviews/:id/likes',
    {
      ...viewer,
      schema: {
        tags,
        summary: 'Who likes this review, newest first',
        params: id,
        querystring: paging,
        response: { 200: likerPageSchema, ...errors },
      },
    },
    async (req) => reviews.reviewLikers(who(req), req.params.id, req.query.limit, req.query.offset),
  );
  r.get(
    '/comments/:id/likes',
    {
      ...viewer,
      schema: {
        tags: ['comments'],
        summary: 'Who likes this comment, newest first',
        params: id,
        querystring: paging,
        response: { 200: likerPageSchema, ...errors },
      },
    },
    async (req) =>
      reviews.commentLikers(who(req), req.params.id, req.query.limit, req.query.offset),
  );

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
        response: { 200: reviewPageSchema, ...errors },
      },
    },
    async (req) => reviews.forShow(who(req), req.params.id, req.query),
  );
  r.get(
    '/shows/:id/reviews/me',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Your review of this show; 404 when you have none',
        params: id,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (req) => reviews.byUserForShow(me(req), req.auth!.user.id, req.params.id),
  );
  r.get(
    '/shows/:id/reviews/user/:userId',
    {
      ...viewer,
      schema: {
        tags,
        summary: "A member's review of this show, when you may see it; 404 otherwise",
        params: z.object({ id: idParam, userId: idParam }),
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (req) => reviews.byUserForShow(who(req), req.params.userId, req.params.id),
  );

  // --- comments ---
  const ct = ['comments'];
  r.get(
    '/reviews/:id/comments',
    {
      ...viewer,
      schema: {
        tags: ct,
        summary: 'Comments on a review, newest first, each with its replies (oldest first)',
        params: id,
        querystring: z.object({ limit: limitParam(20, 100), offset: offsetParam }),
        response: { 200: commentPageSchema, ...errors },
      },
    },
    async (req) => reviews.comments(who(req), req.params.id, req.query.limit, req.query.offset),
  );
  r.post(
    '/reviews/:id/comments',
    {
      ...auth,
      schema: {
        tags: ct,
        summary: 'Comment on a review, or reply to a comment (parentId; one level of replies)',
        params: id,
        body: createCommentSchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (req, reply) => {
      await commentBudget(req);
      return reply.status(201).send(await reviews.addComment(me(req), req.params.id, req.body));
    },
  );
  r.get(
    '/comments/:id',
    {
      ...viewer,
      schema: {
        tags: ct,
        summary: 'One comment with its replies',
        params: id,
        response: { 200: commentSchema, ...errors },
      },
    },
    async (req) => reviews.comment(who(req), req.params.id),
  );
  r.get(
    '/comments/:id/replies',
    {
      ...viewer,
      schema: {
        tags: ct,
        summary: 'Replies to a comment, oldest first',
        params: id,
        querystring: z.object({ limit: limitParam(50, 100), offset: offsetParam }),
        response: { 200: pageSchema(commentSchema.omit({ replies: true })), ...errors },
      },
    },
    async (req) => reviews.replies(who(req), req.params.id, req.query.limit, req.query.offset),
  );
  r.put(
    '/comments/:id',
    {
      ...owner,
      schema: {
        tags: ct,
        summary: 'Change your comment',
        params: id,
        body: updateCommentSchema,
        response: { 200: commentSchema, ...errors },
      },
    },
    async (req) => reviews.editComment(me(req), req.params.id, req.body.content),
  );
  r.delete(
    '/comments/:id',
    {
      ...owner,
      schema: {
        tags: ct,
        summary:
          "Delete a comment (yours, or any on your review); one with replies stays as '[deleted]'",
        params: id,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await reviews.removeComment(me(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // --- episode reviews ---
  const et = ['episodes'];
  r.get(
    '/episodes/:id/reviews',
    {
      ...viewer,
      schema: {
        tags: et,
        summary: "An episode's reviews, newest first",
        params: id,
        querystring: paging,
        response: { 200: episodeReviewPageSchema, ...errors },
      },
    },
    async (req) =>
      reviews.episodeReviews(who(req), req.params.id, req.query.limit, req.query.offset),
  );
  r.post(
    '/episode-reviews',
    {
      ...auth,
      schema: {
        tags: et,
        summary:
          'Review an episode (one per episode: 409 with details.episodeReviewId when you already did)',
        body: createEpisodeReviewSchema,
        response: { 201: episodeReviewSchema, ...errors },
      },
    },
    async (req, reply) => {
      await episodeReviewBudget(req);
      return reply.status(201).send(await reviews.createEpisodeReview(me(req), req.body));
    },
  );
  r.put(
    '/episode-reviews/:id',
    {
      ...owner,
      schema: {
        tags: et,
        summary: 'Change your episode review',
        params: id,
        body: updateEpisodeReviewSchema,
        response: { 200: episodeReviewSchema, ...errors },
      },
    },
    async (req) => reviews.updateEpisodeReview(me(req), req.params.id, req.body),
  );
  r.delete(
    '/episode-reviews/:id',
    {
      ...owner,
      schema: {
        tags: et,
        summary: 'Delete your episode review',
        params: id,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await reviews.removeEpisodeReview(me(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
}

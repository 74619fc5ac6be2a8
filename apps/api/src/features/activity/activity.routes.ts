import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  feedPageSchema,
  feedScopes,
  peopleLimits,
  reviewListQuerySchema,
  reviewPageSchema,
} from '@series-tracker/contracts';
import { limitParam, offsetParam } from '../../lib/params';
import { cacheTags } from '../../platform/cache-tags';
import type { ReviewsService } from '../reviews/reviews.service';
import type { ActivityService } from './activity.service';

/** GET /activity/feed: the home feed. (A member's own activity: /users/{id}/activity.) */
export async function activityRoutes(
  app: FastifyInstance,
  opts: { activity: ActivityService; reviews: ReviewsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Reviews by the people the viewer follows (spec §7 Reviews /feed): the reviews feature's
  // listing with a follows condition, one query.
  r.get(
    '/reviews/feed',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reviews'],
        summary:
          'Public reviews by the members you follow (same filters and sorts as GET /reviews)',
        querystring: reviewListQuerySchema,
        response: { 200: reviewPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (req) => opts.reviews.followingFeed({ id: req.auth!.user.id }, req.query),
  );
  r.get(
    '/activity/feed',
    {
      config: {
        access: 'viewer',
        // Each viewer's feed, kept until an event changes it (ADR 091): a member's activity
        // drops their followers' feeds; follows, blocks, profile and catalogue edits too.
        cache: {
          ttlSeconds: 60,
          perViewer: true,
          tags: (req) => {
            const community = !req.auth || (req.query as { scope?: string }).scope === 'community';
            return [
              cacheTags.feeds,
              community ? cacheTags.communityFeed : cacheTags.feed(req.auth!.user.id),
            ];
          },
        },
      },
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockPageSchema,
  blockStatusSchema,
  followStatsSchema,
  followStatusSchema,
  peopleLimits,
  personPageSchema,
} from '@series-tracker/contracts';
import { idParam, limitParam, offsetParam } from '../../lib/params';
import type { SocialService } from './social.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404);
const params = z.object({ id: idParam });
const paging = z.object({
  limit: limitParam(peopleLimits.pageDefault, peopleLimits.pageMax),
  offset: offsetParam,
});
type Req = { auth: { user: { id: number } } | null };
const viewerOf = (req: Req) => (req.auth ? { id: req.auth.user.id } : null);
const me = (req: Req) => req.auth!.user.id;

/** Follows (spec §7 /social) and blocks (/users/{id}/block, /users/me/blocks). */
export async function socialRoutes(app: FastifyInstance, opts: { social: SocialService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { social } = opts;
  const tags = ['social'];

  r.post(
    '/social/:id/follow',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Follow a member (idempotent; never yourself; not when either blocks the other)',
        params,
        response: { 200: followStatsSchema, ...errors },
      },
    },
    async (req) => social.follow(me(req), req.params.id),
  );
  r.delete(
    '/social/:id/follow',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Stop following a member (idempotent)',
        params,
        response: { 200: followStatsSchema, ...errors },
      },
    },
    async (req) => social.unfollow(me(req), req.params.id),
  );
  r.get(
    '/social/:id/follow/stats',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'Follower and following counts, and whether the viewer follows',
        params,
        response: { 200: followStatsSchema, ...errors },
      },
    },
    async (req) => social.stats(viewerOf(req), req.params.id),
  );
  r.get(
    '/social/:id/follow/status',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'Whether the viewer follows this member (false when signed out)',
        params,
        response: { 200: followStatusSchema, ...errors },
      },
    },
    async (req) => social.status(viewerOf(req), req.params.id),
  );
  for (const side of ['followers', 'following'] as const) {
    r.get(
      `/social/:id/${side}`,
      {
        config: { access: 'viewer' },
        schema: {
          tags,
          summary:
            side === 'followers'
              ? 'Members who follow this member, newest first'
              : 'Members this member follows, newest first',
          params,
          querystring: paging,
          response: { 200: personPageSchema, ...errors },
        },
      },
      async (req) =>
        social.people(viewerOf(req), side, req.params.id, req.query.limit, req.query.offset),
    );
  }

  r.get(
    '/users/me/blocks',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Members you block',
        querystring: paging,
        response: { 200: blockPageSchema, ...errors },
      },
    },
    async (req) => social.blockList(me(req), req.query.limit, req.query.offset),
  );
  r.post(
    '/users/:id/block',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Block a member: follows between you end, and they cannot follow you, comment on your reviews or see your activity',
        params,
        response: { 200: blockStatusSchema, ...errors },
      },
    },
    async (req) => social.block(me(req), req.params.id),
  );
  r.delete(
    '/users/:id/block',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Unblock a member',
        params,
        response: { 200: blockStatusSchema, ...errors },
      },
    },
    async (req) => social.unblock(me(req), req.params.id),
  );
}

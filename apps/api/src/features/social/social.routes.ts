import type { FastifyInstance } from 'fastify';
import {
  blockPageSchema,
  blockStatusSchema,
  followStatsSchema,
  followStatusSchema,
  peopleLimits,
  personPageSchema,
} from '@series-tracker/contracts';
import { errorResponses } from '../../lib/error-responses';
import { idParams, pagingQuery, toggleRoutes } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import type { SocialService } from './social.service';

const paging = pagingQuery(peopleLimits.pageDefault, peopleLimits.pageMax);

/** Follows (spec §7 /social) and blocks (/users/{id}/block, /users/me/blocks). */
export async function socialRoutes(app: FastifyInstance, opts: { social: SocialService }) {
  const { social } = opts;
  const tags = ['social'];
  const errors = errorResponses(400, 401, 403, 404);
  const api = routeTable(app, { tags, errors, access: 'signed-in' });

  toggleRoutes(app, {
    url: '/social/:id/follow',
    tags,
    errors,
    summaries: {
      on: 'Follow a member (idempotent; never yourself; not when either blocks the other)',
      off: 'Stop following a member (idempotent)',
    },
    response: followStatsSchema,
    set: (member, id, on) => (on ? social.follow(member.id, id) : social.unfollow(member.id, id)),
  });
  api.get('/social/:id/follow/stats', {
    access: 'viewer',
    summary: 'Follower and following counts, and whether the viewer follows',
    params: idParams,
    response: followStatsSchema,
    run: async ({ viewer, params }) => social.stats(viewer, params.id),
  });
  api.get('/social/:id/follow/status', {
    access: 'viewer',
    summary: 'Whether the viewer follows this member (false when signed out)',
    params: idParams,
    response: followStatusSchema,
    run: async ({ viewer, params }) => social.status(viewer, params.id),
  });
  for (const side of ['followers', 'following'] as const) {
    api.get(`/social/:id/${side}`, {
      access: 'viewer',
      summary:
        side === 'followers'
          ? 'Members who follow this member, newest first'
          : 'Members this member follows, newest first',
      params: idParams,
      query: paging,
      response: personPageSchema,
      run: async ({ viewer, params, query }) =>
        social.people(viewer, side, params.id, query.limit, query.offset),
    });
  }

  api.get('/users/me/blocks', {
    summary: 'Members you block',
    query: paging,
    response: blockPageSchema,
    run: async ({ member, query }) => social.blockList(member.id, query.limit, query.offset),
  });
  toggleRoutes(app, {
    url: '/users/:id/block',
    tags,
    errors,
    summaries: {
      on: 'Block a member: follows between you end, and they cannot follow you, comment on your reviews or see your activity',
      off: 'Unblock a member',
    },
    response: blockStatusSchema,
    set: (member, id, on) => (on ? social.block(member.id, id) : social.unblock(member.id, id)),
  });
}

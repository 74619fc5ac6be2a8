import type { FastifyInstance, FastifyRequest } from 'fastify';
import { likerPageSchema, likeResultSchema, likeStatusSchema } from '@series-tracker/contracts';
import { memberErrors, idParams, pagingQuery, toggleRoutes } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import type { LikeTarget } from './likes.repository';
import type { LikesService } from './likes.service';

/** Where each likeable kind lives, and its API tags. */
const likeable: { base: string; target: LikeTarget; tags: string[]; likers: boolean }[] = [
  { base: '/reviews/:id', target: 'review', tags: ['reviews'], likers: true },
  { base: '/comments/:id', target: 'comment', tags: ['comments'], likers: true },
  { base: '/episode-reviews/:id', target: 'episode-review', tags: ['episodes'], likers: false },
];

/** Likes of every likeable kind (ADR 070): the same three routes each, one service. */
export function likesRoutes(
  app: FastifyInstance,
  likes: LikesService,
  /** The member's like budget per hour (ADR 070). */
  budget: (req: FastifyRequest) => Promise<void>,
) {
  const api = routeTable(app, { errors: memberErrors, access: 'signed-in' });
  for (const { base, target, tags, likers } of likeable) {
    toggleRoutes(app, {
      url: `${base}/like`,
      tags,
      summaries: {
        on: `Like this ${target} (idempotent; not your own)`,
        off: 'Take back your like (idempotent)',
      },
      response: likeResultSchema,
      preHandler: budget,
      set: (member, id, liked) => likes.like(member, target, id, liked),
    });
    api.get(`${base}/like/check`, {
      tags,
      summary: `Whether you like this ${target}`,
      params: idParams,
      response: likeStatusSchema,
      run: async ({ member, params }) => likes.status(member, target, params.id),
    });
    if (!likers) continue;
    api.get(`${base}/likes`, {
      access: 'viewer',
      tags,
      summary: `Who likes this ${target}, newest first`,
      params: idParams,
      query: pagingQuery(10, 50),
      response: likerPageSchema,
      run: async ({ viewer, params, query }) =>
        likes.likers(viewer, target, params.id, query.limit, query.offset),
    });
  }
}

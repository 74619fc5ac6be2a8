import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { likerPageSchema, likeResultSchema, likeStatusSchema } from '@series-tracker/contracts';
import {
  memberErrors,
  idParams,
  memberOf,
  pagingQuery,
  toggleRoutes,
  viewerOf,
} from '../../lib/route-kit';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
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
    r.get(
      `${base}/like/check`,
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: `Whether you like this ${target}`,
          params: idParams,
          response: { 200: likeStatusSchema, ...memberErrors },
        },
      },
      async (req) => likes.status(memberOf(req), target, req.params.id),
    );
    if (!likers) continue;
    r.get(
      `${base}/likes`,
      {
        config: { access: 'viewer' },
        schema: {
          tags,
          summary: `Who likes this ${target}, newest first`,
          params: idParams,
          querystring: pagingQuery(10, 50),
          response: { 200: likerPageSchema, ...memberErrors },
        },
      },
      async (req) =>
        likes.likers(viewerOf(req), target, req.params.id, req.query.limit, req.query.offset),
    );
  }
}

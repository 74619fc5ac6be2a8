import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commentPageSchema,
  commentSchema,
  createCommentSchema,
  pageSchema,
  updateCommentSchema,
} from '@series-tracker/contracts';
import {
  memberErrors,
  idParams,
  memberOf,
  ownedRoutes,
  pagingQuery,
  viewerOf,
} from '../../lib/route-kit';
import type { CommentsService } from './comments.service';

/** Comments on reviews and their replies (issue 9). */
export function commentsRoutes(
  app: FastifyInstance,
  comments: CommentsService,
  /** The member's comment budget per hour (ADR 070). */
  budget: (req: FastifyRequest) => Promise<void>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['comments'];
  r.get(
    '/reviews/:id/comments',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'Comments on a review, newest first, each with its replies (oldest first)',
        params: idParams,
        querystring: pagingQuery(20, 100),
        response: { 200: commentPageSchema, ...memberErrors },
      },
    },
    async (req) =>
      comments.comments(viewerOf(req), req.params.id, req.query.limit, req.query.offset),
  );
  r.post(
    '/reviews/:id/comments',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Comment on a review, or reply to a comment (parentId; one level of replies)',
        params: idParams,
        body: createCommentSchema,
        response: { 201: commentSchema, ...memberErrors },
      },
    },
    async (req, reply) => {
      await budget(req);
      return reply
        .status(201)
        .send(await comments.addComment(memberOf(req), req.params.id, req.body));
    },
  );
  r.get(
    '/comments/:id',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'One comment with its replies',
        params: idParams,
        response: { 200: commentSchema, ...memberErrors },
      },
    },
    async (req) => comments.comment(viewerOf(req), req.params.id),
  );
  r.get(
    '/comments/:id/replies',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: 'Replies to a comment, oldest first',
        params: idParams,
        querystring: pagingQuery(50, 100),
        response: { 200: pageSchema(commentSchema.omit({ replies: true })), ...memberErrors },
      },
    },
    async (req) =>
      comments.replies(viewerOf(req), req.params.id, req.query.limit, req.query.offset),
  );
  ownedRoutes(app, {
    url: '/comments/:id',
    tags,
    update: {
      summary: 'Change your comment',
      body: updateCommentSchema,
      response: commentSchema,
      run: (member, id, body) => comments.editComment(member, id, body.content),
    },
    remove: {
      summary:
        "Delete a comment (yours, or any on your review); one with replies stays as '[deleted]'",
      run: (member, id) => comments.removeComment(member, id),
    },
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  commentPageSchema,
  commentSchema,
  createCommentSchema,
  pageSchema,
  updateCommentSchema,
} from '@series-tracker/contracts';
import { memberErrors, idParams, ownedRoutes, pagingQuery } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import type { CommentsService } from './comments.service';

/** Comments on reviews and their replies (issue 9). */
export function commentsRoutes(
  app: FastifyInstance,
  comments: CommentsService,
  /** The member's comment budget per hour (ADR 070). */
  budget: (req: FastifyRequest) => Promise<void>,
) {
  const tags = ['comments'];
  const api = routeTable(app, { tags, errors: memberErrors, access: 'signed-in' });
  api.get('/reviews/:id/comments', {
    access: 'viewer',
    summary: 'Comments on a review, newest first, each with its replies (oldest first)',
    params: idParams,
    query: pagingQuery(20, 100),
    response: commentPageSchema,
    run: async ({ viewer, params, query }) =>
      comments.comments(viewer, params.id, query.limit, query.offset),
  });
  api.post('/reviews/:id/comments', {
    summary: 'Comment on a review, or reply to a comment (parentId; one level of replies)',
    params: idParams,
    body: createCommentSchema,
    status: 201,
    response: commentSchema,
    run: async ({ member, params, body, req }) => {
      await budget(req);
      return comments.addComment(member, params.id, body);
    },
  });
  api.get('/comments/:id', {
    access: 'viewer',
    summary: 'One comment with its replies',
    params: idParams,
    response: commentSchema,
    run: async ({ viewer, params }) => comments.comment(viewer, params.id),
  });
  api.get('/comments/:id/replies', {
    access: 'viewer',
    summary: 'Replies to a comment, oldest first',
    params: idParams,
    query: pagingQuery(50, 100),
    response: pageSchema(commentSchema.omit({ replies: true })),
    run: async ({ viewer, params, query }) =>
      comments.replies(viewer, params.id, query.limit, query.offset),
  });
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

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionResultSchema,
  apiErrorSchema,
  auditPageSchema,
  createReportSchema,
  moderationActionSchema,
  moderationLimits,
  moderationMessages,
  queuePageSchema,
  reportCreatedSchema,
  reportItemTypes,
} from '@series-tracker/contracts';
import { idParam, limitParam, offsetParam } from '../../lib/params';
import { memberWriteBudget } from '../../platform/write-budget';
import type { ModerationService } from './moderation.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const paging = z.object({ limit: limitParam(20, 50), offset: offsetParam });

/** Moderation (issue 21, ADR 151): members' reports; the moderators' queue, actions and log. */
export async function moderationRoutes(
  app: FastifyInstance,
  opts: { moderation: ModerationService; reportsPerHour?: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { moderation } = opts;
  const me = (req: FastifyRequest) => ({ id: req.auth!.user.id });
  const tags = ['moderation'];
  const reportBudget = memberWriteBudget(app, {
    name: 'reports',
    max: opts.reportsPerHour ?? moderationLimits.reportsPerHour,
    timeWindow: '1 hour',
    message: () => moderationMessages.tooManyReports,
  });

  r.post(
    '/moderation/reports',
    {
      config: { access: 'signed-in' },
      preHandler: reportBudget,
      schema: {
        tags,
        summary:
          'Report a review, episode review, comment, list or profile (one open report per member and item)',
        body: createReportSchema,
        response: { 201: reportCreatedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const created = await moderation.report(me(req), req.body);
      return reply.code(201).send(created);
    },
  );

  r.get(
    '/moderation/reports',
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary: 'Moderators: open reports grouped by item, oldest first, with content and context',
        querystring: paging,
        response: { 200: queuePageSchema, ...errors },
      },
    },
    async (req) => moderation.queue(me(req), req.query.limit, req.query.offset),
  );

  r.post(
    '/moderation/items/:itemType/:itemId/actions',
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary:
          'Moderators: dismiss, hide, mark as spoiler, remove, suspend or unsuspend (audited; the author is told by e-mail)',
        params: z.object({ itemType: z.enum(reportItemTypes), itemId: idParam }),
        body: moderationActionSchema,
        response: { 200: actionResultSchema, ...errors },
      },
    },
    async (req) => moderation.act(me(req), req.params.itemType, req.params.itemId, req.body),
  );

  r.get(
    '/moderation/actions',
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary:
          'Moderators: the audit log (who, what, why, when), newest first; `authorId` narrows it to one member',
        querystring: paging.extend({ authorId: idParam.optional() }),
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (req) => moderation.audit(me(req), req.query.limit, req.query.offset, req.query.authorId),
  );
}

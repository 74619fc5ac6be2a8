import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionResultSchema,
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
import { memberErrors, memberOf } from '../../lib/route-kit';
import { memberWriteBudget } from '../../platform/write-budget';
import type { ModerationService } from './moderation.service';

const paging = z.object({ limit: limitParam(20, 50), offset: offsetParam });

/** Moderation (issue 21, ADR 151): members' reports; the moderators' queue, actions and log. */
export async function moderationRoutes(
  app: FastifyInstance,
  opts: { moderation: ModerationService; reportsPerHour?: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { moderation } = opts;
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
        response: { 201: reportCreatedSchema, ...memberErrors },
      },
    },
    async (req, reply) => {
      const created = await moderation.report(memberOf(req), req.body);
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
        response: { 200: queuePageSchema, ...memberErrors },
      },
    },
    async (req) => moderation.queue(memberOf(req), req.query.limit, req.query.offset),
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
        response: { 200: actionResultSchema, ...memberErrors },
      },
    },
    async (req) => moderation.act(memberOf(req), req.params.itemType, req.params.itemId, req.body),
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
        response: { 200: auditPageSchema, ...memberErrors },
      },
    },
    async (req) =>
      moderation.audit(memberOf(req), req.query.limit, req.query.offset, req.query.authorId),
  );
}

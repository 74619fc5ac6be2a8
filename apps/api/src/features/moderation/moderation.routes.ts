import type { FastifyInstance } from 'fastify';
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
import { idParam } from '../../lib/params';
import { memberErrors, pagingQuery } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import { memberWriteBudget } from '../../platform/write-budget';
import type { ModerationService } from './moderation.service';

const paging = pagingQuery(20, 50);

/** Moderation (issue 21, ADR 151): members' reports; the moderators' queue, actions and log. */
export async function moderationRoutes(
  app: FastifyInstance,
  opts: { moderation: ModerationService; reportsPerHour?: number },
) {
  const { moderation } = opts;
  const api = routeTable(app, { tags: ['moderation'], errors: memberErrors, access: 'moderator' });
  const reportBudget = memberWriteBudget(app, {
    name: 'reports',
    max: opts.reportsPerHour ?? moderationLimits.reportsPerHour,
    timeWindow: '1 hour',
    message: () => moderationMessages.tooManyReports,
  });

  api.post('/moderation/reports', {
    access: 'signed-in',
    hooks: { preHandler: reportBudget },
    summary:
      'Report a review, episode review, comment, list or profile (one open report per member and item)',
    body: createReportSchema,
    status: 201,
    response: reportCreatedSchema,
    run: async ({ member, body }) => moderation.report(member, body),
  });
  api.get('/moderation/reports', {
    summary: 'Moderators: open reports grouped by item, oldest first, with content and context',
    query: paging,
    response: queuePageSchema,
    run: async ({ member, query }) => moderation.queue(member, query.limit, query.offset),
  });
  api.post('/moderation/items/:itemType/:itemId/actions', {
    summary:
      'Moderators: dismiss, hide, mark as spoiler, remove, suspend or unsuspend (audited; the author is told by e-mail)',
    params: z.object({ itemType: z.enum(reportItemTypes), itemId: idParam }),
    body: moderationActionSchema,
    response: actionResultSchema,
    run: async ({ member, params, body }) =>
      moderation.act(member, params.itemType, params.itemId, body),
  });
  api.get('/moderation/actions', {
    summary:
      'Moderators: the audit log (who, what, why, when), newest first; `authorId` narrows it to one member',
    query: paging.extend({ authorId: idParam.optional() }),
    response: auditPageSchema,
    run: async ({ member, query }) =>
      moderation.audit(member, query.limit, query.offset, query.authorId),
  });
}

import type { FastifyInstance } from 'fastify';
import {
  calendarLimits,
  notificationPageSchema,
  unreadCountSchema,
} from '@series-tracker/contracts';
import { errorResponses } from '../../lib/error-responses';
import { idParams, pagingQuery } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import type { NotificationsService } from './notifications.service';

/** The bell: a member's own notifications and their read state (ADR 160). */
export async function notificationsRoutes(
  app: FastifyInstance,
  opts: { notifications: NotificationsService },
) {
  const { notifications } = opts;
  const api = routeTable(app, {
    tags: ['notifications'],
    errors: errorResponses(400, 401, 404),
    access: 'signed-in',
  });

  api.get('/notifications', {
    summary: 'Your notifications, newest first, with the unread count',
    query: pagingQuery(
      calendarLimits.notificationsPageDefault,
      calendarLimits.notificationsPageMax,
    ),
    response: notificationPageSchema,
    run: async ({ member, query }) => notifications.list(member, query.limit, query.offset),
  });
  api.get('/notifications/unread-count', {
    summary: 'How many notifications are unread',
    response: unreadCountSchema,
    run: async ({ member }) => ({ unreadCount: await notifications.unreadCount(member) }),
  });
  api.post('/notifications/read-all', {
    summary: 'Mark every notification read',
    response: unreadCountSchema,
    run: async ({ member }) => notifications.markAllRead(member),
  });
  api.post('/notifications/:id/read', {
    summary: 'Mark one notification read (404 for anyone else’s)',
    params: idParams,
    response: unreadCountSchema,
    run: async ({ member, params }) => notifications.markRead(member, params.id),
  });
}

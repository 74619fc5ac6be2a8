import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarLimits,
  notificationPageSchema,
  unreadCountSchema,
} from '@series-tracker/contracts';
import { idParam, limitParam, offsetParam } from '../../lib/params';
import type { NotificationsService } from './notifications.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 404);
type Req = { auth: { user: { id: number } } | null };
const viewer = (req: Req) => ({ id: req.auth!.user.id });

/** The bell: a member's own notifications and their read state (ADR 160). */
export async function notificationsRoutes(
  app: FastifyInstance,
  opts: { notifications: NotificationsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { notifications } = opts;
  const tags = ['notifications'];

  r.get(
    '/notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Your notifications, newest first, with the unread count',
        querystring: z.object({
          limit: limitParam(
            calendarLimits.notificationsPageDefault,
            calendarLimits.notificationsPageMax,
          ),
          offset: offsetParam,
        }),
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (req) => notifications.list(viewer(req), req.query.limit, req.query.offset),
  );
  r.get(
    '/notifications/unread-count',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'How many notifications are unread',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (req) => ({ unreadCount: await notifications.unreadCount(viewer(req)) }),
  );
  r.post(
    '/notifications/read-all',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Mark every notification read',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (req) => notifications.markAllRead(viewer(req)),
  );
  r.post(
    '/notifications/:id/read',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Mark one notification read (404 for anyone else’s)',
        params: z.object({ id: idParam }),
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (req) => notifications.markRead(viewer(req), req.params.id),
  );
}

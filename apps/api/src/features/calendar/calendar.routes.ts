import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  calendarFeedSchema,
  calendarMessages,
  calendarQuerySchema,
  calendarResponseSchema,
  calendarSettingsSchema,
  messageResponseSchema,
  unsubscribeBodySchema,
  updateCalendarSettingsSchema,
} from '@series-tracker/contracts';
import type { CalendarService } from './calendar.service';
import { errorResponses } from '../../lib/error-responses';
import { routeTable } from '../../lib/route-table';
import { localizeFor } from '../../lib/i18n/request-locale';

/** /calendar, its settings, the private iCal feed and one-click unsubscribe (ADR 160). */
export async function calendarRoutes(app: FastifyInstance, opts: { calendar: CalendarService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { calendar } = opts;
  const tags = ['calendar'];
  const api = routeTable(app, { tags, errors: errorResponses(400, 401, 404), access: 'signed-in' });

  // Mail clients send one-click unsubscribes as a form post (RFC 8058); the token is in the URL.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );

  api.get('/calendar', {
    summary: "Episodes of the member's tracked shows between two dates, on their own days",
    query: calendarQuerySchema,
    response: calendarResponseSchema,
    run: async ({ member, query }) => calendar.calendar(member.id, query),
  });
  api.get('/calendar/settings', {
    summary: 'Time zone, e-mail alerts and the feed',
    response: calendarSettingsSchema,
    run: async ({ member }) => calendar.settings(member.id),
  });
  api.put('/calendar/settings', {
    summary: 'Change the time zone or the new-episode e-mail mode',
    body: updateCalendarSettingsSchema,
    response: calendarSettingsSchema,
    run: async ({ member, body }) => calendar.updateSettings(member.id, body),
  });
  api.post('/calendar/feed', {
    summary: 'A new private iCal address (the previous one stops working); shown once',
    status: 201,
    response: calendarFeedSchema,
    run: async ({ member }) => calendar.createFeed(member.id),
  });
  api.delete('/calendar/feed', {
    summary: 'Revoke the private iCal address',
    status: 204,
    run: async ({ member }) => calendar.revokeFeed(member.id),
  });

  // The secret in the address is the credential (calendar apps cannot send a bearer token).
  r.get(
    '/calendar/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The private iCal feed (text/calendar) at /calendar/<secret>.ics',
        params: z.object({ file: z.string().max(100) }),
        response: { 200: z.string(), 404: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const body = await calendar.feed(req.params.file);
      return (
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="series-tracker.ics"')
          // Private to the one holding the address; calendar apps poll every few hours.
          .header('cache-control', 'private, max-age=900')
          .header('x-robots-tag', 'noindex')
          .header('referrer-policy', 'no-referrer')
          .send(body)
      );
    },
  );

  const unsubscribe = {
    config: { access: 'public' as const },
    schema: {
      tags,
      summary: 'One-click unsubscribe from new-episode e-mails (RFC 8058)',
      querystring: z.object({ token: z.string().max(300).optional() }),
      response: { 200: messageResponseSchema, 400: apiErrorSchema },
    },
  };
  r.post('/alerts/unsubscribe', unsubscribe, async (req) => {
    const body = unsubscribeBodySchema.safeParse({
      token: req.query.token ?? (req.body as { token?: unknown } | undefined)?.token,
    });
    await calendar.unsubscribe(body.success ? body.data.token : '');
    return { message: localizeFor(req, calendarMessages.unsubscribed) };
  });
}

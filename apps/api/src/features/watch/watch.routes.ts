import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  showWatchQuerySchema,
  showWatchSchema,
  updateWatchSettingsSchema,
  watchServiceOptionSchema,
  watchServiceOptionsQuerySchema,
  watchSettingsSchema,
} from '@series-tracker/contracts';
import { idParam } from '../../lib/params';
import type { WatchService } from './watch.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
type Req = { auth: { user: { id: number } } | null };
const viewerId = (req: Req) => req.auth?.user.id ?? null;

/** Where to watch (ADR 182): a show's channel and providers, the member's services. */
export async function watchRoutes(app: FastifyInstance, opts: { watch: WatchService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { watch } = opts;
  const tags = ['watch'];

  r.get(
    '/shows/:id/watch',
    {
      // `viewer`: the member's saved country applies when the URL names none.
      config: { access: 'viewer' },
      schema: {
        tags,
        summary:
          'Where to watch a show: its network or web channel, and TMDB watch providers in a country',
        params: z.object({ id: idParam }),
        querystring: showWatchQuerySchema,
        response: { 200: showWatchSchema, ...errors },
      },
    },
    async (req) => watch.showWatch(req.params.id, viewerId(req), req.query.country),
  );

  r.get(
    '/me/watch-settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The member's country and streaming services",
        response: { 200: watchSettingsSchema, ...errors },
      },
    },
    async (req) => watch.settings(req.auth!.user.id),
  );

  r.put(
    '/me/watch-settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Saves the member's country and streaming services",
        body: updateWatchSettingsSchema,
        response: { 200: watchSettingsSchema, ...errors },
      },
    },
    async (req) => watch.updateSettings(req.auth!.user.id, req.body),
  );

  r.get(
    '/watch/services',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Services to pick from in a country: TMDB providers known there, networks and web channels',
        querystring: watchServiceOptionsQuerySchema,
        response: {
          200: z.object({ data: z.array(watchServiceOptionSchema) }),
          400: apiErrorSchema,
        },
      },
    },
    async (req) => ({ data: await watch.serviceOptions(req.query.country ?? null) }),
  );
}

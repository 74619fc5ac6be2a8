import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  showWatchQuerySchema,
  showWatchSchema,
  updateWatchSettingsSchema,
  watchServiceOptionSchema,
  watchServiceOptionsQuerySchema,
  watchSettingsSchema,
} from '@series-tracker/contracts';
import { errorResponses } from '../../lib/error-responses';
import { idParams } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import type { WatchService } from './watch.service';

/** Where to watch (ADR 182): a show's channel and providers, the member's services. */
export async function watchRoutes(app: FastifyInstance, opts: { watch: WatchService }) {
  const { watch } = opts;
  const api = routeTable(app, {
    tags: ['watch'],
    errors: errorResponses(400, 401, 404),
    access: 'signed-in',
  });

  api.get('/shows/:id/watch', {
    // `viewer`: the member's saved country applies when the URL names none.
    access: 'viewer',
    summary:
      'Where to watch a show: its network or web channel, and TMDB watch providers in a country',
    params: idParams,
    query: showWatchQuerySchema,
    response: showWatchSchema,
    run: async ({ viewer, params, query }) =>
      watch.showWatch(params.id, viewer?.id ?? null, query.country),
  });
  api.get('/me/watch-settings', {
    summary: "The member's country and streaming services",
    response: watchSettingsSchema,
    run: async ({ member }) => watch.settings(member.id),
  });
  api.put('/me/watch-settings', {
    summary: "Saves the member's country and streaming services",
    body: updateWatchSettingsSchema,
    response: watchSettingsSchema,
    run: async ({ member, body }) => watch.updateSettings(member.id, body),
  });
  api.get('/watch/services', {
    access: 'public',
    summary:
      'Services to pick from in a country: TMDB providers known there, networks and web channels',
    query: watchServiceOptionsQuerySchema,
    response: z.object({ data: z.array(watchServiceOptionSchema) }),
    errors: errorResponses(400),
    run: async ({ query }) => ({ data: await watch.serviceOptions(query.country ?? null) }),
  });
}

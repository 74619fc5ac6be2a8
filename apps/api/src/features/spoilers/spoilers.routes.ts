import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  showSpoilersSchema,
  spoilerSettingsSchema,
  updateShowSpoilersSchema,
  updateSpoilerSettingsSchema,
} from '@series-tracker/contracts';
import { idParam } from '../../lib/params';
import { errorResponses } from '../../lib/error-responses';
import { routeTable } from '../../lib/route-table';
import type { SpoilersService } from './spoilers.service';

const show = z.object({ showId: idParam });

/** /spoilers: the member's setting and each show's spoiler state (ADR 181). */
export async function spoilersRoutes(app: FastifyInstance, opts: { spoilers: SpoilersService }) {
  const { spoilers } = opts;
  const api = routeTable(app, {
    tags: ['spoilers'],
    errors: errorResponses(400, 401, 404),
    access: 'signed-in',
  });

  api.get('/spoilers/settings', {
    summary: 'Whether unwatched episodes are hidden (on by default)',
    response: spoilerSettingsSchema,
    run: async ({ member }) => spoilers.settings(member.id),
  });
  api.put('/spoilers/settings', {
    summary: 'Switch spoiler protection on or off',
    body: updateSpoilerSettingsSchema,
    response: spoilerSettingsSchema,
    run: async ({ member, body }) => spoilers.updateSettings(member.id, body),
  });
  api.get('/spoilers/shows/:showId', {
    access: 'viewer',
    summary: "Which of a show's episodes are spoilers for the viewer (none for visitors)",
    params: show,
    response: showSpoilersSchema,
    run: async ({ viewer, params }) => spoilers.forShow(viewer?.id ?? null, params.showId),
  });
  api.put('/spoilers/shows/:showId', {
    summary: '"Show spoilers for this show" on or off (stored)',
    params: show,
    body: updateShowSpoilersSchema,
    response: showSpoilersSchema,
    run: async ({ member, params, body }) =>
      spoilers.setShowRevealed(member.id, params.showId, body.revealed),
  });
}

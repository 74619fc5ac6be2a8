import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  showSpoilersSchema,
  spoilerSettingsSchema,
  updateShowSpoilersSchema,
  updateSpoilerSettingsSchema,
} from '@series-tracker/contracts';
import { idParam } from '../../lib/params';
import type { SpoilersService } from './spoilers.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 404);
type Req = { auth: { user: { id: number } } | null };
const viewer = (req: Req) => req.auth?.user.id ?? null;
const me = (req: Req) => req.auth!.user.id;

/** /spoilers: the member's setting and each show's spoiler state (ADR 181). */
export async function spoilersRoutes(app: FastifyInstance, opts: { spoilers: SpoilersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { spoilers } = opts;
  const tags = ['spoilers'];

  r.get(
    '/spoilers/settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Whether unwatched episodes are hidden (on by default)',
        response: { 200: spoilerSettingsSchema, ...errors },
      },
    },
    async (req) => spoilers.settings(me(req)),
  );

  r.put(
    '/spoilers/settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Switch spoiler protection on or off',
        body: updateSpoilerSettingsSchema,
        response: { 200: spoilerSettingsSchema, ...errors },
      },
    },
    async (req) => spoilers.updateSettings(me(req), req.body),
  );

  r.get(
    '/spoilers/shows/:showId',
    {
      config: { access: 'viewer' },
      schema: {
        tags,
        summary: "Which of a show's episodes are spoilers for the viewer (none for visitors)",
        params: z.object({ showId: idParam }),
        response: { 200: showSpoilersSchema, ...errors },
      },
    },
    async (req) => spoilers.forShow(viewer(req), req.params.showId),
  );

  r.put(
    '/spoilers/shows/:showId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: '"Show spoilers for this show" on or off (stored)',
        params: z.object({ showId: idParam }),
        body: updateShowSpoilersSchema,
        response: { 200: showSpoilersSchema, ...errors },
      },
    },
    async (req) => spoilers.setShowRevealed(me(req), req.params.showId, req.body.revealed),
  );
}

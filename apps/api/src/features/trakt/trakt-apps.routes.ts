import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectedTraktAppListSchema,
  traktAuthorizeDecisionSchema,
  traktAuthorizeResultSchema,
  traktDeviceDecisionResultSchema,
  traktDeviceDecisionSchema,
  traktDeviceLookupSchema,
  traktDeviceRequestSchema,
} from '@series-tracker/contracts';
import { idParam } from '../../lib/params';
import type { TraktOAuthService } from './trakt-oauth.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 410);

/**
 * The member's side of Trakt apps' OAuth (ADR 170 "OAuth for apps"), under /api: /activate
 * and the consent page approve or deny here, Settings › Apps & devices lists and disconnects.
 * Only from a signed-in session: a personal API token can never connect or disconnect apps.
 */
export async function traktAppsRoutes(app: FastifyInstance, opts: { oauth: TraktOAuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { oauth } = opts;
  const config = { access: 'signed-in' as const, tokens: 'never' as const };
  // User codes are 40 bits; a member trying codes is slowed down long before one is found.
  const guessing = { ...config, rateLimit: { max: 30, timeWindow: '1 minute' } };
  const tags = ['Trakt apps'];

  r.get(
    '/trakt-apps',
    {
      config,
      schema: {
        tags,
        summary: 'Apps you connected through the Trakt-compatible API',
        response: { 200: connectedTraktAppListSchema, ...errors },
      },
    },
    async (req) => ({ data: await oauth.listApps(req.auth!.user.id) }),
  );

  r.delete(
    '/trakt-apps/:id',
    {
      config: { access: 'owner' as const, tokens: 'never' as const },
      schema: {
        tags,
        summary: 'Disconnect an app: its token stops working at once',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await oauth.disconnect(req.auth!.user.id, req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/trakt-apps/device/lookup',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'The app waiting behind a code shown on a device (/activate)',
        body: traktDeviceLookupSchema,
        response: { 200: traktDeviceRequestSchema, ...errors },
      },
    },
    (req) => oauth.lookupDevice(req.body.userCode),
  );

  r.post(
    '/trakt-apps/device',
    {
      config: guessing,
      schema: {
        tags,
        summary: 'Approve or deny the app waiting behind a device code',
        body: traktDeviceDecisionSchema,
        response: { 200: traktDeviceDecisionResultSchema, ...errors },
      },
    },
    (req) => oauth.decideDevice(req.auth!.user, req.body.userCode, req.body.decision),
  );

  r.post(
    '/trakt-apps/authorize',
    {
      config: { ...config, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Approve or deny an app's authorize request (the consent page)",
        body: traktAuthorizeDecisionSchema,
        response: { 200: traktAuthorizeResultSchema, ...errors },
      },
    },
    (req) => oauth.authorize(req.auth!.user, req.body.request, req.body.decision),
  );
}

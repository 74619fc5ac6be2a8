import type { FastifyInstance } from 'fastify';
import {
  connectedTraktAppListSchema,
  traktAuthorizeDecisionSchema,
  traktAuthorizeResultSchema,
  traktDeviceDecisionResultSchema,
  traktDeviceDecisionSchema,
  traktDeviceLookupSchema,
  traktDeviceRequestSchema,
} from '@series-tracker/contracts';
import { idParams, sessionOnly } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import type { TraktOAuthService } from './trakt-oauth.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 410);

/**
 * The member's side of Trakt apps' OAuth (ADR 170 "OAuth for apps"), under /api: /activate
 * and the consent page approve or deny here, Settings › Apps & devices lists and disconnects.
 * Only from a signed-in session: a personal API token can never connect or disconnect apps.
 */
export async function traktAppsRoutes(app: FastifyInstance, opts: { oauth: TraktOAuthService }) {
  const { oauth } = opts;
  const api = routeTable(app, {
    tags: ['Trakt apps'],
    errors,
    ...sessionOnly,
  });
  // User codes are 40 bits; a member trying codes is slowed down long before one is found.
  const guessing = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

  api.get('/trakt-apps', {
    summary: 'Apps you connected through the Trakt-compatible API',
    response: connectedTraktAppListSchema,
    run: async ({ member }) => ({ data: await oauth.listApps(member.id) }),
  });
  api.delete('/trakt-apps/:id', {
    access: 'owner',
    summary: 'Disconnect an app: its token stops working at once',
    params: idParams,
    status: 204,
    run: async ({ member, params }) => oauth.disconnect(member.id, params.id),
  });

  api.post('/trakt-apps/device/lookup', {
    ...guessing,
    summary: 'The app waiting behind a code shown on a device (/activate)',
    body: traktDeviceLookupSchema,
    response: traktDeviceRequestSchema,
    run: async ({ body }) => oauth.lookupDevice(body.userCode),
  });
  api.post('/trakt-apps/device', {
    ...guessing,
    summary: 'Approve or deny the app waiting behind a device code',
    body: traktDeviceDecisionSchema,
    response: traktDeviceDecisionResultSchema,
    run: async ({ body, req }) => oauth.decideDevice(req.auth!.user, body.userCode, body.decision),
  });
  api.post('/trakt-apps/authorize', {
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    summary: "Approve or deny an app's authorize request (the consent page)",
    body: traktAuthorizeDecisionSchema,
    response: traktAuthorizeResultSchema,
    run: async ({ body, req }) => oauth.authorize(req.auth!.user, body.request, body.decision),
  });
}

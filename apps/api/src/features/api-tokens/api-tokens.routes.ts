import type { FastifyInstance } from 'fastify';
import {
  apiTokenListSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '@series-tracker/contracts';
import { idParams, sessionOnly } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
import { requireRecentSignIn } from '../auth/recent-sign-in';
import type { ApiTokensService } from './api-tokens.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Personal API tokens (ADR 161). Managed from a signed-in session only: never by a token. */
export async function apiTokensRoutes(app: FastifyInstance, opts: { apiTokens: ApiTokensService }) {
  const { apiTokens } = opts;
  const api = routeTable(app, {
    tags: ['api tokens'],
    errors,
    ...sessionOnly,
  });

  api.get('/api-tokens', {
    summary: 'Your personal API tokens (never the tokens themselves)',
    response: apiTokenListSchema,
    run: async ({ member }) => ({ data: await apiTokens.list(member.id) }),
  });
  api.post('/api-tokens', {
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    // A token outlives the session: a stolen session cannot mint one (ADR 173).
    hooks: { preValidation: requireRecentSignIn },
    summary:
      'Create an API token with a name and scopes; the answer shows the token once (needs a recent sign-in: 403 REAUTHENTICATION_REQUIRED)',
    body: createApiTokenSchema,
    status: 201,
    response: createdApiTokenSchema,
    run: async ({ member, body }) => apiTokens.create(member.id, body),
  });
  api.delete('/api-tokens/:id', {
    access: 'owner',
    summary: 'Revoke one of your API tokens: it stops working at once',
    params: idParams,
    status: 204,
    run: async ({ member, params }) => apiTokens.revoke(member.id, params.id),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiTokenListSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '@series-tracker/contracts';
import { idParam } from '../../lib/params';
import { requireRecentSignIn } from '../auth/recent-sign-in';
import type { ApiTokensService } from './api-tokens.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Personal API tokens (ADR 161). Managed from a signed-in session only: never by a token. */
export async function apiTokensRoutes(app: FastifyInstance, opts: { apiTokens: ApiTokensService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { apiTokens } = opts;
  const config = { access: 'signed-in' as const, tokens: 'never' as const };
  const tags = ['api tokens'];

  r.get(
    '/api-tokens',
    {
      config,
      schema: {
        tags,
        summary: 'Your personal API tokens (never the tokens themselves)',
        response: { 200: apiTokenListSchema, ...errors },
      },
    },
    async (req) => ({ data: await apiTokens.list(req.auth!.user.id) }),
  );

  r.post(
    '/api-tokens',
    {
      config: { ...config, rateLimit: { max: 20, timeWindow: '1 minute' } },
      // A token outlives the session: a stolen session cannot mint one (ADR 173).
      preValidation: requireRecentSignIn,
      schema: {
        tags,
        summary:
          'Create an API token with a name and scopes; the answer shows the token once (needs a recent sign-in: 403 REAUTHENTICATION_REQUIRED)',
        body: createApiTokenSchema,
        response: { 201: createdApiTokenSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await apiTokens.create(req.auth!.user.id, req.body)),
  );

  r.delete(
    '/api-tokens/:id',
    {
      config: { access: 'owner' as const, tokens: 'never' as const },
      schema: {
        tags,
        summary: 'Revoke one of your API tokens: it stops working at once',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await apiTokens.revoke(req.auth!.user.id, req.params.id);
      return reply.status(204).send(null);
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiTokenPrefix, authMessages } from '@series-tracker/contracts';
import { unauthorized } from '../lib/errors';
import type { AuthService, ResolvedSession } from '../features/auth/auth.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Route hook (use as `preValidation`, so a signed-out client gets 401 before any 400):
     * 401 unless a valid bearer token is sent; sets request.auth.
     */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** Route hook: sets request.auth when a valid token is sent, else leaves it null. */
    optionalUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: ResolvedSession | null;
    /** The token was already looked up for this request (e.g. by the per-viewer cache). */
    authResolved: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      authService: AuthService;
      /** Personal API tokens (`st_…`, ADR 161); their scopes are checked by platform/access.ts. */
      apiTokens?: { resolve(token: string): Promise<ResolvedSession | undefined> };
      /** OAuth access tokens of apps speaking the Trakt API; only under /trakt (ADR 170). */
      traktGrants?: {
        resolve(token: string, method: string): Promise<ResolvedSession | undefined>;
      };
    },
  ) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('authResolved', false);

    async function resolve(request: FastifyRequest): Promise<ResolvedSession | null> {
      if (request.authResolved) return request.auth;
      request.authResolved = true;
      const token = bearerToken(request);
      // Tokens we issue are 43 characters; anything far off is not worth a lookup.
      if (!token || token.length > 200) return null;
      // Under /trakt only the tokens of apps connected by OAuth count, and only there.
      if (request.url.startsWith('/trakt/'))
        return (await opts.traktGrants?.resolve(token, request.method)) ?? null;
      // API tokens are `st_` + 43 characters; a session token is 43, so never mistaken for one.
      if (token.length === apiTokenPrefix.length + 43 && token.startsWith(apiTokenPrefix))
        return (await opts.apiTokens?.resolve(token)) ?? null;
      return (await opts.authService.resolveToken(token)) ?? null;
    }

    app.decorate('requireUser', async (request: FastifyRequest) => {
      request.auth = await resolve(request);
      if (!request.auth) throw unauthorized(authMessages.notSignedIn);
    });
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      request.auth = await resolve(request);
    });
  },
  { name: 'auth' },
);

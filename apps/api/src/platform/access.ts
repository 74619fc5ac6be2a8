import type {
  FastifyInstance,
  onRequestHookHandler,
  onSendHookHandler,
  preValidationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { integrationMessages } from '@series-tracker/contracts';
import { forbidden } from '../lib/errors';

/**
 * Who may call a route, declared on every API route (`config: { access }`):
 * - `public`: anyone; the viewer is not looked up (catalogue reads, shared caches).
 * - `viewer`: anyone; a valid token sets `request.auth` so the answer can depend on who asks
 *   (e.g. `isFollowing`), an absent or bad one leaves it null.
 * - `signed-in`: 401 without a valid token, before any validation (a signed-out client gets
 *   401, not 400).
 * - `owner`: signed in, and the service decides through the policy (platform/policy.ts)
 *   whether this user owns the resource: someone else's answers 404 (or 403 when it is public).
 */
export const accessLevels = ['public', 'viewer', 'signed-in', 'owner'] as const;
export type Access = (typeof accessLevels)[number];

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** Statuses whose body the route describes with a contract schema. */
  responses: string[];
  tokens?: TokenRule;
}

/**
 * What a personal API token may do on a route (ADR 161), on top of its access level:
 * - absent: reads (GET) need the `read` scope; every other method is refused (403).
 * - `write:tracking`: the route also accepts writes from tokens with that scope (tracking and
 *   episode marking).
 * - `never`: no token, whatever its scopes (tokens, sessions, password, e-mail, the account).
 */
export type TokenRule = 'write:tracking' | 'never';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    tokens?: TokenRule;
    /**
     * A signed-in/owner route whose answer may be stored by browsers and shared caches
     * (none today); without it they answer `Cache-Control: no-store` (ADR 150).
     */
    publicCaching?: boolean;
  }
  interface FastifyInstance {
    /** Every API route with its declared access, in registration order (tests walk it). */
    routeAccess: RouteAccess[];
  }
}

type Hook = preValidationHookHandler | onRequestHookHandler | onSendHookHandler;

/** Refuses a request made with an API token that the route's rule and the token's scopes do not allow. */
function tokenGuard(rule: TokenRule | undefined): preValidationHookHandler {
  return async (request) => {
    const token = request.auth?.apiToken;
    if (!token) return;
    if (rule === 'never') throw forbidden(integrationMessages.notForTokens);
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (!token.scopes.includes('read')) throw forbidden(integrationMessages.scopeRead);
      return;
    }
    if (rule !== 'write:tracking') throw forbidden(integrationMessages.scopeWrite);
    if (!token.scopes.includes('write:tracking'))
      throw forbidden(integrationMessages.scopeWriteTracking);
  };
}
const asArray = (h: Hook | Hook[] | undefined): Hook[] => (h ? (Array.isArray(h) ? h : [h]) : []);

/**
 * Closed by default: an `/api` route that declares no access fails to register, so a new
 * endpoint cannot be public by omission. Routes the documentation plugin adds (`/api/docs`)
 * are the only exception. Register after the auth plugin and before any feature route.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    const table: RouteAccess[] = [];
    app.decorate('routeAccess', table);
    app.addHook('onRoute', (route) => {
      const url = route.url;
      if (!(url === '/api' || url.startsWith('/api/')) || url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!access || !accessLevels.includes(access)) {
        throw new Error(
          `${methods.join(',')} ${url} declares no access: set config.access to one of ${accessLevels.join(', ')}`,
        );
      }
      if (access !== 'public') {
        const hook = access === 'viewer' ? app.optionalUser : app.requireUser;
        route.preValidation = [
          hook,
          tokenGuard(route.config?.tokens),
          ...asArray(route.preValidation),
        ] as preValidationHookHandler[];
        if (route.schema && !route.schema.security) {
          (route.schema as { security?: unknown }).security = [{ bearerAuth: [] }];
        }
      }
      // Private answers are never stored (ADR 150): a signed-in or owner route answers
      // no-store, errors included; a viewer route does when a member asked, unless the
      // response cache already marked the answer private to them (per-viewer, ADR 091).
      if (!route.config?.publicCaching && access !== 'public') {
        const noStore: onSendHookHandler = async (request, reply, payload) => {
          if (access === 'viewer') {
            if (!request.auth) return payload;
            if (String(reply.getHeader('cache-control') ?? '').startsWith('private'))
              return payload;
          }
          void reply.header('cache-control', 'no-store');
          return payload;
        };
        route.onSend = [...asArray(route.onSend), noStore] as onSendHookHandler[];
      }
      const responses = Object.keys((route.schema?.response as object | undefined) ?? {});
      for (const method of methods) {
        if (method !== 'HEAD')
          table.push({
            method,
            url,
            access,
            responses,
            ...(route.config?.tokens ? { tokens: route.config.tokens } : {}),
          });
      }
    });
  },
  { name: 'access', dependencies: ['auth'] },
);

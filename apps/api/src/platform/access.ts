import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preValidationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  integrationMessages,
  moderationErrorCodes,
  moderationMessages,
} from '@series-tracker/contracts';
import { AppError, forbidden } from '../lib/errors';
import { verbatim } from '../lib/i18n/text';
import { activeSuspension, may, toRole } from './policy';

/**
 * Who may call a route, declared on every API route (`config: { access }`):
 * - `public`: anyone; the viewer is not looked up (catalogue reads, shared caches).
 * - `viewer`: anyone; a valid token sets `request.auth` so the answer can depend on who asks
 *   (e.g. `isFollowing`), an absent or bad one leaves it null.
 * - `signed-in`: 401 without a valid token, before any validation (a signed-out client gets
 *   401, not 400).
 * - `owner`: signed in, and the service decides through the policy (platform/policy.ts)
 *   whether this user owns the resource: someone else's answers 404 (or 403 when it is public).
 * - `moderator`: signed in, and the policy says this member may moderate
 *   (`may(viewer, 'moderate', …)`: moderators and admins, ADR 151); anyone else gets 403.
 */
export const accessLevels = ['public', 'viewer', 'signed-in', 'owner', 'moderator'] as const;
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
 * - `never`: no token, whatever its scopes (tokens, sessions, password, e-mail, the account,
 *   the full export). Every `moderator` route is `never` without saying so.
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

/**
 * Writes a suspended member may still make (ADR 151): leaving, keeping their account safe and
 * deleting it. Every other non-GET `signed-in` / `owner` route answers 403 ACCOUNT_SUSPENDED.
 */
export const suspendedMayStill = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/refresh',
  'POST /api/auth/change-password',
  'DELETE /api/auth/sessions',
  'DELETE /api/auth/sessions/:id',
  'DELETE /api/users/me',
  // Securing the account (ADR 173): a suspended member may still protect it.
  'POST /api/auth/reauthenticate',
  'POST /api/auth/2fa/totp',
  'POST /api/auth/2fa/totp/confirm',
  'DELETE /api/auth/2fa/totp',
  'POST /api/auth/2fa/backup-codes',
  'POST /api/auth/passkeys/options',
  'POST /api/auth/passkeys',
  'DELETE /api/auth/passkeys/:id',
  // Single sign-on links are a way in, kept safe like the password (ADR 174).
  'POST /api/auth/oidc/link',
  'POST /api/auth/oidc/reauthenticate',
  'DELETE /api/auth/oidc/links/:id',
]);

const readOnly = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one decision "may this member write?" (ADR 151), for every way in: web and API-token
 * routes (through refuseSuspended below), media-server webhooks and the Trakt-compatible API
 * call it too. Throws 403 ACCOUNT_SUSPENDED with the reason and end of a suspension.
 */
export function assertMayWrite(user: Parameters<typeof activeSuspension>[0]): void {
  const suspension = activeSuspension(user);
  if (!suspension) return;
  throw new AppError(403, moderationErrorCodes.suspended, moderationMessages.suspended, {
    // Data, not words: the moderator's reason as written, the end as a timestamp or `permanent`.
    reason: verbatim(suspension.reason ?? ''),
    until: verbatim(suspension.until ?? 'permanent'),
  });
}

/** After requireUser: a suspended member's write is refused before validation or any work. */
async function refuseSuspended(request: FastifyRequest) {
  if (request.auth) assertMayWrite(request.auth.user);
}

/** After requireUser on `moderator` routes: the policy decides, members get 403. */
async function requireModerator(request: FastifyRequest) {
  const user = request.auth!.user;
  if (!may({ id: user.id, role: toRole(user.role) }, 'moderate', { kind: 'moderation' }))
    throw forbidden(moderationMessages.notModerator);
}

type Hook = preValidationHookHandler | onRequestHookHandler | onSendHookHandler;
const asArray = (h: Hook | Hook[] | undefined): Hook[] => (h ? (Array.isArray(h) ? h : [h]) : []);

/**
 * Closed by default: an `/api` or `/trakt` route that declares no access fails to register, so a new
 * endpoint cannot be public by omission. Routes the documentation plugin adds (`/api/docs`)
 * are the only exception. Register after the auth plugin and before any feature route.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    const table: RouteAccess[] = [];
    app.decorate('routeAccess', table);
    app.addHook('onRoute', (route) => {
      const url = route.url;
      // The Trakt-compatible surface (/trakt, ADR 170) declares access the same way.
      const scoped = url === '/api' || url.startsWith('/api/') || url.startsWith('/trakt/');
      if (!scoped || url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!access || !accessLevels.includes(access)) {
        throw new Error(
          `${methods.join(',')} ${url} declares no access: set config.access to one of ${accessLevels.join(', ')}`,
        );
      }
      // Moderators' screens need their session: a moderator's API token (made for a
      // tracking tool) never reads reports or acts (ADR 150, review of 2026-11-26).
      const tokens = access === 'moderator' ? 'never' : route.config?.tokens;
      if (access !== 'public') {
        const hook = access === 'viewer' ? app.optionalUser : app.requireUser;
        const writes = methods.some((m) => !readOnly.has(m));
        const guard =
          access !== 'viewer' &&
          writes &&
          !methods.some((m) => suspendedMayStill.has(`${m} ${url}`))
            ? [refuseSuspended]
            : [];
        route.preValidation = [
          hook,
          tokenGuard(tokens),
          ...(access === 'moderator' ? [requireModerator] : []),
          ...guard,
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
            ...(tokens ? { tokens } : {}),
          });
      }
    });
  },
  { name: 'access', dependencies: ['auth'] },
);

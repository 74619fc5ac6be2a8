import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authProvidersSchema,
  authResponseSchema,
  identityLinksSchema,
  ssoExchangeBodySchema,
  ssoLinkStartSchema,
  ssoReauthBodySchema,
} from '@series-tracker/contracts';
import { AppError } from '../../../lib/errors';
import { attemptLimit } from '../attempt-limit';
import { ERROR_PAGE_CSP, ssoErrorPage } from './sso-error-page';
import { SsoCallbackError, type SsoIntent, type SsoService } from './sso.service';
import { errorResponses } from '../../../lib/error-responses';
import { chosenLocale, pageLocale } from '../../../lib/i18n/request-locale';

/** The cookie that binds a flow and its handoff code to the browser that started it. */
const BROWSER_COOKIE = 'st_sso';
const COOKIE_PATH = '/api/auth/oidc';

function browserSecret(request: FastifyRequest): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BROWSER_COOKIE) return value.join('=') || null;
  }
  return null;
}

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);

/**
 * Single sign-on (ADR 174): what the sign-in page offers, the flow's start and callback (top-
 * level browser navigations), the handoff exchange, and linking from Settings.
 */
export async function ssoRoutes(
  app: FastifyInstance,
  opts: {
    sso: SsoService;
    publicUrl: string;
    rateLimit: { max: number; timeWindow: string };
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sso } = opts;
  const limited = attemptLimit(opts.rateLimit);
  const secure = opts.publicUrl.startsWith('https:') ? '; Secure' : '';
  // Lax: sent on the provider's redirect back (a top-level GET), never on cross-site posts.
  const setBrowser = (reply: FastifyReply, value: string) =>
    reply.header(
      'set-cookie',
      `${BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
    );

  /** A browser gets a page with the message and a way back; API clients the JSON error. */
  function answerError(
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
    intent: SsoIntent,
  ) {
    if (!(error instanceof AppError) || !(request.headers.accept ?? '').includes('text/html'))
      throw error;
    return reply
      .status(error.statusCode)
      .header('content-security-policy', ERROR_PAGE_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(ssoErrorPage(pageLocale(request), error.text, intent));
  }

  r.get(
    '/auth/providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'How one may sign in here: the OpenID Provider (if any) and whether passwords work',
        response: { 200: authProvidersSchema },
      },
    },
    async () => sso.providers(),
  );

  r.get(
    '/auth/oidc/start',
    {
      config: { ...limited, access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Start signing in with the OpenID Provider: redirects there (PKCE S256, state, nonce; the browser is bound by an HttpOnly cookie)',
        response: { 302: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      try {
        const { url, browser } = await sso.startSignIn(browserSecret(request));
        setBrowser(reply, browser);
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      } catch (error) {
        return answerError(request, reply, error, 'sign-in');
      }
    },
  );

  r.get(
    '/auth/oidc/callback',
    {
      config: { ...limited, access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          "The OpenID Provider's redirect back: checks state (once, this browser), PKCE, nonce and the ID token; signs in through a one-time code for the web app, or links the identity",
        response: { 303: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const url = new URL(request.url, opts.publicUrl);
        const result = await sso.callback(url, browserSecret(request), chosenLocale(request));
        // The code rides in the fragment: never sent to a server, never in a Referer.
        const to =
          result.kind === 'linked'
            ? '/settings?sso=linked#sso-heading'
            : result.kind === 'reauthenticated'
              ? result.returnTo
              : `/auth/sso#code=${encodeURIComponent(result.code)}`;
        return reply.redirect(to, 303);
      } catch (error) {
        const intent = error instanceof SsoCallbackError ? error.intent : 'sign-in';
        return answerError(request, reply, error, intent);
      }
    },
  );

  r.post(
    '/auth/oidc/exchange',
    {
      config: { ...limited, access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          "Exchange the callback's one-time code (once, within a minute, from the same browser) for a session",
        body: ssoExchangeBodySchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) =>
      sso.exchange(
        request.body.code,
        browserSecret(request),
        request.headers['user-agent'] ?? null,
      ),
  );

  r.get(
    '/auth/oidc/links',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: "The signed-in member's identities at the OpenID Provider",
        security: [{ bearerAuth: [] }],
        response: { 200: identityLinksSchema, ...errors },
      },
    },
    async (request) => sso.links(request.auth!.user),
  );

  r.post(
    '/auth/oidc/link',
    {
      config: { access: 'signed-in', tokens: 'never' },
      schema: {
        tags: ['auth'],
        summary:
          'Start linking the OpenID Provider to this account: the URL to open in this browser (the intent is bound to this session and browser)',
        security: [{ bearerAuth: [] }],
        response: { 200: ssoLinkStartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { url, browser } = await sso.startLink(request.auth!, browserSecret(request));
      setBrowser(reply, browser);
      return { url };
    },
  );

  r.post(
    '/auth/oidc/reauthenticate',
    {
      config: { ...limited, access: 'signed-in', tokens: 'never' },
      schema: {
        tags: ['auth'],
        summary:
          "Sign in again with the OpenID Provider to confirm it's you (a member with a linked identity): the URL to open in this browser; the provider asks again (prompt=login), and back at returnTo this session counts as a recent sign-in",
        security: [{ bearerAuth: [] }],
        body: ssoReauthBodySchema,
        response: { 200: ssoLinkStartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { url, browser } = await sso.startReauth(
        request.auth!,
        browserSecret(request),
        request.body.returnTo,
      );
      setBrowser(reply, browser);
      return { url };
    },
  );

  r.delete(
    '/auth/oidc/links/:id',
    {
      config: { access: 'signed-in', tokens: 'never' },
      schema: {
        tags: ['auth'],
        summary: 'Unlink an identity, if a password or another link still signs the member in',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await sso.unlink(request.auth!.user, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

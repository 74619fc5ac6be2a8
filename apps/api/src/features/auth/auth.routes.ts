import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  authResponseSchema,
  matchLocale,
  finishRegistrationBodySchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  registerBodySchema,
  registerResponseSchema,
} from '@series-tracker/contracts';
import { attemptLimit } from './attempt-limit';
import type { AuthService } from './auth.service';
import type { Registration } from './registration';
import { errorResponses } from '../../lib/error-responses';
import { localizeString } from '../../lib/i18n/localize';
import { requestLocale } from '../../lib/i18n/request-locale';

export async function authRoutes(
  app: FastifyInstance,
  opts: {
    authService: AuthService;
    registration: Registration;
    rateLimit: { max: number; timeWindow: string };
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { authService, registration } = opts;
  // Per IP: guessing passwords or mass-registering costs a client this many tries per window.
  const limited = attemptLimit(opts.rateLimit);
  const errors = errorResponses(400, 401, 409, 429);

  r.post(
    '/auth/register',
    {
      config: { ...limited, access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Start an account: a link to finish it is mailed to the address (ADR 152). The same 202 whether or not the address already has an account (its owner is mailed instead). On a site with no account yet, the first registration creates the administrator at once and answers 201 with a session (ADR 173).',
        body: registerBodySchema,
        response: { 201: authResponseSchema, 202: registerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The account keeps the language it was registered in (ADR 186), for its mails.
      const locale = matchLocale(request.headers['accept-language']);
      const result = await registration.register(
        { ...request.body, locale },
        request.headers['user-agent'] ?? null,
      );
      if (result.kind === 'first-run') return reply.status(201).send(result.body);
      const message = localizeString(requestLocale(request), result.body.message);
      return reply.status(202).send({ ...result.body, message });
    },
  );

  r.post(
    '/auth/finish-registration',
    {
      config: { ...limited, access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Finish a registration with the token from its mail: the account is created, its address confirmed, and signed in',
        body: finishRegistrationBodySchema,
        response: { 201: authResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await registration.finish(
        request.body.token,
        request.headers['user-agent'] ?? null,
        matchLocale(request.headers['accept-language']),
      );
      return reply.status(201).send(result);
    },
  );

  r.post(
    '/auth/login',
    {
      config: { ...limited, access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with username or email (case-insensitive) and password. With two-factor sign-in on, the answer is a challenge for POST /auth/2fa instead of a session (ADR 173)',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) =>
      authService.login(request.body, request.headers['user-agent'] ?? null, request.ip),
  );

  r.post(
    '/auth/logout',
    {
      config: { access: 'signed-in', tokens: 'never' },
      schema: {
        tags: ['auth'],
        summary: 'Revoke the bearer token',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null(), 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await authService.logout(request.auth!.session);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/auth/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: meResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ user: await authService.me(request.auth!) }),
  );

  r.post(
    '/auth/refresh',
    {
      config: { access: 'signed-in', tokens: 'never' },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the bearer token: the old one is revoked',
        security: [{ bearerAuth: [] }],
        response: { 200: authResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => authService.refresh(request.auth!, request.headers['user-agent'] ?? null),
  );
}

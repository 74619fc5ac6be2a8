import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  authResponseSchema,
  finishRegistrationBodySchema,
  loginBodySchema,
  meResponseSchema,
  registerBodySchema,
  registerResponseSchema,
} from '@series-tracker/contracts';
import { attemptLimit } from './attempt-limit';
import type { AuthService } from './auth.service';
import type { Registration } from './registration';

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
  const errors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    409: apiErrorSchema,
    429: apiErrorSchema,
  };

  r.post(
    '/auth/register',
    {
      config: { ...limited, access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Start an account: a link to finish it is mailed to the address (ADR 152). The same 202 whether or not the address already has an account (its owner is mailed instead).',
        body: registerBodySchema,
        response: { 202: registerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await registration.register(request.body);
      return reply.status(202).send(result);
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
        summary: 'Sign in with username or email (case-insensitive) and password',
        body: loginBodySchema,
        response: { 200: authResponseSchema, ...errors },
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
    async (request) => ({ user: authService.me(request.auth!) }),
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  backupCodesResponseSchema,
  passkeyAnswerBodySchema,
  passkeyChallengeBodySchema,
  passkeyOptionsResponseSchema,
  passkeyRegisterBodySchema,
  passkeySchema,
  reauthenticateBodySchema,
  reauthenticateResponseSchema,
  secondFactorBodySchema,
  securityStatusSchema,
  setupResponseSchema,
  totpConfirmBodySchema,
  totpSetupResponseSchema,
} from '@series-tracker/contracts';
import type { UserRow } from '../../db/types';
import { idParam } from '../../lib/params';
import { attemptLimit } from './attempt-limit';
import type { Passkeys } from './passkeys.service';
import { requireRecentSignIn } from './recent-sign-in';
import type { Registration } from './registration';
import type { TwoFactor } from './two-factor.service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * First run, second factors, passkeys and recent sign-in (ADR 173). Routes that change how
 * the account is protected need a recent sign-in (`requireRecentSignIn`: 403
 * REAUTHENTICATION_REQUIRED, then POST /auth/reauthenticate and retry).
 */
export async function twoFactorRoutes(
  app: FastifyInstance,
  opts: {
    twoFactor: TwoFactor;
    passkeys: Passkeys;
    registration: Pick<Registration, 'firstRun'>;
    userOf: (id: number) => Promise<UserRow | undefined>;
    rateLimit: { max: number; timeWindow: string };
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { twoFactor, passkeys, userOf } = opts;
  const limited = attemptLimit(opts.rateLimit);
  const tags = ['auth'];
  const own = { access: 'signed-in' as const, tokens: 'never' as const };
  const recent = { preValidation: requireRecentSignIn };
  const ua = (headers: Record<string, unknown>) =>
    typeof headers['user-agent'] === 'string' ? headers['user-agent'] : null;

  r.get(
    '/auth/setup',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Whether the site has no account yet (the first registration then creates the administrator at once); nothing else',
        response: { 200: setupResponseSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { firstRun: await opts.registration.firstRun() };
    },
  );

  r.post(
    '/auth/2fa',
    {
      config: { ...limited, access: 'public' },
      schema: {
        tags,
        summary:
          'Finish a password sign-in with the code of the authenticator app or a backup code (each works once); 5 wrong codes per account in 15 minutes, then 429',
        body: secondFactorBodySchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) =>
      twoFactor.completeWithCode(request.body.challengeToken, request.body.code, userOf),
  );

  r.post(
    '/auth/2fa/passkey/options',
    {
      config: { ...limited, access: 'public' },
      schema: {
        tags,
        summary: 'WebAuthn options to finish a password sign-in with one of the member’s passkeys',
        body: passkeyChallengeBodySchema,
        response: { 200: passkeyOptionsResponseSchema, ...errors },
      },
    },
    async (request) => passkeys.secondFactorOptions(request.body.challengeToken),
  );

  r.post(
    '/auth/2fa/passkey',
    {
      config: { ...limited, access: 'public' },
      schema: {
        tags,
        summary: 'Finish a password sign-in with a passkey',
        body: passkeyAnswerBodySchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => passkeys.secondFactor(request.body),
  );

  r.post(
    '/auth/passkey/options',
    {
      config: { ...limited, access: 'public' },
      schema: {
        tags,
        summary: 'WebAuthn options for signing in with a passkey, without a password',
        response: { 200: passkeyOptionsResponseSchema, ...errors },
      },
    },
    async () => passkeys.signInOptions(),
  );

  r.post(
    '/auth/passkey',
    {
      config: { ...limited, access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with a passkey (its credential names the member)',
        body: passkeyAnswerBodySchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => passkeys.signIn(request.body, ua(request.headers)),
  );

  r.post(
    '/auth/reauthenticate',
    {
      config: { ...limited, ...own },
      schema: {
        tags,
        summary:
          'Confirm it is you: the password (or, with two-factor sign-in on, a code) makes this session a recent sign-in for 15 minutes',
        body: reauthenticateBodySchema,
        response: { 200: reauthenticateResponseSchema, ...errors },
      },
    },
    async (request) => twoFactor.reauthenticate(request.auth!, request.body),
  );

  r.get(
    '/auth/security',
    {
      config: own,
      schema: {
        tags,
        summary:
          'Two-factor sign-in, backup codes left, passkeys, and until when this sign-in counts as recent',
        response: { 200: securityStatusSchema, ...errors },
      },
    },
    async (request) => twoFactor.status(request.auth!),
  );

  r.post(
    '/auth/2fa/totp',
    {
      config: own,
      ...recent,
      schema: {
        tags,
        summary:
          'Start setting up an authenticator app: its secret, otpauth:// URI and QR code (needs a recent sign-in)',
        response: { 200: totpSetupResponseSchema, ...errors },
      },
    },
    async (request) => twoFactor.startTotp(request.auth!.user),
  );

  r.post(
    '/auth/2fa/totp/confirm',
    {
      config: own,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in on with a first code; answers the 10 backup codes, once',
        body: totpConfirmBodySchema,
        response: { 200: backupCodesResponseSchema, ...errors },
      },
    },
    async (request) => twoFactor.confirmTotp(request.auth!.user, request.body.code),
  );

  r.delete(
    '/auth/2fa/totp',
    {
      config: own,
      ...recent,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (needs a recent sign-in); the backup codes go too',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await twoFactor.disableTotp(request.auth!.user);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/auth/2fa/backup-codes',
    {
      config: own,
      ...recent,
      schema: {
        tags,
        summary: 'New backup codes (the old ones stop working; needs a recent sign-in)',
        response: { 200: backupCodesResponseSchema, ...errors },
      },
    },
    async (request) => twoFactor.regenerateBackupCodes(request.auth!.user),
  );

  r.post(
    '/auth/passkeys/options',
    {
      config: own,
      ...recent,
      schema: {
        tags,
        summary: 'WebAuthn options to register a passkey (needs a recent sign-in)',
        response: { 200: passkeyOptionsResponseSchema, ...errors },
      },
    },
    async (request) => passkeys.registrationOptions(request.auth!.user),
  );

  r.post(
    '/auth/passkeys',
    {
      config: own,
      schema: {
        tags,
        summary: 'Register a passkey with a name',
        body: passkeyRegisterBodySchema,
        response: { 201: passkeySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await passkeys.register(request.auth!.user, request.body)),
  );

  r.delete(
    '/auth/passkeys/:id',
    {
      config: own,
      ...recent,
      schema: {
        tags,
        summary: 'Remove a passkey (needs a recent sign-in)',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await passkeys.remove(request.auth!.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

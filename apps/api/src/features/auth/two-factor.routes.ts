import type { FastifyInstance } from 'fastify';
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
import { idParams, sessionOnly } from '../../lib/route-kit';
import { routeTable } from '../../lib/route-table';
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
  const { twoFactor, passkeys, userOf } = opts;
  const api = routeTable(app, { tags: ['auth'], errors });
  /** Sign-in attempts: anyone, within the per-address budget. */
  const attempt = { access: 'public', config: attemptLimit(opts.rateLimit) } as const;
  const recent = { ...sessionOnly, hooks: { preValidation: requireRecentSignIn } } as const;
  const ua = (headers: Record<string, unknown>) =>
    typeof headers['user-agent'] === 'string' ? headers['user-agent'] : null;

  api.get('/auth/setup', {
    access: 'public',
    summary:
      'Whether the site has no account yet (the first registration then creates the administrator at once); nothing else',
    response: setupResponseSchema,
    errors: {},
    run: async ({ reply }) => {
      void reply.header('cache-control', 'no-store');
      return { firstRun: await opts.registration.firstRun() };
    },
  });

  api.post('/auth/2fa', {
    ...attempt,
    summary:
      'Finish a password sign-in with the code of the authenticator app or a backup code (each works once); 5 wrong codes per account in 15 minutes, then 429',
    body: secondFactorBodySchema,
    response: authResponseSchema,
    run: async ({ body }) => twoFactor.completeWithCode(body.challengeToken, body.code, userOf),
  });
  api.post('/auth/2fa/passkey/options', {
    ...attempt,
    summary: 'WebAuthn options to finish a password sign-in with one of the member’s passkeys',
    body: passkeyChallengeBodySchema,
    response: passkeyOptionsResponseSchema,
    run: async ({ body }) => passkeys.secondFactorOptions(body.challengeToken),
  });
  api.post('/auth/2fa/passkey', {
    ...attempt,
    summary: 'Finish a password sign-in with a passkey',
    body: passkeyAnswerBodySchema,
    response: authResponseSchema,
    run: async ({ body }) => passkeys.secondFactor(body),
  });
  api.post('/auth/passkey/options', {
    ...attempt,
    summary: 'WebAuthn options for signing in with a passkey, without a password',
    response: passkeyOptionsResponseSchema,
    run: async () => passkeys.signInOptions(),
  });
  api.post('/auth/passkey', {
    ...attempt,
    summary: 'Sign in with a passkey (its credential names the member)',
    body: passkeyAnswerBodySchema,
    response: authResponseSchema,
    run: async ({ body, req }) => passkeys.signIn(body, ua(req.headers)),
  });

  api.post('/auth/reauthenticate', {
    ...sessionOnly,
    config: { ...attempt.config, ...sessionOnly.config },
    summary:
      'Confirm it is you: the password (or, with two-factor sign-in on, a code) makes this session a recent sign-in for 15 minutes',
    body: reauthenticateBodySchema,
    response: reauthenticateResponseSchema,
    run: async ({ body, req }) => twoFactor.reauthenticate(req.auth!, body),
  });
  api.get('/auth/security', {
    ...sessionOnly,
    summary:
      'Two-factor sign-in, backup codes left, passkeys, and until when this sign-in counts as recent',
    response: securityStatusSchema,
    run: async ({ req }) => twoFactor.status(req.auth!),
  });

  api.post('/auth/2fa/totp', {
    ...recent,
    summary:
      'Start setting up an authenticator app: its secret, otpauth:// URI and QR code (needs a recent sign-in)',
    response: totpSetupResponseSchema,
    run: async ({ req }) => twoFactor.startTotp(req.auth!.user),
  });
  api.post('/auth/2fa/totp/confirm', {
    ...sessionOnly,
    summary: 'Turn two-factor sign-in on with a first code; answers the 10 backup codes, once',
    body: totpConfirmBodySchema,
    response: backupCodesResponseSchema,
    run: async ({ body, req }) => twoFactor.confirmTotp(req.auth!.user, body.code),
  });
  api.delete('/auth/2fa/totp', {
    ...recent,
    summary: 'Turn two-factor sign-in off (needs a recent sign-in); the backup codes go too',
    status: 204,
    run: async ({ req }) => twoFactor.disableTotp(req.auth!.user),
  });
  api.post('/auth/2fa/backup-codes', {
    ...recent,
    summary: 'New backup codes (the old ones stop working; needs a recent sign-in)',
    response: backupCodesResponseSchema,
    run: async ({ req }) => twoFactor.regenerateBackupCodes(req.auth!.user),
  });

  api.post('/auth/passkeys/options', {
    ...recent,
    summary: 'WebAuthn options to register a passkey (needs a recent sign-in)',
    response: passkeyOptionsResponseSchema,
    run: async ({ req }) => passkeys.registrationOptions(req.auth!.user),
  });
  api.post('/auth/passkeys', {
    ...sessionOnly,
    summary: 'Register a passkey with a name',
    body: passkeyRegisterBodySchema,
    status: 201,
    response: passkeySchema,
    run: async ({ body, req }) => passkeys.register(req.auth!.user, body),
  });
  api.delete('/auth/passkeys/:id', {
    ...recent,
    summary: 'Remove a passkey (needs a recent sign-in)',
    params: idParams,
    status: 204,
    run: async ({ member, params }) => passkeys.remove(member.id, params.id),
  });
}

import { createAccountRepository } from '../../features/account/account.repository';
import { createAccountService } from '../../features/account/account.service';
import { createApiTokensRepository } from '../../features/api-tokens/api-tokens.repository';
import { createApiTokensService } from '../../features/api-tokens/api-tokens.service';
import { createAuthRepository } from '../../features/auth/auth.repository';
import { createAuthService } from '../../features/auth/auth.service';
import { createPasskeys } from '../../features/auth/passkeys.service';
import { createRegistration } from '../../features/auth/registration';
import { createOidcClient } from '../../features/auth/sso/oidc-client';
import { createSsoRepository } from '../../features/auth/sso/sso.repository';
import { createSsoService } from '../../features/auth/sso/sso.service';
import { createTwoFactorRepository } from '../../features/auth/two-factor.repository';
import { createTwoFactor } from '../../features/auth/two-factor.service';
import { nowIso } from '../../lib/time';
import type { Infrastructure } from './infrastructure';

/** Who someone is: sessions, registration, second factors, passkeys, single sign-on. */
export function wireIdentity({
  config,
  db,
  uow,
  events,
  jobs,
  mail,
  attempts,
  passwords,
}: Infrastructure) {
  const authRepo = createAuthRepository(db.kysely);
  const accountRepo = createAccountRepository(db.kysely);
  jobs.define('auth.delete-expired-sessions', async () => ({
    deleted: await authRepo.deleteExpiredSessions(nowIso()),
  }));
  jobs.schedule('auth.delete-expired-sessions', 3600);
  const auth = createAuthService({
    repo: authRepo,
    sessionTtlDays: config.sessionTtlDays,
    sessionMaxAgeDays: config.sessionMaxAgeDays,
    events,
    passwords,
    sessionCacheSeconds: config.sessionCacheSeconds,
    // A member's own record shows their pending e-mail change (ADR 152).
    pendingEmail: accountRepo.pendingEmail,
    passwordSignIn: config.passwordSignIn,
  });
  auth.subscribe();
  // Registering mails a link that creates the account (ADR 152): no address is revealed.
  const registration = createRegistration({
    repo: authRepo,
    uow,
    mail,
    attempts,
    events,
    auth,
    mailOutbox: !config.mail.smtpUrl,
    passwordSignIn: config.passwordSignIn,
  });
  // Second factors and passkeys (ADR 173): a right password of a member with 2FA on leaves a
  // challenge; the code or passkey that answers it signs in.
  const twoFactorRepo = createTwoFactorRepository(db.kysely);
  const twoFactor = createTwoFactor({
    repo: twoFactorRepo,
    uow,
    attempts,
    passwords,
    auth,
    issuer: `Series Tracker (${new URL(config.publicUrl).host})`,
  });
  auth.useSecondFactor((user, userAgent) => twoFactor.challengeFor(user, userAgent));
  const passkeys = createPasskeys({
    repo: twoFactorRepo,
    auth,
    twoFactor,
    userOf: (id) => authRepo.userById(id),
    publicUrl: config.publicUrl,
    rpName: 'Series Tracker',
  });
  // Single sign-on with an OpenID Provider (issue 28, ADR 174), when OIDC_ISSUER is set.
  const sso = createSsoService({
    settings: config.oidc,
    passwordSignIn: config.passwordSignIn,
    client: config.oidc
      ? createOidcClient(config.oidc, `${config.publicUrl}/api/auth/oidc/callback`)
      : null,
    repo: createSsoRepository(db.kysely),
    authRepo,
    auth,
    uow,
    events,
  });
  return { authRepo, accountRepo, auth, registration, twoFactor, passkeys, sso };
}

/** A member's own account: settings, password reset, e-mail, deletion; personal API tokens. */
export function wireAccount(
  infra: Infrastructure,
  { accountRepo }: Pick<ReturnType<typeof wireIdentity>, 'accountRepo'>,
) {
  const { config, db, uow, passwords, attempts, erasure, events, jobs, mail, storage, log } = infra;
  // Account (issue 12): settings, password reset, email confirmation, sessions, deletion.
  const account = createAccountService({
    repo: accountRepo,
    uow,
    passwords,
    attempts,
    erasure,
    events,
    jobs,
    mail,
    storage,
    log,
    passwordSignIn: config.passwordSignIn,
  });
  // Personal API tokens and media-server scrobbling (issue 22, ADR 161): plays from a media
  // server go through tracking's write rule (scrobble-play.ts).
  const apiTokens = createApiTokensService({
    repo: createApiTokensRepository(db.kysely),
    attempts,
  });
  return { account, apiTokens };
}

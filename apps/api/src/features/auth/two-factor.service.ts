import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  accountMessages,
  errorCodes,
  securityErrorCodes,
  securityLimits,
  securityMessages,
  type AuthResponse,
  type BackupCodes,
  type SecondFactorMethod,
  type SecondFactorRequired,
  type SecurityStatus,
  type TotpSetup,
} from '@series-tracker/contracts';
import type { AuthChallengeRow, UserRow } from '../../db/types';
import { AppError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AttemptCounter } from '../../platform/attempts';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AuthService, ResolvedSession } from './auth.service';
import type { PasswordGuard } from './password-guard';
import { hasPassword } from './password';
import { recentUntil } from './recent-sign-in';
import { hashToken, newToken } from './tokens';
import type { TwoFactorRepository } from './two-factor.repository';
import type { Text } from '../../lib/i18n/text';

/** The purpose of a sign-in waiting for its second factor (auth_challenges.purpose). */
export const SECOND_FACTOR = 'second-factor';

const failuresWindowMs = securityLimits.secondFactorWindowMinutes * 60_000;
const periodMs = securityLimits.totpPeriodSeconds * 1000;
/** Backup codes: 10 characters without look-alikes (no 0/o, 1/l/i), shown as xxxxx-xxxxx. */
const backupAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

const codeInvalid = (message: Text = securityMessages.codeInvalid) =>
  new AppError(400, securityErrorCodes.codeInvalid, message, { code: message });
export const challengeInvalid = () =>
  new AppError(400, securityErrorCodes.challengeInvalid, securityMessages.challengeInvalid);

function newBackupCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += backupAlphabet[randomInt(backupAlphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
const backupHash = (code: string) => hashToken(code.toLowerCase().replace(/[\s-]/g, ''));

export interface TwoFactorOptions {
  repo: TwoFactorRepository;
  uow: UnitOfWork;
  /** Wrong codes per account (Redis or memory): 5 per 15 minutes, then 429. */
  attempts: AttemptCounter;
  passwords: PasswordGuard;
  auth: Pick<AuthService, 'signIn' | 'markVerified'>;
  /** The name authenticator apps show (the site's host). */
  issuer: string;
}

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238 via otpauth) and backup codes
 * (ADR 173). A right password of a member with it on leaves a 5-minute challenge instead of a
 * session; POST /auth/2fa with a code (or a passkey, passkeys.service.ts) finishes it. Every
 * code is counted per account before it is checked (5 wrong in 15 minutes, then 429), a TOTP
 * step is accepted once (replay), a backup code once.
 */
export function createTwoFactor({
  repo,
  uow,
  attempts,
  passwords,
  auth,
  issuer,
}: TwoFactorOptions) {
  const totpFor = (user: UserRow, secret: string) =>
    new TOTP({
      issuer,
      label: user.username,
      algorithm: 'SHA1',
      digits: securityLimits.totpDigits,
      period: securityLimits.totpPeriodSeconds,
      secret: Secret.fromBase32(secret),
    });

  /** Accepts a TOTP code once: the step it belongs to must be later than the last accepted. */
  async function acceptTotp(user: UserRow, secret: string, code: string): Promise<boolean> {
    const delta = totpFor(user, secret).validate({
      token: code,
      window: securityLimits.totpWindow,
    });
    if (delta === null) return false;
    const step = Math.floor(Date.now() / periodMs) + delta;
    return repo.acceptStep(user.id, step);
  }

  /** A TOTP code or an unused backup code of a member with 2FA on, inside the budget. */
  async function checkCode(user: UserRow, raw: string): Promise<boolean> {
    const key = `second-factor:${user.id}`;
    if ((await attempts.hit(key, failuresWindowMs)) > securityLimits.secondFactorFailuresMax)
      throw new AppError(429, errorCodes.rateLimited, securityMessages.tooManyCodes);
    const code = raw.replace(/[\s-]/g, '');
    const totp = await repo.totp(user.id);
    if (!totp?.confirmed_at) return false;
    const ok = /^\d+$/.test(code)
      ? await acceptTotp(user, totp.secret, code)
      : await repo.spendBackupCode(user.id, backupHash(code), nowIso());
    if (ok) await attempts.reset(key);
    return ok;
  }

  async function newBackupCodes(userId: number): Promise<BackupCodes> {
    const codes = Array.from({ length: securityLimits.backupCodeCount }, newBackupCode);
    await uow.run((trx) => repo.replaceBackupCodes(trx, userId, codes.map(backupHash), nowIso()));
    return { backupCodes: codes };
  }

  async function methodsOf(userId: number): Promise<SecondFactorMethod[]> {
    const totp = await repo.totp(userId);
    if (!totp?.confirmed_at) return [];
    const methods: SecondFactorMethod[] = ['totp', 'backup'];
    if ((await repo.passkeys(userId)).length) methods.push('passkey');
    return methods;
  }

  /** The sign-in waiting for its second factor behind a token, or 400 CHALLENGE_INVALID. */
  async function pending(challengeToken: string): Promise<AuthChallengeRow & { user_id: number }> {
    const row = await repo.challenge(hashToken(challengeToken), SECOND_FACTOR, nowIso());
    if (!row || row.user_id === null) throw challengeInvalid();
    return { ...row, user_id: row.user_id };
  }

  return {
    /** Two-factor sign-in is on for this member (a confirmed authenticator app). */
    async isOn(userId: number): Promise<boolean> {
      return (await methodsOf(userId)).length > 0;
    },

    /** For auth.login: a challenge when the member has 2FA on, else null (a session follows). */
    async challengeFor(
      user: UserRow,
      userAgent: string | null,
    ): Promise<SecondFactorRequired | null> {
      const methods = await methodsOf(user.id);
      if (!methods.length) return null;
      const token = newToken();
      const now = nowIso();
      const expiresAt = new Date(
        Date.parse(now) + securityLimits.challengeMinutes * 60_000,
      ).toISOString();
      await repo.insertChallenge({
        token_hash: hashToken(token),
        purpose: SECOND_FACTOR,
        user_id: user.id,
        challenge: null,
        user_agent: userAgent?.slice(0, 300) ?? null,
        created_at: now,
        expires_at: expiresAt,
      });
      return { secondFactor: { challengeToken: token, methods, expiresAt } };
    },

    pending,

    /** The waiting sign-in becomes a session, once (two requests at once: one wins). */
    async finish(row: AuthChallengeRow, user: UserRow): Promise<AuthResponse> {
      if (!(await repo.takeChallenge(row.id))) throw challengeInvalid();
      return auth.signIn(user, row.user_agent);
    },

    /** POST /auth/2fa with a code: the session, or 400 CODE_INVALID (the challenge stays). */
    async completeWithCode(
      challengeToken: string,
      code: string,
      userOf: (id: number) => Promise<UserRow | undefined>,
    ): Promise<AuthResponse> {
      const row = await pending(challengeToken);
      const user = await userOf(row.user_id);
      if (!user) throw challengeInvalid();
      if (!(await checkCode(user, code))) throw codeInvalid();
      if (!(await repo.takeChallenge(row.id))) throw challengeInvalid();
      return auth.signIn(user, row.user_agent);
    },

    async status(resolved: ResolvedSession): Promise<SecurityStatus> {
      const userId = resolved.user.id;
      const totp = await repo.totp(userId);
      const passkeys = await repo.passkeys(userId);
      return {
        totp: Boolean(totp?.confirmed_at),
        backupCodesLeft: totp?.confirmed_at ? await repo.backupCodesLeft(userId) : 0,
        passkeys: passkeys.map((p) => ({
          id: p.id,
          name: p.name,
          createdAt: p.created_at,
          lastUsedAt: p.last_used_at,
        })),
        recentUntil: recentUntil(resolved.session),
        hasPassword: hasPassword(resolved.user.password_hash),
      };
    },

    /** Starts enrolment: a new secret, its otpauth:// URI and QR code (SVG). */
    async startTotp(user: UserRow): Promise<TotpSetup> {
      const existing = await repo.totp(user.id);
      if (existing?.confirmed_at)
        throw new AppError(409, errorCodes.conflict, securityMessages.totpAlreadyOn);
      const secret = new Secret({ size: 20 }).base32;
      await repo.startTotp(user.id, secret, nowIso());
      const uri = totpFor(user, secret).toString();
      const qrSvg = await QRCode.toString(uri, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
      });
      return { secret, uri, qrSvg };
    },

    /** The first right code turns 2FA on; the 10 backup codes are answered once. */
    async confirmTotp(user: UserRow, code: string): Promise<BackupCodes> {
      const totp = await repo.totp(user.id);
      if (!totp) throw new AppError(400, errorCodes.validation, securityMessages.totpNotStarted);
      if (totp.confirmed_at)
        throw new AppError(409, errorCodes.conflict, securityMessages.totpAlreadyOn);
      const key = `second-factor:${user.id}`;
      if ((await attempts.hit(key, failuresWindowMs)) > securityLimits.secondFactorFailuresMax)
        throw new AppError(429, errorCodes.rateLimited, securityMessages.tooManyCodes);
      if (!(await acceptTotp(user, totp.secret, code.replace(/\s/g, ''))))
        throw codeInvalid(securityMessages.totpCodeInvalid);
      await attempts.reset(key);
      const codes = Array.from({ length: securityLimits.backupCodeCount }, newBackupCode);
      const now = nowIso();
      await uow.run(async (trx) => {
        await repo.confirmTotp(trx, user.id, now);
        await repo.replaceBackupCodes(trx, user.id, codes.map(backupHash), now);
      });
      return { backupCodes: codes };
    },

    /** Turns 2FA off (the route asks for a recent sign-in): secret and backup codes go. */
    async disableTotp(user: UserRow): Promise<void> {
      await uow.run((trx) => repo.deleteTotp(trx, user.id));
    },

    async regenerateBackupCodes(user: UserRow): Promise<BackupCodes> {
      const totp = await repo.totp(user.id);
      if (!totp?.confirmed_at)
        throw new AppError(400, errorCodes.validation, securityMessages.twoFactorNotOn);
      return newBackupCodes(user.id);
    },

    /**
     * POST /auth/reauthenticate: the password (wrong ones counted as on sign-in) or, with 2FA
     * on, a code proves the holder again; the session is recent for 15 minutes.
     */
    async reauthenticate(
      resolved: ResolvedSession,
      proof: { password?: string | undefined; code?: string | undefined },
    ): Promise<{ recentUntil: string }> {
      const user = resolved.user;
      if (proof.password) {
        if (!(await passwords.check(user, proof.password)))
          throw new AppError(
            400,
            errorCodes.invalidCredentials,
            accountMessages.passwordIncorrect,
            {
              password: accountMessages.passwordIncorrect,
            },
          );
      } else if (!(await checkCode(user, proof.code ?? ''))) throw codeInvalid();
      const at = await auth.markVerified(resolved);
      return { recentUntil: recentUntil({ ...resolved.session, verified_at: at })! };
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;

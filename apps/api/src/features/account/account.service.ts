import { randomBytes } from 'node:crypto';
import {
  accountErrorCodes,
  accountLimits,
  accountMessages,
  authMessages,
  errorCodes,
  peopleMessages,
  type AccountSession,
  type CurrentUser,
  type UpdateMeInput,
} from '@series-tracker/contracts';
import type { SessionRow, UserRow, UserUpdate } from '../../db/types';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { nowIso } from '../../lib/time';
import type { AttemptCounter } from '../../platform/attempts';
import type { UserErasure } from '../../platform/erasure';
import type { EventBus } from '../../platform/events';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Logger } from '../../platform/logger';
import type { Mail } from '../../platform/mail/mail';
import type { Storage } from '../../platform/storage';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { ResolvedSession } from '../auth/auth.service';
import { hashPassword, hasPassword } from '../auth/password';
import { assertRecentSignIn } from '../auth/recent-sign-in';
import { assertNewPasswordAllowed } from '../auth/password-policy';
import { assertPasswordSignIn } from '../auth/password-sign-in';
import type { PasswordGuard } from '../auth/password-guard';
import { toCurrentUser } from '../users/users.mapper';
import type { AccountRepository } from './account.repository';
import { badRequest, createAccountTokens, HOUR_MS, tokenUsed } from './account-tokens';
import { avatarVariants } from './avatar-image';
import { createEmailChange } from './email-change';
import type { Text } from '../../lib/i18n/text';

/** The job that looks up the address of a forgot-password request and mails it (if it is known). */
export const FORGOT_PASSWORD_JOB = 'account.forgot-password';
export const ERASE_FILES_JOB = 'account.erase-files';

/** Reset mails one address may be sent per hour; confirmation mails one account may ask for per hour. */
const FORGOT_PER_HOUR = 5;
const RESEND_PER_HOUR = 3;

export interface AccountServiceOptions {
  repo: AccountRepository;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  passwords: PasswordGuard;
  attempts: AttemptCounter;
  erasure: UserErasure;
  events: EventBus;
  jobs: Jobs;
  mail: Mail;
  storage: Storage;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** PASSWORD_SIGN_IN (ADR 174): off refuses forgot/reset password. Default on. */
  passwordSignIn?: boolean;
}

const rateLimited = (message: Text) => new AppError(429, errorCodes.rateLimited, message);

export function createAccountService(o: AccountServiceOptions) {
  const { repo, uow, passwords, attempts, erasure, events, jobs, mail, storage, log } = o;

  async function requirePassword(user: UserRow, password: string, field: string, message: Text) {
    if (!(await passwords.check(user, password))) {
      throw badRequest(errorCodes.invalidCredentials, message, field);
    }
  }

  /**
   * The proof a sensitive change takes: the current password, or for an account made through
   * single sign-on that has none, a recent sign-in ("Sign in again with …", ADR 174).
   */
  async function requireOwner(
    user: UserRow,
    session: SessionRow | null,
    password: string | undefined,
    field: string,
    messages: { required: Text; incorrect: Text },
  ) {
    if (!hasPassword(user.password_hash)) {
      if (!session) throw badRequest(errorCodes.validation, messages.required, field);
      assertRecentSignIn(session);
      return;
    }
    if (!password) throw badRequest(errorCodes.validation, messages.required, field);
    await requirePassword(user, password, field, messages.incorrect);
  }

  const tokens = createAccountTokens(repo);
  const emailChange = createEmailChange({ repo, uow, tokens, mail, attempts, events });

  /** The member's own record, with the new address waiting for its link. */
  async function ownRecord(user: UserRow): Promise<CurrentUser> {
    return toCurrentUser(user, await repo.pendingEmail(user.id));
  }

  async function sendVerification(user: UserRow): Promise<void> {
    const token = await tokens.issue(
      user.id,
      'email-verification',
      accountLimits.verifyTokenHours * HOUR_MS,
      user.email_lower,
    );
    await mail.send('email-verification', user, { username: user.username, token });
  }

  async function currentUser(userId: number): Promise<UserRow> {
    const user = await repo.user(userId);
    if (!user) throw notFound(peopleMessages.userNotFound);
    return user;
  }

  /** Avatar files of a stored avatar URL (both sizes), when this storage made it. */
  function avatarKeys(url: string | null): string[] {
    const key = url ? storage.keyOf(url) : null;
    if (!key) return [];
    const base = key.replace(/-\d+\.webp$/, '');
    return accountLimits.avatarSizes.map((size) => `${base}-${size}.webp`);
  }

  async function deleteFiles(keys: string[]) {
    for (const key of keys) {
      await storage.delete(key).catch((err) => log.warn({ err, key }, 'could not delete a file'));
    }
  }

  /**
   * A deleted member's stored files (avatars, pending import uploads: ADR 140), after the
   * commit. When the store is down the account is gone anyway; a job tries again later.
   */
  async function eraseFiles(userId: number) {
    const failed = await erasure.runFiles(userId);
    if (!failed.length) return;
    log.warn(
      { userId, steps: failed.map((f) => f.name), err: failed[0]!.error },
      'could not delete a deleted account files yet; retrying in a job',
    );
    await jobs.enqueue(ERASE_FILES_JOB, { userId }).catch((err: unknown) => {
      log.error({ err, userId }, 'could not queue the deletion of a deleted account files');
    });
  }
  jobs.define<{ userId: number }, { erased: true }>(
    ERASE_FILES_JOB,
    async ({ payload }) => {
      const failed = await erasure.runFiles(payload.userId);
      if (failed.length) throw failed[0]!.error;
      return { erased: true };
    },
    { retryLimit: 8, retryDelaySeconds: 60, retryBackoff: true },
  );

  // A forgot-password request always just queues this job, so the answer takes the same time
  // whether or not the address has an account; the lookup and the mail happen here.
  jobs.define<{ email: string }, { sent: boolean }>(
    FORGOT_PASSWORD_JOB,
    async ({ payload }) => {
      const user = await repo.userByEmail(payload.email.toLowerCase());
      if (!user) return { sent: false };
      const token = await tokens.issue(
        user.id,
        'password-reset',
        accountLimits.resetTokenMinutes * 60_000,
        null,
      );
      await mail.send('password-reset', user, {
        username: user.username,
        token,
        expiresInMinutes: accountLimits.resetTokenMinutes,
      });
      return { sent: true };
    },
    { retryLimit: 3, retryDelaySeconds: 10 },
  );
  jobs.define('account.delete-old-tokens', async () => ({
    deleted: await repo.deleteOldTokens(new Date(Date.now() - 7 * 86_400_000).toISOString()),
  }));
  jobs.schedule('account.delete-old-tokens', 6 * 3600);

  return {
    async updateMe(
      userId: number,
      body: UpdateMeInput,
      session: SessionRow | null = null,
    ): Promise<CurrentUser> {
      const user = await currentUser(userId);
      const set: UserUpdate = {};
      let profileChanged = false;
      let newEmail: string | null = null;
      if (body.displayName !== undefined && body.displayName !== user.display_name) {
        set.display_name = body.displayName;
        profileChanged = true;
      }
      if (body.bio !== undefined && body.bio !== user.bio) {
        set.bio = body.bio;
        profileChanged = true;
      }
      if (body.isPrivate !== undefined && Number(!body.isPrivate) !== user.is_public) {
        set.is_public = body.isPrivate ? 0 : 1;
        profileChanged = true;
      }
      if (body.locale !== undefined && body.locale !== user.locale) set.locale = body.locale;
      if (body.username !== undefined && body.username !== user.username) {
        const lower = body.username.toLowerCase();
        if (await repo.taken(user.id, 'username_lower', lower)) throw usernameTaken();
        set.username = body.username;
        set.username_lower = lower;
        profileChanged = true;
      }
      if (body.email !== undefined && body.email.toLowerCase() !== user.email_lower) {
        await requireOwner(user, session, body.currentPassword, 'currentPassword', {
          required: accountMessages.currentPasswordRequired,
          incorrect: accountMessages.currentPasswordIncorrect,
        });
        // Each request mails some address: one account cannot mail the whole world. Counted
        // before anything is written, so a refused request changes nothing.
        if (
          (await attempts.hit(`email-change:${user.id}`, HOUR_MS)) >
          accountLimits.emailChangesPerHour
        )
          throw rateLimited(accountMessages.tooManyMails);
        // Not switched here: the link mailed to the new address does that (ADR 152).
        newEmail = body.email;
      } else if (body.email !== undefined) {
        // The address in force (perhaps in another case): any pending change is called off.
        await emailChange.cancel(user.id);
        // Only the case differs: same address, still verified.
        if (body.email !== user.email) set.email = body.email;
      }
      let updated = user;
      if (Object.keys(set).length > 0) {
        set.updated_at = nowIso();
        try {
          updated = await repo.updateUser(user.id, set);
        } catch (err) {
          if (isUniqueViolation(err, 'username_lower')) throw usernameTaken();
          throw err;
        }
        await events.emit('sessions.changed', { userId: user.id });
      }
      if (newEmail !== null) await emailChange.request(updated, newEmail);
      if (profileChanged) await events.emit('user.changed', { userId: user.id, change: 'profile' });
      return ownRecord(updated);
    },

    /** Stores the image's WebP sizes under fresh names, then points the account at them. */
    async uploadAvatar(userId: number, file: Buffer): Promise<CurrentUser> {
      const user = await currentUser(userId);
      const variants = await avatarVariants(file);
      const base = `avatars/${user.id}/${randomBytes(9)
        .toString('base64url')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}`;
      const keys = variants.map((v) => `${base}-${v.size}.webp`);
      try {
        for (const [i, v] of variants.entries()) await storage.put(keys[i]!, v.data, 'image/webp');
      } catch (err) {
        await deleteFiles(keys);
        throw err;
      }
      const largest = `${base}-${accountLimits.avatarSizes[0]}.webp`;
      let updated: UserRow;
      try {
        updated = await repo.updateUser(user.id, {
          avatar_url: storage.url(largest),
          updated_at: nowIso(),
        });
      } catch (err) {
        await deleteFiles(keys);
        throw err;
      }
      await deleteFiles(avatarKeys(user.avatar_url));
      await events.emit('user.changed', { userId: user.id, change: 'profile' });
      return ownRecord(updated);
    },

    async removeAvatar(userId: number): Promise<CurrentUser> {
      const user = await currentUser(userId);
      if (user.avatar_url === null) return ownRecord(user);
      const updated = await repo.updateUser(user.id, { avatar_url: null, updated_at: nowIso() });
      await deleteFiles(avatarKeys(user.avatar_url));
      await events.emit('user.changed', { userId: user.id, change: 'profile' });
      return ownRecord(updated);
    },

    /** Always the same answer; the work happens in FORGOT_PASSWORD_JOB. */
    async forgotPassword(email: string): Promise<void> {
      assertPasswordSignIn(o.passwordSignIn ?? true);
      const lower = email.toLowerCase();
      // Per address, known or not, so the limit itself says nothing about accounts.
      if ((await attempts.hit(`forgot:${lower}`, HOUR_MS)) > FORGOT_PER_HOUR)
        throw rateLimited(accountMessages.tooManyMails);
      await jobs.enqueue(FORGOT_PASSWORD_JOB, { email: lower });
    },

    async resetPassword(token: string, password: string): Promise<void> {
      assertPasswordSignIn(o.passwordSignIn ?? true);
      const row = await tokens.live(token, 'password-reset');
      const owner = await repo.user(row.user_id);
      assertNewPasswordAllowed(password, 'password', {
        username: owner?.username,
        email: owner?.email,
        displayName: owner?.display_name,
      });
      const hash = await hashPassword(password);
      const now = nowIso();
      await uow.run(async (trx) => {
        if (!(await repo.useToken(trx, row.id, now))) throw tokenUsed();
        await repo.setPassword(trx, row.user_id, hash, now);
        await repo.retireTokens(trx, row.user_id, 'password-reset', now);
        // A change of address asked for with the old password ends with it.
        await repo.retireTokens(trx, row.user_id, 'email-change', now);
        await repo.deleteSessions(trx, row.user_id, null);
      });
      await events.emit('sessions.changed', { userId: row.user_id });
      await passwords.reset(row.user_id);
      const user = await repo.user(row.user_id);
      if (user) await mail.send('password-changed', user, { username: user.username });
    },

    /** The old address's link: restores it, ends every session (ADR 150). */
    undoEmailChange: (token: string) => emailChange.undo(token),

    /**
     * A link from /verify-email: confirms the address in force (email-verification), or
     * switches to the new one of an e-mail change (ADR 152). Says which, for the page.
     */
    async verifyEmail(token: string): Promise<'confirmed' | 'changed'> {
      const row = await tokens.live(token, ['email-verification', 'email-change']);
      const user = await repo.user(row.user_id);
      if (!user) throw badRequest(accountErrorCodes.tokenInvalid, accountMessages.tokenInvalid);
      if (row.purpose === 'email-change') {
        await emailChange.confirm(row, user);
        return 'changed';
      }
      // The address changed since the mail went out: this link confirms nothing any more.
      if (user.email_lower !== row.email)
        throw badRequest(accountErrorCodes.tokenInvalid, accountMessages.tokenInvalid);
      const now = nowIso();
      await uow.run(async (trx) => {
        if (!(await repo.useToken(trx, row.id, now))) throw tokenUsed();
        if (user.email_verified_at === null) await repo.confirmEmail(trx, user.id, row.email!, now);
      });
      await events.emit('sessions.changed', { userId: user.id });
      return 'confirmed';
    },

    async resendVerification(userId: number): Promise<void> {
      const user = await currentUser(userId);
      if (user.email_verified_at !== null)
        throw conflict(accountErrorCodes.alreadyVerified, accountMessages.alreadyVerified);
      if ((await attempts.hit(`verify:${user.id}`, HOUR_MS)) > RESEND_PER_HOUR)
        throw rateLimited(accountMessages.tooManyMails);
      await sendVerification(user);
    },

    /** Sets a new password; every other session of the account is signed out. */
    async changePassword(
      auth: ResolvedSession,
      currentPassword: string,
      newPassword: string,
    ): Promise<void> {
      const user = await currentUser(auth.user.id);
      await requirePassword(
        user,
        currentPassword,
        'currentPassword',
        accountMessages.currentPasswordIncorrect,
      );
      assertNewPasswordAllowed(newPassword, 'newPassword', {
        username: user.username,
        email: user.email,
        displayName: user.display_name,
      });
      const hash = await hashPassword(newPassword);
      const now = nowIso();
      await uow.run(async (trx) => {
        await repo.setPassword(trx, user.id, hash, now);
        await repo.retireTokens(trx, user.id, 'password-reset', now);
        await repo.deleteSessions(trx, user.id, auth.session.id);
      });
      await events.emit('sessions.changed', { userId: user.id });
      await mail.send('password-changed', user, { username: user.username });
    },

    async sessions(auth: ResolvedSession): Promise<AccountSession[]> {
      const rows = await repo.sessions(auth.user.id);
      return rows.map((r) => ({
        id: r.id,
        userAgent: r.user_agent,
        createdAt: r.created_at,
        lastUsedAt: r.last_used_at,
        expiresAt: r.expires_at,
        current: r.id === auth.session.id,
      }));
    },

    async revokeSession(auth: ResolvedSession, id: number): Promise<void> {
      if (!(await repo.deleteSession(auth.user.id, id)))
        throw notFound(accountMessages.sessionNotFound);
      await events.emit('sessions.changed', { userId: auth.user.id });
    },

    async revokeOtherSessions(auth: ResolvedSession): Promise<number> {
      const revoked = await repo.deleteSessions(repo.db, auth.user.id, auth.session.id);
      await events.emit('sessions.changed', { userId: auth.user.id });
      return revoked;
    },

    /**
     * Deletes the account: every feature's erasure step (their rows and the counters those rows
     * moved) and the user row, in one transaction; then the avatar files.
     */
    async deleteAccount(auth: ResolvedSession, password: string | undefined): Promise<void> {
      const user = await currentUser(auth.user.id);
      await requireOwner(user, auth.session, password, 'password', {
        required: authMessages.passwordRequired,
        incorrect: accountMessages.passwordIncorrect,
      });
      await uow.run(async (trx) => {
        await erasure.run(trx, user.id);
        await repo.deleteUser(trx, user.id);
      });
      await eraseFiles(user.id);
      await attempts.reset(`password:${user.id}`);
      await events.emit('user.changed', { userId: user.id, change: 'deleted' });
    },
  };
}

const usernameTaken = () =>
  conflict(errorCodes.usernameTaken, authMessages.usernameTaken, {
    username: authMessages.usernameTaken,
  });

export type AccountService = ReturnType<typeof createAccountService>;

import { accountLimits, accountMessages, errorCodes } from '@series-tracker/contracts';
import type { AccountTokenRow, UserRow } from '../../db/types';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AttemptCounter } from '../../platform/attempts';
import type { EventBus } from '../../platform/events';
import type { Mail } from '../../platform/mail/mail';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AccountRepository } from './account.repository';
import { HOUR_MS, tokenUsed, type AccountTokens } from './account-tokens';

export interface EmailChangeOptions {
  repo: AccountRepository;
  uow: UnitOfWork;
  tokens: AccountTokens;
  mail: Mail;
  /** Mails per target address and hour (Redis or memory, shared by the servers). */
  attempts: AttemptCounter;
  events: EventBus;
}

/**
 * Changing the e-mail address without revealing whether an address has an account (issue 21,
 * ADR 152 "E-mail change", the same idea as registration). Asking only leaves a pending
 * change and mails the new address: a free one gets the link that switches to it; one with an
 * account gets a note to its owner instead, and its token is never mailed. Both answer the
 * same, do the same work and show the same `pendingEmail`. The address in force changes only
 * when the link is opened; then the old address is told, with its undo link (ADR 150).
 */
export function createEmailChange({
  repo,
  uow,
  tokens,
  mail,
  attempts,
  events,
}: EmailChangeOptions) {
  return {
    /** PUT /users/me with a new address (password checked already): returns the pending one. */
    async request(user: UserRow, email: string): Promise<string> {
      const lower = email.toLowerCase();
      const owner = await repo.userByEmail(lower);
      // One pending change per account: an earlier link stops working.
      const token = await uow.run(async (trx) => {
        await repo.retireTokens(trx, user.id, 'email-change', nowIso());
        return tokens.issue(
          user.id,
          'email-change',
          accountLimits.emailChangeHours * HOUR_MS,
          email,
          trx,
        );
      });
      // An address is not flooded by members typing it: past the budget the answer stays.
      const sent = await attempts.hit(`email-change-mail:${lower}`, HOUR_MS);
      if (sent <= accountLimits.emailChangeMailsPerHour) {
        if (owner) await mail.send('email-change-taken', owner, { username: owner.username });
        else
          await mail.send(
            'email-change-confirm',
            { email, locale: user.locale },
            {
              username: user.username,
              token,
              hours: accountLimits.emailChangeHours,
            },
          );
      }
      // Nothing to drop from the session cache: the pending address is never kept there.
      return email;
    },

    /** Setting the address back to the one in force: the pending change and its link end. */
    async cancel(userId: number): Promise<void> {
      await repo.retireTokens(repo.db, userId, 'email-change', nowIso());
    },

    /**
     * The new address's link (POST /auth/verify-email): the address is switched and confirmed,
     * the account's other links for an address end, and the old address gets its undo link.
     * Taken meanwhile: a neutral 409, and the link still works if it becomes free again.
     */
    async confirm(row: AccountTokenRow, user: UserRow): Promise<void> {
      const email = row.email!;
      const now = nowIso();
      let undoToken: string;
      try {
        undoToken = await uow.run(async (trx) => {
          if (!(await repo.useToken(trx, row.id, now))) throw tokenUsed();
          await repo.setConfirmedEmail(trx, user.id, email, now);
          await repo.retireTokens(trx, user.id, 'email-change', now);
          await repo.retireTokens(trx, user.id, 'email-verification', now);
          return tokens.issue(
            user.id,
            'email-change-undo',
            accountLimits.emailUndoDays * 24 * HOUR_MS,
            user.email,
            trx,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err, 'email_lower'))
          throw conflict(errorCodes.conflict, accountMessages.emailChangeUnavailable);
        throw err;
      }
      // A change made from a stolen session does not go unnoticed (ADR 150).
      await mail.send('email-changed', user, {
        username: user.username,
        token: undoToken,
        newEmailHint: maskEmail(email),
        days: accountLimits.emailUndoDays,
      });
      await events.emit('sessions.changed', { userId: user.id });
      await events.emit('user.changed', { userId: user.id, change: 'profile' });
    },

    /** The old address's link: restores it, ends every session (ADR 150). */
    async undo(token: string): Promise<void> {
      const row = await tokens.live(token, 'email-change-undo');
      const now = nowIso();
      try {
        await uow.run(async (trx) => {
          if (!(await repo.useToken(trx, row.id, now))) throw tokenUsed();
          await repo.setConfirmedEmail(trx, row.user_id, row.email!, now);
          // Whoever made the change may have asked for another: that link dies too.
          for (const purpose of undone) await repo.retireTokens(trx, row.user_id, purpose, now);
          await repo.deleteSessions(trx, row.user_id, null);
        });
      } catch (err) {
        // Another account took the old address meanwhile: nothing changed.
        if (isUniqueViolation(err, 'email_lower'))
          throw conflict(errorCodes.conflict, accountMessages.emailUnavailable, {
            email: accountMessages.emailUnavailable,
          });
        throw err;
      }
      await events.emit('sessions.changed', { userId: row.user_id });
      await events.emit('user.changed', { userId: row.user_id, change: 'profile' });
    },
  };
}

const undone = ['email-verification', 'email-change', 'email-change-undo'] as const;

export type EmailChange = ReturnType<typeof createEmailChange>;

/** `j***@e***.test`: enough for the owner to recognise, too little to write to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${email[0]}***@${host[0] ?? ''}***${tld}`;
}

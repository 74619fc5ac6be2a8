import { setTimeout as sleep } from 'node:timers/promises';
import { accountLimits, accountMessages, errorCodes } from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';
import type { AttemptCounter } from '../../platform/attempts';
import type { UserRow } from '../../db/types';
import { dummyPasswordHash, verifyPassword } from './password';

const windowMs = accountLimits.passwordFailuresWindowMinutes * 60_000;

export interface PasswordDelay {
  /** The first delayed attempt (the 6th in a window) waits this long; each next one twice more. */
  baseMs: number;
  /** No attempt waits longer: the member with the right password always gets in. */
  maxMs: number;
}
export const defaultPasswordDelay: PasswordDelay = { baseMs: 250, maxMs: 2_000 };

/**
 * Wrong passwords, counted two ways (ADR 150, replacing ADR 100's per-account lockout), each
 * per account and identifier (`accountKey`):
 * - per account and address: after 5 in 15 minutes that address gets 429 for that account,
 *   right password or not, so one address cannot keep guessing;
 * - per account, from anywhere: past 5 every check waits a growing, bounded delay, so guesses
 *   from many addresses slow down, but the right password from another address still signs
 *   in: a stranger can no longer lock a member out.
 * An unknown sign-in name is counted by the name, exactly like an account, and checked
 * against a dummy hash, so the answers and their timing say nothing about which exist.
 * Every attempt is counted before the password is checked, in one atomic step (INCR in Redis,
 * one synchronous update in memory; issue 20): 20 guesses at once from one address get 5
 * checks and 15 × 429. A right password gives both budgets back.
 */
export function createPasswordGuard(
  attempts: AttemptCounter,
  delay: PasswordDelay = defaultPasswordDelay,
) {
  /**
   * The budget a sign-in spends: the account's, resolved first (so case or spaces make no
   * fresh budget), one for its username and one for its e-mail address; an unknown name's
   * own. Were the two identifiers one budget, a spent username would show as a 429 (or a
   * wait) on its e-mail address and nowhere else, telling which address goes with which
   * public name (review of 2026-11-26). Checks inside a session have no identifier.
   */
  const accountKey = (user: UserRow | null, identifier: string | undefined) => {
    if (identifier === undefined) return `password:${user?.id ?? 'none'}`;
    const name = identifier.trim().toLowerCase();
    if (!user) return `password:name:${name}`;
    return `password:${user.id}:${name.includes('@') ? 'email' : 'username'}`;
  };
  const refuse = () =>
    new AppError(429, errorCodes.rateLimited, accountMessages.tooManyPasswordFailures);

  return {
    /**
     * True when the password is right; 429 while this address's budget for the account is
     * spent. `address` is absent for checks inside a signed-in session (change password…).
     */
    async check(
      user: UserRow | null,
      password: string,
      opts: { identifier?: string; address?: string | null } = {},
    ): Promise<boolean> {
      const account = accountKey(user, opts.identifier);
      const pair = opts.address ? `${account}:from:${opts.address}` : null;
      if (pair && (await attempts.hit(pair, windowMs)) > accountLimits.passwordFailuresMax)
        throw refuse();
      const n = await attempts.hit(account, windowMs);
      const over = n - accountLimits.passwordFailuresMax;
      if (over > 0) await sleep(Math.min(delay.maxMs, delay.baseMs * 2 ** (over - 1)));
      const ok = user
        ? await verifyPassword(password, user.password_hash)
        : await verifyPassword(password, await dummyPasswordHash()).then(() => false);
      if (ok) {
        await attempts.reset(account);
        if (pair) await attempts.reset(pair);
      }
      return ok;
    },
    /** A new password (reset) starts clean budgets. */
    async reset(userId: number) {
      for (const key of [
        `password:${userId}`,
        `password:${userId}:username`,
        `password:${userId}:email`,
      ])
        await attempts.reset(key);
    },
  };
}

export type PasswordGuard = ReturnType<typeof createPasswordGuard>;

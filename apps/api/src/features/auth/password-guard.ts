import { accountLimits, accountMessages, errorCodes } from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';
import type { AttemptCounter } from '../../platform/attempts';
import type { UserRow } from '../../db/types';
import { verifyPassword } from './password';

const windowMs = accountLimits.passwordFailuresWindowMinutes * 60_000;
const key = (userId: number) => `password:${userId}`;

/**
 * Wrong passwords per account (docs/decisions/100-account.md): after 5 in 15 minutes every
 * password check of that account (sign-in, change password, change email, delete account)
 * answers 429 until the window ends, whichever address the guesses come from. This is a budget
 * of its own, beside the per-address limit on the routes.
 */
export function createPasswordGuard(attempts: AttemptCounter) {
  return {
    /**
     * True when the password is right; throws 429 while the account's budget is spent.
     * The attempt is counted before the password is checked, in one atomic step (INCR in
     * Redis, one synchronous update in memory): 20 guesses at once get 5 answers and 15 × 429,
     * where reading, checking and then counting let all 20 through (issue 20). A right
     * password gives the budget back.
     */
    async check(user: UserRow, password: string): Promise<boolean> {
      const n = await attempts.hit(key(user.id), windowMs);
      if (n > accountLimits.passwordFailuresMax) {
        throw new AppError(429, errorCodes.rateLimited, accountMessages.tooManyPasswordFailures);
      }
      const ok = await verifyPassword(password, user.password_hash);
      if (ok) await attempts.reset(key(user.id));
      return ok;
    },
    /** A new password (reset) starts a clean budget. */
    reset: (userId: number) => attempts.reset(key(userId)),
  };
}

export type PasswordGuard = ReturnType<typeof createPasswordGuard>;

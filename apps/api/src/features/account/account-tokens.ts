import { accountErrorCodes, accountMessages } from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { Executor } from '../../platform/unit-of-work';
import { hashToken, newToken } from '../auth/tokens';
import type { AccountRepository, TokenPurpose } from './account.repository';
import type { Text } from '../../lib/i18n/text';

export const HOUR_MS = 3_600_000;

export const badRequest = (code: string, message: Text, field?: string) =>
  new AppError(400, code, message, field ? { [field]: message } : undefined);

export const tokenUsed = () => badRequest(accountErrorCodes.tokenUsed, accountMessages.tokenUsed);

/** The account's one-time links: only a SHA-256 of each token is stored. */
export function createAccountTokens(repo: AccountRepository) {
  return {
    /** A new token of `purpose` for the user, valid `ttlMs`; `q` puts it in a transaction. */
    async issue(
      userId: number,
      purpose: TokenPurpose,
      ttlMs: number,
      email: string | null,
      q?: Executor,
    ): Promise<string> {
      const token = newToken();
      const now = nowIso();
      await repo.insertToken(
        {
          user_id: userId,
          purpose,
          token_hash: hashToken(token),
          email,
          created_at: now,
          expires_at: new Date(Date.parse(now) + ttlMs).toISOString(),
        },
        q,
      );
      return token;
    },

    /** The unused, unexpired token behind `token`, or a 400 that says which it is not. */
    async live(token: string, purposes: TokenPurpose | readonly TokenPurpose[]) {
      const row = await repo.token(hashToken(token), purposes);
      if (!row) throw badRequest(accountErrorCodes.tokenInvalid, accountMessages.tokenInvalid);
      if (row.used_at) throw tokenUsed();
      if (Date.parse(row.expires_at) <= Date.now())
        throw badRequest(accountErrorCodes.tokenExpired, accountMessages.tokenExpired);
      return row;
    },
  };
}

export type AccountTokens = ReturnType<typeof createAccountTokens>;

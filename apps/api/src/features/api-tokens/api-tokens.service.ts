import {
  apiTokenLimits,
  apiTokenPrefix,
  errorCodes,
  integrationMessages,
  tokenScopes,
  type ApiToken,
  type CreateApiTokenBody,
  type CreatedApiToken,
  type TokenScope,
} from '@series-tracker/contracts';
import type { ApiTokenRow } from '../../db/types';
import { AppError, conflict } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AttemptCounter } from '../../platform/attempts';
import { authorize } from '../../platform/policy';
import type { ResolvedSession } from '../auth/auth.service';
import { hashToken, newToken } from '../auth/tokens';
import type { ApiTokensRepository } from './api-tokens.repository';
import { tokenSession } from './token-session';

const MINUTE = 60_000;

const scopesOf = (row: ApiTokenRow): TokenScope[] =>
  row.scopes
    .split(' ')
    .filter((s): s is TokenScope => (tokenScopes as readonly string[]).includes(s));

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: scopesOf(row),
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export interface ApiTokensServiceOptions {
  repo: ApiTokensRepository;
  /** Requests per token per minute (Redis-shared when set). */
  attempts: AttemptCounter;
  requestsPerMinute?: number;
}

/**
 * Personal API tokens (issue 22, ADR 161): `st_` + 256 random bits, stored as a SHA-256,
 * shown once. A request with one is signed in as its member with the token's scopes; what
 * each scope allows is decided per route by platform/access.ts.
 */
export function createApiTokensService({
  repo,
  attempts,
  requestsPerMinute = apiTokenLimits.requestsPerMinute,
}: ApiTokensServiceOptions) {
  return {
    async list(userId: number): Promise<ApiToken[]> {
      return (await repo.list(userId)).map(toApiToken);
    },

    async create(userId: number, body: CreateApiTokenBody): Promise<CreatedApiToken> {
      if ((await repo.count(userId)) >= apiTokenLimits.perMember)
        throw conflict(errorCodes.conflict, integrationMessages.tooManyTokens);
      const token = `${apiTokenPrefix}${newToken()}`;
      const scopes = tokenScopes.filter((s) => body.scopes.includes(s));
      const row = await repo.insert({
        user_id: userId,
        name: body.name,
        prefix: token.slice(0, apiTokenPrefix.length + 6),
        token_hash: hashToken(token),
        scopes: scopes.join(' '),
        created_at: nowIso(),
        last_used_at: null,
      });
      return { ...toApiToken(row), token };
    },

    /** Takes effect at once: tokens are looked up on every request, never cached. */
    async revoke(userId: number, id: number): Promise<void> {
      const row = await repo.byId(id);
      authorize(
        { id: userId },
        'delete',
        row && { kind: 'api-token', ownerId: row.user_id },
        integrationMessages.tokenNotFound,
      );
      await repo.remove(userId, id);
    },

    /**
     * The member behind an API token, or undefined. Counts the request against the token's
     * per-minute budget (429 past it) and notes when it was last used.
     */
    async resolve(token: string): Promise<ResolvedSession | undefined> {
      if (!token.startsWith(apiTokenPrefix)) return undefined;
      const found = await repo.withUser(hashToken(token));
      if (!found) return undefined;
      const { token: row, user } = found;
      const used = await attempts.hit(`api-token:${row.id}`, MINUTE);
      if (used > requestsPerMinute)
        throw new AppError(429, errorCodes.rateLimited, integrationMessages.tokenRateLimited);
      // A personal token does not expire; it works until its member deletes it.
      const presented = { ...row, expires_at: '9999-12-31T23:59:59.999Z' };
      const session = await tokenSession(user.id, presented, Date.now(), repo.touch);
      return { session, user, apiToken: { id: row.id, scopes: scopesOf(row) } };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;

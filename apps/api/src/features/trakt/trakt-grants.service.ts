import { randomBytes } from 'node:crypto';
import { errorCodes } from '@series-tracker/contracts';
import type { TraktGrantRow } from '../../db/types';
import { AppError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AttemptCounter } from '../../platform/attempts';
import { authorize } from '../../platform/policy';
import type { ResolvedSession } from '../auth/auth.service';
import { tokenSession } from '../api-tokens/token-session';
import { hashToken } from '../auth/tokens';
import type { TraktGrantsRepository } from './trakt-grants.repository';
import { verbatim, type Text } from '../../lib/i18n/text';

/** Trakt's access tokens last a day since 2025; apps refresh them with the refresh token. */
export const TRAKT_ACCESS_SECONDS = 24 * 60 * 60;

/** Trakt's tokens are 64 hex characters; ours look the same, so no app chokes on the length. */
export const newTraktToken = (): string => randomBytes(32).toString('hex');

/** The body of a successful /oauth/token and /oauth/device/token answer, as Trakt sends it. */
export interface TraktTokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
  created_at: number;
}

export interface TraktGrantsServiceOptions {
  repo: TraktGrantsRepository;
  attempts: AttemptCounter;
  /** Budgets per grant (Trakt: 1,000 reads per 5 minutes, writes about one a second). */
  limits?: { readsPer5Min: number; writesPer10s: number };
}

export interface TraktRateLimit {
  name: 'AUTHED_API_GET_LIMIT' | 'AUTHED_API_POST_LIMIT';
  period: number;
  limit: number;
  remaining: number;
  until: string;
}

/** 429 with Trakt's headers: Retry-After and X-Ratelimit (a JSON object, as Trakt sends it). */
export class TraktRateLimitError extends AppError {
  constructor(rateLimit: TraktRateLimit, retryAfter: number) {
    // The Trakt-compatible API answers in English, as Trakt does (ADR 186).
    super(429, errorCodes.rateLimited, verbatim('Rate limit exceeded'));
    this.headers = { 'retry-after': String(retryAfter), 'x-ratelimit': JSON.stringify(rateLimit) };
  }
}

/**
 * Apps connected through the Trakt-compatible OAuth (issue 27, ADR 170): each grant is a
 * member + the app's client id, with a hashed access token that expires and a hashed refresh
 * token used once. A request under /trakt with its access token is signed in as the member,
 * like a personal API token with `read` and `write:tracking` (platform/access.ts decides per
 * route); revoking deletes the grant, so its token stops at once.
 */
export function createTraktGrantsService({
  repo,
  attempts,
  limits = { readsPer5Min: 1000, writesPer10s: 10 },
}: TraktGrantsServiceOptions) {
  function answer(row: TraktGrantRow, access: string, refresh: string): TraktTokenAnswer {
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: TRAKT_ACCESS_SECONDS,
      refresh_token: refresh,
      scope: row.scope,
      created_at: Math.floor(Date.parse(row.refreshed_at) / 1000),
    };
  }

  return {
    /** A new grant for an app the member approved (device code or authorization code). */
    async issue(input: {
      userId: number;
      clientId: string;
      appName?: string | null;
    }): Promise<TraktTokenAnswer> {
      const access = newTraktToken();
      const refresh = newTraktToken();
      const now = nowIso();
      const row = await repo.insert({
        user_id: input.userId,
        client_id: input.clientId,
        app_name: input.appName ?? null,
        access_hash: hashToken(access),
        refresh_hash: hashToken(refresh),
        scope: 'public',
        created_at: now,
        refreshed_at: now,
        access_expires_at: new Date(Date.now() + TRAKT_ACCESS_SECONDS * 1000).toISOString(),
        last_used_at: null,
      });
      return answer(row, access, refresh);
    },

    /**
     * `refresh_token` grant: the presented refresh token is spent and a new pair issued for
     * the same grant; undefined when it is unknown, already used or belongs to another app.
     */
    async refresh(refreshToken: string, clientId: string): Promise<TraktTokenAnswer | undefined> {
      const oldHash = hashToken(refreshToken);
      const row = await repo.byRefreshHash(oldHash);
      if (!row || row.client_id !== clientId) return undefined;
      const access = newTraktToken();
      const refresh = newTraktToken();
      const now = nowIso();
      const next = {
        access_hash: hashToken(access),
        refresh_hash: hashToken(refresh),
        refreshed_at: now,
        access_expires_at: new Date(Date.now() + TRAKT_ACCESS_SECONDS * 1000).toISOString(),
      };
      if (!(await repo.rotate(row.id, oldHash, next))) return undefined;
      return answer({ ...row, ...next }, access, refresh);
    },

    /** /oauth/revoke: the grant behind an access (or refresh) token ends; unknown ones are fine. */
    async revokeToken(token: string): Promise<void> {
      const hash = hashToken(token);
      if (!(await repo.remove({ accessHash: hash }))) await repo.remove({ refreshHash: hash });
    },

    /** Settings › Apps & devices: the apps a member connected. */
    list(userId: number) {
      return repo.list(userId);
    },

    /** Settings › Apps & devices › Disconnect: takes effect at once (grants are never cached). */
    async revoke(userId: number, id: number, notFoundMessage: Text): Promise<void> {
      const row = await repo.byId(id);
      authorize(
        { id: userId },
        'delete',
        row && { kind: 'api-token', ownerId: row.user_id },
        notFoundMessage,
      );
      await repo.remove({ id });
    },

    /**
     * The member behind a Trakt access token, or undefined (unknown, revoked or expired).
     * Counts the request against the grant's read or write budget: TraktRateLimitError past it.
     */
    async resolve(token: string, method: string): Promise<ResolvedSession | undefined> {
      if (!/^[0-9a-f]{64}$/.test(token)) return undefined;
      const found = await repo.withUser(hashToken(token));
      if (!found) return undefined;
      const { grant, user } = found;
      const now = Date.now();
      if (Date.parse(grant.access_expires_at) <= now) return undefined;
      const write = !(method === 'GET' || method === 'HEAD' || method === 'OPTIONS');
      const [name, period, limit] = write
        ? (['AUTHED_API_POST_LIMIT', 10, limits.writesPer10s] as const)
        : (['AUTHED_API_GET_LIMIT', 300, limits.readsPer5Min] as const);
      const used = await attempts.hit(`trakt:${write ? 'w' : 'r'}:${grant.id}`, period * 1000);
      if (used > limit) {
        throw new TraktRateLimitError(
          {
            name,
            period,
            limit,
            remaining: 0,
            until: new Date(now + period * 1000).toISOString(),
          },
          period,
        );
      }
      const presented = {
        ...grant,
        token_hash: grant.access_hash,
        expires_at: grant.access_expires_at,
      };
      const session = await tokenSession(user.id, presented, now, repo.touch);
      return {
        session,
        user,
        apiToken: { id: grant.id, scopes: ['read', 'write:tracking'] },
        traktGrant: { id: grant.id, clientId: grant.client_id },
      };
    },
  };
}

export type TraktGrantsService = ReturnType<typeof createTraktGrantsService>;

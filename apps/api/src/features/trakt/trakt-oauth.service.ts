import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  formatUserCode,
  oobRedirectUri,
  traktOAuthErrorCodes,
  traktOAuthLimits,
  traktOAuthMessages,
  userCodeAlphabet,
  type ConnectedTraktApp,
  type TraktAuthorizeRequest,
  type TraktAuthorizeResult,
  type TraktDecision,
  type TraktDeviceRequest,
  type TraktTokenBody,
} from '@series-tracker/contracts';
import type { TraktDeviceCodeRow, TraktGrantRow, UserRow } from '../../db/types';
import { AppError, conflict, notFound } from '../../lib/errors';
import { assertMayWrite } from '../../platform/access';
import { hashToken } from '../auth/tokens';
import {
  newTraktToken,
  type TraktGrantsService,
  type TraktTokenAnswer,
} from './trakt-grants.service';
import type { TraktOAuthRepository } from './trakt-oauth.repository';

/**
 * An answer of Trakt's OAuth endpoints other than 200: the status apps act on, and an RFC 6749
 * error body (`{error, error_description}`), which is what Trakt sends.
 */
export class TraktOAuthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = 'TraktOAuthError';
  }
}

/** Trakt's device-token statuses, with the descriptions of its documentation. */
const device = {
  pending: () =>
    new TraktOAuthError(
      400,
      'authorization_pending',
      'Pending - waiting for the user to authorize your app',
    ),
  notFound: () => new TraktOAuthError(404, 'invalid_grant', 'Not Found - invalid device_code'),
  used: () =>
    new TraktOAuthError(409, 'invalid_grant', 'Already Used - user already approved this code'),
  expired: () =>
    new TraktOAuthError(
      410,
      'expired_token',
      'Expired - the tokens have expired, restart the process',
    ),
  denied: () =>
    new TraktOAuthError(418, 'access_denied', 'Denied - user explicitly denied this code'),
  slowDown: () =>
    new TraktOAuthError(429, 'slow_down', 'Slow Down - your app is polling too quickly'),
};

/** RFC 6749's sentence for every refused code or refresh token (Trakt sends it too). */
const invalidGrant = () =>
  new TraktOAuthError(
    401,
    'invalid_grant',
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  );
const invalidRequest = (what: string) =>
  new TraktOAuthError(400, 'invalid_request', `Missing required parameter: ${what}.`);

/**
 * A poll counts as too fast when it comes sooner than this share of the interval after the
 * previous one: apps that poll on a timer of exactly `interval` never trip it.
 */
const SLOW_DOWN_SHARE = 0.75;
/** Expired codes are kept this long, so an app polling late hears 410 rather than 404. */
const KEEP_EXPIRED_MS = 60 * 60 * 1000;

const isExpired = (row: { expires_at: string }, now = Date.now()) =>
  Date.parse(row.expires_at) <= now;

function newUserCode(): string {
  let code = '';
  for (let i = 0; i < traktOAuthLimits.userCodeLength; i++)
    code += userCodeAlphabet[randomInt(userCodeAlphabet.length)];
  return code;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** PKCE (RFC 7636): the verifier the app kept matches the challenge it sent first. */
function pkceMatches(challenge: string, method: string | null, verifier: string): boolean {
  if (method === 'S256')
    return sameText(createHash('sha256').update(verifier).digest('base64url'), challenge);
  return sameText(verifier, challenge);
}

const toConnectedApp = (row: TraktGrantRow): ConnectedTraktApp => ({
  id: row.id,
  clientId: row.client_id,
  connectedAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export interface TraktOAuthServiceOptions {
  repo: TraktOAuthRepository;
  grants: TraktGrantsService;
  /** The web app's address: the device flow's verification_url is `${publicUrl}/activate`. */
  publicUrl: string;
  /** Seconds apps wait between device-token polls (Trakt: 5). */
  deviceIntervalSeconds: number;
}

/**
 * OAuth 2 for apps speaking the Trakt API (issue 27, ADR 170 "OAuth for apps"): the device
 * flow (an app shows a code, the member enters it on /activate) and the authorization-code
 * flow (the consent page, PKCE when the app sends a challenge). Any client id is accepted:
 * apps ship their own, and pages show it rather than a name we cannot know. Codes are stored
 * as SHA-256 hashes only, used once, and expire.
 */
export function createTraktOAuthService({
  repo,
  grants,
  publicUrl,
  deviceIntervalSeconds,
}: TraktOAuthServiceOptions) {
  const purge = () => repo.purgeExpired(new Date(Date.now() - KEEP_EXPIRED_MS).toISOString());

  /** The pending device code behind what a member typed on /activate (normalised already). */
  async function pendingDevice(userCode: string): Promise<TraktDeviceCodeRow> {
    const row = await repo.deviceByUserCode(hashToken(userCode));
    if (!row) throw notFound(traktOAuthMessages.codeUnknown);
    if (row.state !== 'pending')
      throw conflict(traktOAuthErrorCodes.codeUsed, traktOAuthMessages.codeUsed);
    if (isExpired(row))
      throw new AppError(410, traktOAuthErrorCodes.codeExpired, traktOAuthMessages.codeExpired);
    return row;
  }

  return {
    /** POST /oauth/device/code: a device code for the app, a user code for the member. */
    async deviceCode(clientId: string) {
      await purge();
      const deviceCode = newTraktToken();
      const now = Date.now();
      for (let attempt = 0; ; attempt++) {
        const userCode = newUserCode();
        try {
          await repo.insertDeviceCode({
            client_id: clientId,
            device_hash: hashToken(deviceCode),
            user_code: hashToken(userCode),
            user_id: null,
            state: 'pending',
            interval_seconds: deviceIntervalSeconds,
            last_polled_at: null,
            created_at: new Date(now).toISOString(),
            expires_at: new Date(now + traktOAuthLimits.deviceCodeSeconds * 1000).toISOString(),
          });
          return {
            device_code: deviceCode,
            user_code: userCode,
            verification_url: `${publicUrl.replace(/\/+$/, '')}/activate`,
            expires_in: traktOAuthLimits.deviceCodeSeconds,
            interval: deviceIntervalSeconds,
          };
        } catch (err) {
          // 32^8 codes: a clash with a live one is rare; a fresh code settles it.
          if (attempt >= 2) throw err;
        }
      }
    },

    /**
     * POST /oauth/device/token: Trakt's statuses (400 pending, 404, 409 used, 410 expired,
     * 418 denied, 429 too fast), or the token answer once, when the member approved.
     */
    async pollDevice(code: string, clientId: string): Promise<TraktTokenAnswer> {
      const row = await repo.deviceByHash(hashToken(code));
      if (!row || row.client_id !== clientId) throw device.notFound();
      if (row.state === 'used') throw device.used();
      const now = Date.now();
      if (isExpired(row, now)) throw device.expired();
      const last = row.last_polled_at ? Date.parse(row.last_polled_at) : null;
      await repo.notePoll(row.id, new Date(now).toISOString());
      if (last !== null && now - last < row.interval_seconds * 1000 * SLOW_DOWN_SHARE)
        throw device.slowDown();
      if (row.state === 'denied') throw device.denied();
      if (row.state !== 'approved' || row.user_id === null) throw device.pending();
      // Two polls racing for one approval: only the one that moves it to `used` gets a token.
      if (!(await repo.moveDevice(row.id, 'approved', { state: 'used' }))) throw device.used();
      return grants.issue({ userId: row.user_id, clientId: row.client_id });
    },

    /** /activate: the app waiting behind a code, before the member decides. */
    async lookupDevice(userCode: string): Promise<TraktDeviceRequest> {
      const row = await pendingDevice(userCode);
      return {
        clientId: row.client_id,
        userCode: formatUserCode(userCode),
        expiresAt: row.expires_at,
      };
    },

    /** /activate › Approve or Deny: the app's next poll gets its token, or 418. */
    async decideDevice(user: UserRow, userCode: string, decision: TraktDecision) {
      assertMayWrite(user);
      const row = await pendingDevice(userCode);
      const moved = await repo.moveDevice(row.id, 'pending', {
        state: decision === 'approve' ? 'approved' : 'denied',
        user_id: user.id,
      });
      if (!moved) throw conflict(traktOAuthErrorCodes.codeUsed, traktOAuthMessages.codeUsed);
      return { clientId: row.client_id, decision };
    },

    /**
     * The consent page's answer: approve → a one-use code for the app's redirect address (or
     * shown on the page for the oob address); deny → `error=access_denied`.
     */
    async authorize(
      user: UserRow,
      request: TraktAuthorizeRequest,
      decision: TraktDecision,
    ): Promise<TraktAuthorizeResult> {
      const oob = request.redirect_uri === oobRedirectUri;
      const back = (params: Record<string, string>) => {
        const url = new URL(request.redirect_uri);
        for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
        if (request.state !== undefined) url.searchParams.set('state', request.state);
        return { redirectTo: url.toString() };
      };
      if (decision === 'deny') return oob ? { code: null } : back({ error: 'access_denied' });
      assertMayWrite(user);
      await purge();
      const code = newTraktToken();
      const now = Date.now();
      await repo.insertAuthCode({
        client_id: request.client_id,
        code_hash: hashToken(code),
        user_id: user.id,
        redirect_uri: request.redirect_uri,
        code_challenge: request.code_challenge ?? null,
        code_challenge_method: request.code_challenge
          ? (request.code_challenge_method ?? 'plain')
          : null,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + traktOAuthLimits.authCodeSeconds * 1000).toISOString(),
      });
      return oob ? { code } : back({ code });
    },

    /** POST /oauth/token: `authorization_code` or `refresh_token`. */
    async token(body: TraktTokenBody): Promise<TraktTokenAnswer> {
      if (body.grant_type === 'refresh_token') {
        if (!body.refresh_token) throw invalidRequest('refresh_token');
        const answer = await grants.refresh(body.refresh_token, body.client_id);
        if (!answer) throw invalidGrant();
        return answer;
      }
      if (body.grant_type !== 'authorization_code')
        throw new TraktOAuthError(
          400,
          'unsupported_grant_type',
          'The authorization grant type is not supported by the authorization server.',
        );
      if (!body.code) throw invalidRequest('code');
      if (!body.redirect_uri) throw invalidRequest('redirect_uri');
      const row = await repo.authCodeByHash(hashToken(body.code));
      if (
        !row ||
        isExpired(row) ||
        row.client_id !== body.client_id ||
        row.redirect_uri !== body.redirect_uri
      )
        throw invalidGrant();
      if (row.code_challenge) {
        if (!body.code_verifier) throw invalidRequest('code_verifier');
        if (!pkceMatches(row.code_challenge, row.code_challenge_method, body.code_verifier))
          throw invalidGrant();
      }
      if (!(await repo.spendAuthCode(row.id))) throw invalidGrant();
      return grants.issue({ userId: row.user_id, clientId: row.client_id });
    },

    /** POST /oauth/revoke: always 200 (RFC 7009), the grant ends if the token was one. */
    revoke(token: string) {
      return grants.revokeToken(token);
    },

    async listApps(userId: number): Promise<ConnectedTraktApp[]> {
      return (await grants.list(userId)).map(toConnectedApp);
    },

    disconnect(userId: number, id: number) {
      return grants.revoke(userId, id, traktOAuthMessages.appNotFound);
    },
  };
}

export type TraktOAuthService = ReturnType<typeof createTraktOAuthService>;

import {
  authMessages,
  errorCodes,
  type AuthResponse,
  type CurrentUser,
  type LoginBody,
  type LoginResponse,
  type SecondFactorRequired,
  type TokenScope,
} from '@series-tracker/contracts';
import { AppError, unauthorized } from '../../lib/errors';
import { addDays, nowIso } from '../../lib/time';
import type { SessionRow, UserRow } from '../../db/types';
import { toCurrentUser } from '../users/users.mapper';
import type { AuthRepository } from './auth.repository';
import { dummyPasswordHash, verifyPassword } from './password';
import { hashToken, newToken } from './tokens';
import type { EventBus } from '../../platform/events';
import type { PasswordGuard } from './password-guard';
import { assertPasswordSignIn } from './password-sign-in';
import { LRUCache } from 'lru-cache';

/** A session's expiry slides forward on use, but at most once an hour to spare writes. */
const SLIDE_AFTER_MS = 60 * 60 * 1000;

export interface AuthServiceOptions {
  repo: AuthRepository;
  sessionTtlDays: number;
  /** Days from sign-in after which a session ends however often it is used (ADR 150). */
  sessionMaxAgeDays?: number;
  /** Drops cached sessions on account and session changes (subscribe). */
  events?: EventBus;
  /** Wrong passwords per account (password-guard.ts); without it only the route's per-address limit applies. */
  passwords?: PasswordGuard;
  /**
   * How long a resolved token may be answered from memory (0: every request reads the
   * database). Revocations and account changes in this process drop it at once, through the
   * events; another app server's revocation is seen after at most this long (ADR 091).
   */
  sessionCacheSeconds?: number;
  /**
   * The new address a member's e-mail change waits on (account feature, ADR 152), for their
   * own record; read on the routes that answer one, never kept in the session cache.
   */
  pendingEmail: (userId: number) => Promise<string | null>;
  /**
   * With two-factor sign-in on (ADR 173), a right password leaves a challenge for the second
   * factor instead of a session; null when the member has none. Bound after construction
   * (the two-factor service signs in through this one).
   */
  secondFactor?: (user: UserRow, userAgent: string | null) => Promise<SecondFactorRequired | null>;
  /** PASSWORD_SIGN_IN (ADR 174): off refuses password sign-in. Default on. */
  passwordSignIn?: boolean;
}

export interface ResolvedSession {
  session: SessionRow;
  user: UserRow;
  /** Set when the request carries a personal API token instead of a session (ADR 161). */
  apiToken?: { id: number; scopes: TokenScope[] };
  /** Set when the request carries a Trakt-compatible OAuth access token (ADR 170). */
  traktGrant?: { id: number; clientId: string };
}

export function createAuthService({
  repo,
  sessionTtlDays,
  sessionMaxAgeDays = 90,
  events,
  passwords,
  sessionCacheSeconds = 0,
  pendingEmail,
  secondFactor,
  passwordSignIn = true,
}: AuthServiceOptions) {
  // Signed-in state per token hash (ADR 091): a signed-in request otherwise costs two queries
  // before any work. Bounded in count and age; dropped by user on every change to the
  // member's sessions or account row (events below), and by token on sign-out and refresh.
  const sessions =
    sessionCacheSeconds > 0
      ? new LRUCache<string, ResolvedSession>({ max: 20_000, ttl: sessionCacheSeconds * 1000 })
      : null;
  // Bumped by every drop: a lookup that started before one must not store what it read.
  let generation = 0;
  function forgetUser(userId: number) {
    if (!sessions) return;
    generation++;
    for (const [hash, resolved] of sessions.entries())
      if (resolved.user.id === userId) sessions.delete(hash);
  }
  function forgetToken(tokenHash: string) {
    if (!sessions) return;
    generation++;
    sessions.delete(tokenHash);
  }

  /** The end of a session signed in at `createdAt`: beyond it no use slides the expiry on. */
  const endOf = (createdAt: string) => addDays(createdAt, sessionMaxAgeDays);
  const expiryFrom = (now: string, createdAt: string) => {
    const sliding = addDays(now, sessionTtlDays);
    const end = endOf(createdAt);
    return Date.parse(sliding) < Date.parse(end) ? sliding : end;
  };

  /**
   * A new token; a refresh passes the sign-in time on, so rotating never extends the end, and
   * the time identity was last proved (ADR 173), so rotating never makes a session "recent".
   */
  async function issueSession(
    user: UserRow,
    userAgent: string | null,
    rotated?: { signedInAt: string; verifiedAt: string | null },
  ): Promise<AuthResponse> {
    const token = newToken();
    const now = nowIso();
    const createdAt = rotated?.signedInAt ?? now;
    const expiresAt = expiryFrom(now, createdAt);
    await repo.insertSession({
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: createdAt,
      last_used_at: now,
      expires_at: expiresAt,
      user_agent: userAgent?.slice(0, 300) ?? null,
      verified_at: rotated ? rotated.verifiedAt : now,
    });
    return { token, expiresAt, user: toCurrentUser(user, await pendingEmail(user.id)) };
  }

  return {
    /**
     * Signs a member in without a password: a registration just finished by its mailed link
     * (registration.ts, ADR 152), the first account (ADR 173), a second factor or passkey
     * just checked (two-factor.service.ts), or an account a tool or test fixture created.
     */
    async signIn(user: UserRow, userAgent: string | null): Promise<AuthResponse> {
      return issueSession(user, userAgent);
    },

    async login(
      input: LoginBody,
      userAgent: string | null,
      address: string | null = null,
    ): Promise<LoginResponse> {
      assertPasswordSignIn(passwordSignIn);
      const user = (await repo.findUserByLogin(input.identifier.toLowerCase())) ?? null;
      // Known or not, the same counting and the same answers (password-guard.ts, ADR 150).
      const ok = passwords
        ? await passwords.check(user, input.password, { identifier: input.identifier, address })
        : user
          ? await verifyPassword(input.password, user.password_hash)
          : await verifyPassword(input.password, await dummyPasswordHash()).then(() => false);
      if (!user || !ok) {
        throw new AppError(401, errorCodes.invalidCredentials, authMessages.invalidCredentials);
      }
      const pending = await secondFactor?.(user, userAgent);
      return pending ?? issueSession(user, userAgent);
    },

    /** Binds the second-factor step (services.ts): it needs this service to sign in. */
    useSecondFactor(check: NonNullable<AuthServiceOptions['secondFactor']>) {
      secondFactor = check;
    },

    /**
     * The session just proved who holds it again (re-entered password, code, passkey): the
     * recent sign-in clock restarts (ADR 173). The cached copy goes with the old time.
     */
    async markVerified(resolved: ResolvedSession): Promise<string> {
      const now = nowIso();
      await repo.markSessionVerified(resolved.session.id, now);
      forgetToken(resolved.session.token_hash);
      resolved.session = { ...resolved.session, verified_at: now };
      return now;
    },

    /** The session behind a bearer token, or undefined when it is unknown or expired. */
    async resolveToken(token: string): Promise<ResolvedSession | undefined> {
      const hash = hashToken(token);
      const now = Date.now();
      const kept = sessions?.get(hash);
      if (
        kept &&
        Date.parse(kept.session.expires_at) > now &&
        Date.parse(endOf(kept.session.created_at)) > now
      )
        return kept;
      const started = generation;
      const found = await repo.findSessionWithUser(hash);
      if (!found) return undefined;
      if (
        Date.parse(found.session.expires_at) <= now ||
        Date.parse(endOf(found.session.created_at)) <= now
      ) {
        forgetToken(hash);
        await repo.deleteSession(found.session.id);
        return undefined;
      }
      if (now - Date.parse(found.session.last_used_at) > SLIDE_AFTER_MS) {
        const iso = new Date(now).toISOString();
        const expiresAt = expiryFrom(iso, found.session.created_at);
        await repo.extendSession(found.session.id, iso, expiresAt);
        found.session = { ...found.session, last_used_at: iso, expires_at: expiresAt };
      }
      if (sessions && started === generation) sessions.set(hash, found);
      return found;
    },

    async logout(session: SessionRow): Promise<void> {
      await repo.deleteSession(session.id);
      forgetToken(session.token_hash);
      await events?.emit('session.revoked', { tokenHash: session.token_hash });
    },

    /** Rotates the token: the old one stops working, the new one starts a fresh 30 days. */
    async refresh(resolved: ResolvedSession, userAgent: string | null): Promise<AuthResponse> {
      const revoked = await repo.deleteSession(resolved.session.id);
      forgetToken(resolved.session.token_hash);
      await events?.emit('session.revoked', { tokenHash: resolved.session.token_hash });
      if (!revoked) throw unauthorized(authMessages.notSignedIn);
      return issueSession(resolved.user, userAgent, {
        signedInAt: resolved.session.created_at,
        verifiedAt: resolved.session.verified_at,
      });
    },

    /**
     * The member's own record. The pending new address is read here, not kept with the
     * session (cache): one indexed lookup on the routes that answer a CurrentUser.
     */
    async me(resolved: ResolvedSession): Promise<CurrentUser> {
      return toCurrentUser(resolved.user, await pendingEmail(resolved.user.id));
    },

    /** Drops cached signed-in state when a member's sessions or account row change. */
    subscribe(): () => void {
      if (!events || !sessions) return () => undefined;
      const offs = [
        // On every server: a change made through another server counts here too.
        events.onEveryServer('sessions.changed', ({ userId }) => forgetUser(userId)),
        events.onEveryServer('session.revoked', ({ tokenHash }) => forgetToken(tokenHash)),
        events.onEveryServer('user.changed', ({ userId, change }) => {
          if (change !== 'registered') forgetUser(userId);
        }),
      ];
      return () => offs.forEach((off) => off());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

import {
  authMessages,
  errorCodes,
  type AuthResponse,
  type CurrentUser,
  type LoginBody,
} from '@series-tracker/contracts';
import { AppError, conflict, unauthorized } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { addDays, nowIso } from '../../lib/time';
import type { SessionRow, UserRow } from '../../db/types';
import { toCurrentUser } from '../users/users.mapper';
import type { AuthRepository } from './auth.repository';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { hashToken, newToken } from './tokens';
import type { EventBus } from '../../platform/events';
import type { PasswordGuard } from './password-guard';

/** A session's expiry slides forward on use, but at most once an hour to spare writes. */
const SLIDE_AFTER_MS = 60 * 60 * 1000;

export interface AuthServiceOptions {
  repo: AuthRepository;
  sessionTtlDays: number;
  /** Publishes user.changed (registered) after the user row is written. */
  events?: EventBus;
  /** Wrong passwords per account (password-guard.ts); without it only the route's per-address limit applies. */
  passwords?: PasswordGuard;
}

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  displayName?: string | undefined;
}

export interface ResolvedSession {
  session: SessionRow;
  user: UserRow;
}

/**
 * 409 for a registration that cannot go ahead (ADR 034). Usernames are public (profiles,
 * search), so a taken one is named, on its field. Whether an email address has an account
 * is not public: that case gets one neutral sentence, no field and the generic CONFLICT code,
 * the same whichever of the two was the reason as far as the words go.
 */
const takenError = (taken: { username: boolean; email: boolean }) =>
  taken.username
    ? conflict(errorCodes.usernameTaken, authMessages.usernameTaken, {
        username: authMessages.usernameTaken,
      })
    : conflict(errorCodes.conflict, authMessages.emailOrUsernameUnavailable);

export function createAuthService({ repo, sessionTtlDays, events, passwords }: AuthServiceOptions) {
  async function issueSession(user: UserRow, userAgent: string | null): Promise<AuthResponse> {
    const token = newToken();
    const now = nowIso();
    const expiresAt = addDays(now, sessionTtlDays);
    await repo.insertSession({
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: now,
      last_used_at: now,
      expires_at: expiresAt,
      user_agent: userAgent?.slice(0, 300) ?? null,
    });
    return { token, expiresAt, user: toCurrentUser(user) };
  }

  return {
    async register(input: RegisterInput, userAgent: string | null): Promise<AuthResponse> {
      const usernameLower = input.username.toLowerCase();
      const emailLower = input.email.toLowerCase();
      const taken = await repo.usernameOrEmailTaken(usernameLower, emailLower);
      if (taken.username || taken.email) throw takenError(taken);

      const now = nowIso();
      let user: UserRow;
      try {
        user = await repo.insertUser({
          username: input.username,
          username_lower: usernameLower,
          email: input.email,
          email_lower: emailLower,
          password_hash: await hashPassword(input.password),
          display_name: input.displayName ?? null,
          avatar_url: null,
          bio: null,
          is_public: 1,
          email_verified_at: null,
          created_at: now,
          updated_at: now,
        });
      } catch (error) {
        // Two registrations racing for the same name: the unique index decides.
        if (isUniqueViolation(error, 'username_lower'))
          throw takenError({ username: true, email: false });
        if (isUniqueViolation(error, 'email_lower'))
          throw takenError({ username: false, email: true });
        throw error;
      }
      await events?.emit('user.changed', { userId: user.id, change: 'registered' });
      return issueSession(user, userAgent);
    },

    async login(input: LoginBody, userAgent: string | null): Promise<AuthResponse> {
      const user = await repo.findUserByLogin(input.identifier.toLowerCase());
      const ok = user
        ? passwords
          ? await passwords.check(user, input.password)
          : await verifyPassword(input.password, user.password_hash)
        : await verifyPassword(input.password, await dummyPasswordHash()).then(() => false);
      if (!user || !ok) {
        throw new AppError(401, errorCodes.invalidCredentials, authMessages.invalidCredentials);
      }
      return issueSession(user, userAgent);
    },

    /** The session behind a bearer token, or undefined when it is unknown or expired. */
    async resolveToken(token: string): Promise<ResolvedSession | undefined> {
      const found = await repo.findSessionWithUser(hashToken(token));
      if (!found) return undefined;
      const now = Date.now();
      if (Date.parse(found.session.expires_at) <= now) {
        await repo.deleteSession(found.session.id);
        return undefined;
      }
      if (now - Date.parse(found.session.last_used_at) > SLIDE_AFTER_MS) {
        const iso = new Date(now).toISOString();
        await repo.extendSession(found.session.id, iso, addDays(iso, sessionTtlDays));
      }
      return found;
    },

    async logout(session: SessionRow): Promise<void> {
      await repo.deleteSession(session.id);
    },

    /** Rotates the token: the old one stops working, the new one starts a fresh 30 days. */
    async refresh(resolved: ResolvedSession, userAgent: string | null): Promise<AuthResponse> {
      const revoked = await repo.deleteSession(resolved.session.id);
      if (!revoked) throw unauthorized(authMessages.notSignedIn);
      return issueSession(resolved.user, userAgent);
    },

    me(resolved: ResolvedSession): CurrentUser {
      return toCurrentUser(resolved.user);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

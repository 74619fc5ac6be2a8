import {
  accountErrorCodes,
  authLimits,
  authMessages,
  errorCodes,
  type AuthResponse,
  type RegisterResponse,
} from '@series-tracker/contracts';
import type { NewUser, UserRow } from '../../db/types';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, conflict } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AttemptCounter } from '../../platform/attempts';
import type { EventBus } from '../../platform/events';
import type { Mail } from '../../platform/mail/mail';
import type { Tx, UnitOfWork } from '../../platform/unit-of-work';
import type { AuthRepository } from './auth.repository';
import type { AuthService } from './auth.service';
import { hashPassword } from './password';
import { assertNewPasswordAllowed } from './password-policy';
import { assertPasswordSignIn } from './password-sign-in';
import { hashToken, newToken } from './tokens';

const HOUR_MS = 3_600_000;

type AccountFields = Pick<
  NewUser,
  'username' | 'username_lower' | 'email' | 'email_lower' | 'display_name' | 'password_hash'
>;

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  displayName?: string | undefined;
}

export interface RegistrationOptions {
  repo: AuthRepository;
  uow: UnitOfWork;
  mail: Mail;
  /** Registration mails per address and hour (Redis or memory, shared by the servers). */
  attempts: AttemptCounter;
  events: EventBus;
  auth: Pick<AuthService, 'signIn'>;
  /** PASSWORD_SIGN_IN (ADR 174): off refuses registering (and finishing) with a password. */
  passwordSignIn?: boolean;
}

/** Usernames are public (profiles, search), so a taken one is named, on its field. */
const usernameTaken = () =>
  conflict(errorCodes.usernameTaken, authMessages.usernameTaken, {
    username: authMessages.usernameTaken,
  });

const linkInvalid = () =>
  new AppError(400, accountErrorCodes.tokenInvalid, authMessages.registrationLinkInvalid);

/**
 * Registration that does not reveal whether an address has an account (issue 21, ADR 152).
 * Registering only leaves a pending registration and mails the address: a new address gets
 * the link that creates the account and signs in; an address with an account gets a reminder
 * to its owner instead. Both answer the same 202, do the same work (one password hash, one
 * row, one queued mail) and reserve the username alike, so neither the answer, its timing nor
 * a second registration with the same username tells them apart.
 */
export function createRegistration({
  repo,
  uow,
  mail,
  attempts,
  events,
  auth,
  passwordSignIn = true,
}: RegistrationOptions) {
  async function insertAccount(q: Tx, fields: AccountFields, now: string) {
    return repo.insertUser(q, {
      ...fields,
      avatar_url: null,
      bio: null,
      is_public: 1,
      // The mailed link proved the mailbox: no confirmation mail follows.
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    });
  }

  /** 409 for the unique index's verdict when two finish with one username or address. */
  function mapTaken(error: unknown): never {
    if (isUniqueViolation(error, 'username_lower')) throw usernameTaken();
    if (isUniqueViolation(error, 'email_lower'))
      throw conflict(errorCodes.conflict, authMessages.registrationAddressTaken);
    throw error;
  }

  async function created(user: UserRow, userAgent: string | null): Promise<AuthResponse> {
    await events.emit('user.changed', { userId: user.id, change: 'registered' });
    return auth.signIn(user, userAgent);
  }

  return {
    async register(input: RegisterInput): Promise<RegisterResponse> {
      assertPasswordSignIn(passwordSignIn);
      assertNewPasswordAllowed(input.password, 'password');
      const usernameLower = input.username.toLowerCase();
      const emailLower = input.email.toLowerCase();
      const now = nowIso();
      if (
        (await repo.usernameTaken(usernameLower)) ||
        (await repo.usernameReserved(usernameLower, emailLower, now))
      )
        throw usernameTaken();
      const owner = await repo.userByEmail(emailLower);
      // A registered address gets a row too (its token is never mailed): same work, and the
      // username is held just as it would be for a new address.
      const token = newToken();
      const row = {
        username: input.username,
        username_lower: usernameLower,
        email: input.email,
        email_lower: emailLower,
        display_name: input.displayName ?? null,
        password_hash: await hashPassword(input.password),
        token_hash: hashToken(token),
        created_at: now,
        expires_at: new Date(
          Date.parse(now) + authLimits.registrationHours * HOUR_MS,
        ).toISOString(),
      };
      try {
        await uow.run((trx) => repo.replacePendingRegistration(trx, row));
      } catch (error) {
        // The same address registering twice at once: the other request's row and mail stand.
        if (!isUniqueViolation(error, 'pending_registrations')) throw error;
        return { message: authMessages.registrationSent, email: input.email };
      }
      // A mailbox is not flooded by strangers: past the budget the answer stays, the mail goes.
      const sent = await attempts.hit(`registration-mail:${emailLower}`, HOUR_MS);
      if (sent <= authLimits.registrationMailsPerHour) {
        if (owner)
          await mail.send('registration-exists', owner.email, { username: owner.username });
        else
          await mail.send('registration-confirm', input.email, {
            username: input.username,
            token,
            hours: authLimits.registrationHours,
          });
      }
      return { message: authMessages.registrationSent, email: input.email };
    },

    /** The mailed link: the account is created (address confirmed) and signed in. */
    async finish(token: string, userAgent: string | null): Promise<AuthResponse> {
      assertPasswordSignIn(passwordSignIn);
      const now = nowIso();
      const user = await uow
        .run(async (trx) => {
          const row = await repo.takePendingRegistration(trx, hashToken(token), now);
          if (!row) throw linkInvalid();
          return insertAccount(
            trx,
            {
              username: row.username,
              username_lower: row.username_lower,
              email: row.email,
              email_lower: row.email_lower,
              display_name: row.display_name,
              password_hash: row.password_hash,
            },
            now,
          );
        })
        .catch(mapTaken);
      return created(user, userAgent);
    },

    /**
     * An account whose address the caller vouches for, signed in: for operator tools and test
     * fixtures, which have no mailbox to click in. The web and the API never call it.
     */
    async createAccount(input: RegisterInput, userAgent: string | null = null) {
      assertNewPasswordAllowed(input.password, 'password');
      const now = nowIso();
      const password_hash = await hashPassword(input.password);
      const user = await uow
        .run((trx) =>
          insertAccount(
            trx,
            {
              username: input.username,
              username_lower: input.username.toLowerCase(),
              email: input.email,
              email_lower: input.email.toLowerCase(),
              display_name: input.displayName ?? null,
              password_hash,
            },
            now,
          ),
        )
        .catch(mapTaken);
      return created(user, userAgent);
    },
  };
}

export type Registration = ReturnType<typeof createRegistration>;

import {
  accountErrorCodes,
  authLimits,
  authMessages,
  errorCodes,
  type AuthResponse,
  type Locale,
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
  | 'username'
  | 'username_lower'
  | 'email'
  | 'email_lower'
  | 'display_name'
  | 'password_hash'
  | 'locale'
>;

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  displayName?: string | undefined;
  /**
   * The language the registration was made in (the request's Accept-Language, ADR 186): the
   * account starts with it, so its mails are in the language of the sign-up. Null: none of ours.
   */
  locale?: Locale | null | undefined;
}

/** The account row's fields from what a registration asked for (names compare without case). */
const accountFields = (input: RegisterInput, password_hash: string): AccountFields => ({
  username: input.username,
  username_lower: input.username.toLowerCase(),
  email: input.email,
  email_lower: input.email.toLowerCase(),
  display_name: input.displayName ?? null,
  password_hash,
  locale: input.locale ?? null,
});

export interface RegistrationOptions {
  repo: AuthRepository;
  uow: UnitOfWork;
  mail: Mail;
  /** Registration mails per address and hour (Redis or memory, shared by the servers). */
  attempts: AttemptCounter;
  events: EventBus;
  auth: Pick<AuthService, 'signIn'>;
  /** No SMTP_URL: mails go to the log and the outbox folder; the answer says so (ADR 173). */
  mailOutbox?: boolean;
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
/** What registering led to: the usual mailed link (202), or the first account at once (201). */
export type RegisterOutcome =
  { kind: 'mailed'; body: RegisterResponse } | { kind: 'first-run'; body: AuthResponse };

export function createRegistration({
  repo,
  uow,
  mail,
  attempts,
  events,
  auth,
  mailOutbox = false,
  passwordSignIn = true,
}: RegistrationOptions) {
  async function insertAccount(
    q: Tx,
    fields: AccountFields,
    now: string,
    first?: { role: 'admin' },
  ) {
    return repo.insertUser(q, {
      ...fields,
      avatar_url: null,
      bio: null,
      is_public: 1,
      // The mailed link proved the mailbox: no confirmation mail follows. The first account
      // (ADR 173) skipped the mail, so its address waits for Settings' confirmation.
      email_verified_at: first ? null : now,
      ...(first ? { role: first.role } : {}),
      created_at: now,
      updated_at: now,
    });
  }

  /**
   * First run (ADR 173): on a site without accounts the first registration creates the
   * account at once, as the administrator, and signs it in. The setup row is inserted in the
   * same transaction, so of two first registrations at the same moment one wins and the
   * other finds its key taken: null, and that one goes the usual mailed way. Nothing is
   * revealed: there is no account on the site whose address could be told apart.
   */
  async function firstAccount(
    input: RegisterInput,
    userAgent: string | null,
  ): Promise<RegisterOutcome | null> {
    const now = nowIso();
    const password_hash = await hashPassword(input.password);
    let user: UserRow;
    try {
      user = await uow.run(async (trx) => {
        await repo.claimSite(trx, now);
        return insertAccount(trx, accountFields(input, password_hash), now, { role: 'admin' });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'site_setup')) return null;
      return mapTaken(error);
    }
    return { kind: 'first-run', body: await created(user, userAgent) };
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

  const answer = (email: string): RegisterResponse => ({
    message: authMessages.registrationSent,
    email,
    ...(mailOutbox ? { mailOutbox } : {}),
  });

  /** The usual path (ADR 152): a pending row and one mail, the same work for any address. */
  async function mailLink(input: RegisterInput, now: string): Promise<RegisterResponse> {
    const usernameLower = input.username.toLowerCase();
    const emailLower = input.email.toLowerCase();
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
      locale: input.locale ?? null,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: new Date(Date.parse(now) + authLimits.registrationHours * HOUR_MS).toISOString(),
    };
    try {
      await uow.run((trx) => repo.replacePendingRegistration(trx, row));
    } catch (error) {
      // The same address registering twice at once: the other request's row and mail stand.
      if (!isUniqueViolation(error, 'pending_registrations')) throw error;
      return answer(input.email);
    }
    // A mailbox is not flooded by strangers: past the budget the answer stays, the mail goes.
    const sent = await attempts.hit(`registration-mail:${emailLower}`, HOUR_MS);
    if (sent <= authLimits.registrationMailsPerHour) {
      if (owner) await mail.send('registration-exists', owner, { username: owner.username });
      else
        await mail.send(
          'registration-confirm',
          { email: input.email, locale: input.locale ?? null },
          {
            username: input.username,
            token,
            hours: authLimits.registrationHours,
          },
        );
    }
    return answer(input.email);
  }

  return {
    /** Whether the site has no account yet (GET /auth/setup): nothing else is revealed. */
    async firstRun(): Promise<boolean> {
      return !(await repo.siteClaimed());
    },

    async register(
      input: RegisterInput,
      userAgent: string | null = null,
    ): Promise<RegisterOutcome> {
      assertPasswordSignIn(passwordSignIn);
      assertNewPasswordAllowed(input.password, 'password', input);
      const usernameLower = input.username.toLowerCase();
      const emailLower = input.email.toLowerCase();
      const now = nowIso();
      if (
        (await repo.usernameTaken(usernameLower)) ||
        (await repo.usernameReserved(usernameLower, emailLower, now))
      )
        throw usernameTaken();
      if (!(await repo.siteClaimed())) {
        const first = await firstAccount(input, userAgent);
        if (first) return first;
      }
      return { kind: 'mailed', body: await mailLink(input, now) };
    },

    /**
     * Operator CLI (npm run admin -- registration-link): a new finishing link for an
     * address's pending registration, for a server without SMTP whose log is out of reach.
     * Tokens are stored hashed, so the mailed one cannot be shown: this one replaces it.
     */
    async reissueLink(
      email: string,
    ): Promise<{ token: string; username: string; expiresAt: string } | { owner: string } | null> {
      const emailLower = email.toLowerCase();
      const owner = await repo.userByEmail(emailLower);
      if (owner) return { owner: owner.username };
      const token = newToken();
      const row = await repo.reissuePendingRegistration(emailLower, hashToken(token), nowIso());
      return row ? { token, username: row.username, expiresAt: row.expires_at } : null;
    },

    /**
     * The mailed link: the account is created (address confirmed) and signed in, in the
     * language of the registration, else that of the request finishing it.
     */
    async finish(
      token: string,
      userAgent: string | null,
      locale: Locale | null = null,
    ): Promise<AuthResponse> {
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
              locale: row.locale ?? locale,
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
      assertNewPasswordAllowed(input.password, 'password', input);
      const now = nowIso();
      const password_hash = await hashPassword(input.password);
      const user = await uow
        .run((trx) => insertAccount(trx, accountFields(input, password_hash), now))
        .catch(mapTaken);
      return created(user, userAgent);
    },
  };
}

export type Registration = ReturnType<typeof createRegistration>;

import type { Insertable, Kysely } from 'kysely';
import type {
  Database,
  NewUser,
  PendingRegistrationRow,
  PendingRegistrationsTable,
  SessionRow,
  UserRow,
} from '../../db/types';
import { deleteWhere, existsWhere, rowWhere, rowWithUser } from '../../db/rows';
import type { Tx } from '../../platform/unit-of-work';

export function createAuthRepository(db: Kysely<Database>) {
  return {
    async findUserByLogin(identifierLower: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('username_lower', '=', identifierLower),
            eb('email_lower', '=', identifierLower),
          ]),
        )
        .executeTakeFirst();
    },

    userById: (id: number): Promise<UserRow | undefined> => rowWhere(db, 'users', { id }),

    /** The member an address belongs to (case-insensitive), for the registration mail. */
    userByEmail: (emailLower: string): Promise<UserRow | undefined> =>
      rowWhere(db, 'users', { email_lower: emailLower }),

    usernameTaken: (usernameLower: string): Promise<boolean> =>
      existsWhere(db, 'users', { username_lower: usernameLower }),

    /** An unexpired registration of another address holds this username (ADR 152). */
    async usernameReserved(usernameLower: string, emailLower: string, now: string) {
      const row = await db
        .selectFrom('pending_registrations')
        .select('id')
        .where('username_lower', '=', usernameLower)
        .where('email_lower', '!=', emailLower)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Leaves one pending registration for the address: an earlier one (and its link) is
     * replaced, and expired ones of any address go at the same time.
     */
    async replacePendingRegistration(
      q: Tx,
      row: Insertable<PendingRegistrationsTable>,
    ): Promise<void> {
      await q
        .deleteFrom('pending_registrations')
        .where('expires_at', '<=', row.created_at)
        .execute();
      await q
        .deleteFrom('pending_registrations')
        .where('email_lower', '=', row.email_lower)
        .execute();
      await q.insertInto('pending_registrations').values(row).execute();
    },

    /** Takes the unexpired registration behind a token out of the table (single use). */
    async takePendingRegistration(
      q: Tx,
      tokenHash: string,
      now: string,
    ): Promise<PendingRegistrationRow | undefined> {
      const row = await rowWhere(q, 'pending_registrations', { token_hash: tokenHash });
      if (!row) return undefined;
      await q.deleteFrom('pending_registrations').where('id', '=', row.id).execute();
      return row.expires_at > now ? row : undefined;
    },

    /** The account a finished registration (or a fixture) makes, inside its transaction. */
    async insertUser(q: Tx, user: NewUser): Promise<UserRow> {
      return q.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },

    /** Whether the site has had its first account (ADR 173): the setup row or any member. */
    async siteClaimed(): Promise<boolean> {
      const claim = await db.selectFrom('site_setup').select('id').executeTakeFirst();
      if (claim) return true;
      const someone = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
      return someone !== undefined;
    },

    /** The one setup row: a second first registration at the same moment hits its key. */
    async claimSite(q: Tx, now: string): Promise<void> {
      await q.insertInto('site_setup').values({ id: 1, claimed_at: now }).execute();
    },

    /**
     * A fresh token for the unexpired pending registration of an address (operator CLI): the
     * old link stops working. Undefined when the address has none.
     */
    async reissuePendingRegistration(
      emailLower: string,
      tokenHash: string,
      now: string,
    ): Promise<PendingRegistrationRow | undefined> {
      const row = await db
        .selectFrom('pending_registrations')
        .selectAll()
        .where('email_lower', '=', emailLower)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return undefined;
      await db
        .updateTable('pending_registrations')
        .set({ token_hash: tokenHash })
        .where('id', '=', row.id)
        .execute();
      return { ...row, token_hash: tokenHash };
    },

    /** The session just proved who holds it (re-entered password, second factor). */
    async markSessionVerified(id: number, verifiedAt: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ verified_at: verifiedAt })
        .where('id', '=', id)
        .execute();
    },

    async insertSession(session: Omit<SessionRow, 'id'>): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },

    async findSessionWithUser(
      tokenHash: string,
    ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const found = await rowWithUser(db, 'sessions', { token_hash: tokenHash });
      return found && { session: found.row, user: found.user };
    },

    async extendSession(id: number, lastUsedAt: string, expiresAt: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_used_at: lastUsedAt, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },

    /** Returns whether a session was deleted, so a token can be revoked only once. */
    deleteSession: (id: number): Promise<boolean> => deleteWhere(db, 'sessions', { id }),

    async deleteExpiredSessions(nowIso: string): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('expires_at', '<=', nowIso)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

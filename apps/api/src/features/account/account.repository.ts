import type { Kysely, Transaction } from 'kysely';
import { deleteWhere, rowWhere } from '../../db/rows';
import type { AccountTokenRow, Database, UserRow, UserUpdate } from '../../db/types';

type Tx = Kysely<Database> | Transaction<Database>;
export type TokenPurpose = AccountTokenRow['purpose'];

export function createAccountRepository(db: Kysely<Database>) {
  return {
    db,

    user: (id: number): Promise<UserRow | undefined> => rowWhere(db, 'users', { id }),

    userByEmail: (emailLower: string): Promise<UserRow | undefined> =>
      rowWhere(db, 'users', { email_lower: emailLower }),

    /** Whether another account uses this username or email (case-insensitive). */
    async taken(userId: number, field: 'username_lower' | 'email_lower', valueLower: string) {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(field, '=', valueLower)
        .where('id', '<>', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async updateUser(id: number, set: UserUpdate): Promise<UserRow> {
      return db
        .updateTable('users')
        .set(set)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertToken(
      values: {
        user_id: number;
        purpose: TokenPurpose;
        token_hash: string;
        email: string | null;
        created_at: string;
        expires_at: string;
      },
      q: Tx = db,
    ): Promise<void> {
      await q.insertInto('account_tokens').values(values).execute();
    },

    /** The token behind a hash, if it is of one of these kinds (a link opens one page only). */
    async token(
      tokenHash: string,
      purposes: TokenPurpose | readonly TokenPurpose[],
    ): Promise<AccountTokenRow | undefined> {
      return db
        .selectFrom('account_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('purpose', 'in', typeof purposes === 'string' ? [purposes] : [...purposes])
        .executeTakeFirst();
    },

    /**
     * The new address a member asked for and has not confirmed yet (ADR 152, "E-mail change"):
     * the newest unused, unexpired `email-change` token's address, or null. One lookup on the
     * (user_id, purpose) index; whether the address is free or taken plays no part.
     */
    async pendingEmail(userId: number): Promise<string | null> {
      const row = await db
        .selectFrom('account_tokens')
        .select('email')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'email-change')
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date().toISOString())
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.email ?? null;
    },

    /** Marks the token used; false when it already was (two clicks racing: one wins). */
    async useToken(q: Tx, id: number, at: string): Promise<boolean> {
      const res = await q
        .updateTable('account_tokens')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Every still-unused token of this kind stops working (after a reset or a change of address). */
    async retireTokens(q: Tx, userId: number, purpose: TokenPurpose, at: string): Promise<void> {
      await q
        .updateTable('account_tokens')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },

    async deleteOldTokens(beforeIso: string): Promise<number> {
      const res = await db
        .deleteFrom('account_tokens')
        .where('expires_at', '<', beforeIso)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** Marks the address confirmed, if it is still the one the link was sent to. */
    async confirmEmail(q: Tx, userId: number, emailLower: string, at: string): Promise<void> {
      await q
        .updateTable('users')
        .set({ email_verified_at: at, updated_at: at })
        .where('id', '=', userId)
        .where('email_lower', '=', emailLower)
        .execute();
    },

    async setPassword(q: Tx, userId: number, hash: string, at: string): Promise<void> {
      await q
        .updateTable('users')
        .set({ password_hash: hash, updated_at: at })
        .where('id', '=', userId)
        .execute();
    },

    async sessions(userId: number) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'created_at', 'last_used_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('last_used_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    deleteSession: (userId: number, id: number): Promise<boolean> =>
      deleteWhere(db, 'sessions', { id, user_id: userId }),

    /** Every session of the user except `keepId` (null: all of them). */
    async deleteSessions(q: Tx, userId: number, keepId: number | null): Promise<number> {
      let query = q.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepId !== null) query = query.where('id', '<>', keepId);
      const res = await query.executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /**
     * Sets an address proven by its mailbox, confirmed: the new one of an e-mail change (ADR
     * 152) or the old one of an undone change (ADR 150). The unique index refuses a taken one.
     */
    async setConfirmedEmail(q: Tx, userId: number, email: string, at: string): Promise<void> {
      await q
        .updateTable('users')
        .set({
          email,
          email_lower: email.toLowerCase(),
          email_verified_at: at,
          updated_at: at,
        })
        .where('id', '=', userId)
        .execute();
    },

    deleteUser: (q: Tx, userId: number): Promise<boolean> =>
      deleteWhere(q, 'users', { id: userId }),
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

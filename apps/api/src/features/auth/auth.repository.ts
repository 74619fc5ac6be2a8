import type { Kysely } from 'kysely';
import type { Database, NewUser, SessionRow, UserRow } from '../../db/types';

export function createAuthRepository(db: Kysely<Database>) {
  return {
    async insertUser(user: NewUser): Promise<UserRow> {
      return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },

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

    async usernameOrEmailTaken(usernameLower: string, emailLower: string) {
      const rows = await db
        .selectFrom('users')
        .select(['username_lower', 'email_lower'])
        .where((eb) =>
          eb.or([eb('username_lower', '=', usernameLower), eb('email_lower', '=', emailLower)]),
        )
        .execute();
      return {
        username: rows.some((r) => r.username_lower === usernameLower),
        email: rows.some((r) => r.email_lower === emailLower),
      };
    },

    async insertSession(session: {
      user_id: number;
      token_hash: string;
      created_at: string;
      last_used_at: string;
      expires_at: string;
      user_agent: string | null;
    }): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },

    async findSessionWithUser(
      tokenHash: string,
    ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const session = await db
        .selectFrom('sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!session) return undefined;
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', session.user_id)
        .executeTakeFirst();
      return user ? { session, user } : undefined;
    },

    async extendSession(id: number, lastUsedAt: string, expiresAt: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_used_at: lastUsedAt, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },

    /** Returns whether a session was deleted, so a token can be revoked only once. */
    async deleteSession(id: number): Promise<boolean> {
      const result = await db.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

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

import type { Kysely } from 'kysely';
import type { ApiTokenRow, Database, UserRow } from '../../db/types';

/** SQL of personal API tokens (ADR 161). */
export function createApiTokensRepository(db: Kysely<Database>) {
  return {
    list(userId: number): Promise<ApiTokenRow[]> {
      return db
        .selectFrom('api_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
    },

    async count(userId: number): Promise<number> {
      const row = await db
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    insert(row: Omit<ApiTokenRow, 'id'>): Promise<ApiTokenRow> {
      return db.insertInto('api_tokens').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('api_tokens')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    byId(id: number): Promise<ApiTokenRow | undefined> {
      return db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async withUser(tokenHash: string): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
      const token = await db
        .selectFrom('api_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!token) return undefined;
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', token.user_id)
        .executeTakeFirst();
      return user ? { token, user } : undefined;
    },

    async touch(id: number, at: string): Promise<void> {
      await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;

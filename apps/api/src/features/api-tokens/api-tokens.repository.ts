import type { Kysely } from 'kysely';
import { countWhere, deleteWhere, rowWhere, rowWithUser } from '../../db/rows';
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

    count: (userId: number): Promise<number> => countWhere(db, 'api_tokens', { user_id: userId }),

    insert(row: Omit<ApiTokenRow, 'id'>): Promise<ApiTokenRow> {
      return db.insertInto('api_tokens').values(row).returningAll().executeTakeFirstOrThrow();
    },

    remove: (userId: number, id: number): Promise<boolean> =>
      deleteWhere(db, 'api_tokens', { id, user_id: userId }),

    byId: (id: number): Promise<ApiTokenRow | undefined> => rowWhere(db, 'api_tokens', { id }),

    async withUser(tokenHash: string): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
      const found = await rowWithUser(db, 'api_tokens', { token_hash: tokenHash });
      return found && { token: found.row, user: found.user };
    },

    async touch(id: number, at: string): Promise<void> {
      await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;

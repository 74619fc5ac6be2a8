import type { Kysely } from 'kysely';
import { deleteWhere, rowWhere, rowWithUser } from '../../db/rows';
import type { Database, TraktGrantRow, UserRow } from '../../db/types';

/** SQL of the apps members connected through the Trakt-compatible OAuth (ADR 170). */
export function createTraktGrantsRepository(db: Kysely<Database>) {
  return {
    insert(row: Omit<TraktGrantRow, 'id'>): Promise<TraktGrantRow> {
      return db.insertInto('trakt_grants').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async withUser(
      accessHash: string,
    ): Promise<{ grant: TraktGrantRow; user: UserRow } | undefined> {
      const found = await rowWithUser(db, 'trakt_grants', { access_hash: accessHash });
      return found && { grant: found.row, user: found.user };
    },

    byRefreshHash: (refreshHash: string): Promise<TraktGrantRow | undefined> =>
      rowWhere(db, 'trakt_grants', { refresh_hash: refreshHash }),

    /** Swaps a grant's tokens only if its refresh token is still the one presented (single use). */
    async rotate(
      id: number,
      oldRefreshHash: string,
      next: Pick<
        TraktGrantRow,
        'access_hash' | 'refresh_hash' | 'refreshed_at' | 'access_expires_at'
      >,
    ): Promise<boolean> {
      const r = await db
        .updateTable('trakt_grants')
        .set(next)
        .where('id', '=', id)
        .where('refresh_hash', '=', oldRefreshHash)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    touch(id: number, at: string) {
      return db
        .updateTable('trakt_grants')
        .set({ last_used_at: at })
        .where('id', '=', id)
        .execute();
    },

    list(userId: number): Promise<TraktGrantRow[]> {
      return db
        .selectFrom('trakt_grants')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
    },

    byId: (id: number): Promise<TraktGrantRow | undefined> => rowWhere(db, 'trakt_grants', { id }),

    remove: (where: { id: number } | { accessHash: string } | { refreshHash: string }) =>
      deleteWhere(
        db,
        'trakt_grants',
        'id' in where
          ? { id: where.id }
          : 'accessHash' in where
            ? { access_hash: where.accessHash }
            : { refresh_hash: where.refreshHash },
      ),
  };
}

export type TraktGrantsRepository = ReturnType<typeof createTraktGrantsRepository>;

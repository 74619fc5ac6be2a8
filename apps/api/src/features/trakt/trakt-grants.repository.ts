import type { Kysely } from 'kysely';
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
      const grant = await db
        .selectFrom('trakt_grants')
        .selectAll()
        .where('access_hash', '=', accessHash)
        .executeTakeFirst();
      if (!grant) return undefined;
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', grant.user_id)
        .executeTakeFirst();
      return user ? { grant, user } : undefined;
    },

    byRefreshHash(refreshHash: string): Promise<TraktGrantRow | undefined> {
      return db
        .selectFrom('trakt_grants')
        .selectAll()
        .where('refresh_hash', '=', refreshHash)
        .executeTakeFirst();
    },

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

    byId(id: number): Promise<TraktGrantRow | undefined> {
      return db.selectFrom('trakt_grants').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async remove(where: { id: number } | { accessHash: string } | { refreshHash: string }) {
      let q = db.deleteFrom('trakt_grants');
      if ('id' in where) q = q.where('id', '=', where.id);
      else if ('accessHash' in where) q = q.where('access_hash', '=', where.accessHash);
      else q = q.where('refresh_hash', '=', where.refreshHash);
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

export type TraktGrantsRepository = ReturnType<typeof createTraktGrantsRepository>;

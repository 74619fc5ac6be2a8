import type { Kysely } from 'kysely';
import { offsetPage } from '../../db/paging';
import { countWhere, deleteWhere, insertNew } from '../../db/rows';
import type { Database } from '../../db/types';
import { showColumns, withShownStatus, type Tx } from './tracking-sql.repository';

/** A member's favourite shows. */
export function createFavouritesRepository(db: Kysely<Database>) {
  /** A favourite with the show it embeds (see showColumns). */
  const withShow = (userId: number) =>
    db
      .selectFrom('favorites as f')
      .innerJoin('shows as s', 's.id', 'f.show_id')
      .select(['f.id', 'f.show_id', 'f.created_at', ...showColumns])
      .select(withShownStatus())
      .where('f.user_id', '=', userId);

  /** A favourite dated `at`; false when it was one already. */
  const addFavoriteAt = (q: Tx, userId: number, showId: number, at: string) =>
    insertNew(q, 'favorites', { user_id: userId, show_id: showId, created_at: at }, [
      'user_id',
      'show_id',
    ]);

  return {
    favorites: (userId: number, limit: number, offset: number) =>
      offsetPage(
        withShow(userId).orderBy('f.created_at', 'desc').orderBy('f.id', 'desc'),
        countWhere(db, 'favorites', { user_id: userId }),
        limit,
        offset,
      ),

    async favorite(userId: number, showId: number) {
      return withShow(userId).where('f.show_id', '=', showId).executeTakeFirst();
    },

    addFavorite: (userId: number, showId: number, now: string): Promise<boolean> =>
      addFavoriteAt(db, userId, showId, now),

    removeFavorite: (userId: number, showId: number): Promise<boolean> =>
      deleteWhere(db, 'favorites', { user_id: userId, show_id: showId }),

    /** Which of several shows the member has favourited. */
    async favoritesOfShows(q: Tx, userId: number, showIds: number[]) {
      return q
        .selectFrom('favorites')
        .select(['show_id', 'created_at'])
        .where('user_id', '=', userId)
        .where('show_id', 'in', showIds)
        .execute();
    },

    addFavoriteAt,
  };
}

export type FavouritesRepository = ReturnType<typeof createFavouritesRepository>;

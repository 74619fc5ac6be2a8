import type { Kysely } from 'kysely';
import { deleteWhere, existsWhere, insertNew } from '../../db/rows';
import type { Database } from '../../db/types';
import type { EpisodePlace } from './spoiler-rule';

/** Spoiler protection's SQL (ADR 181): the setting, per-show reveals, watched places. */
export function createSpoilersRepository(db: Kysely<Database>) {
  return {
    /** On unless the member switched it off (no preferences row: on). */
    async protect(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('member_preferences')
        .select('spoiler_protection')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? Number(row.spoiler_protection) === 1 : true;
    },

    async saveProtect(userId: number, protect: boolean, now: string): Promise<void> {
      const value = protect ? 1 : 0;
      await db
        .insertInto('member_preferences')
        .values({ user_id: userId, spoiler_protection: value, updated_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ spoiler_protection: value, updated_at: now }),
        )
        .execute();
    },

    async revealedShows(userId: number, showIds: readonly number[]): Promise<number[]> {
      if (!showIds.length) return [];
      const rows = await db
        .selectFrom('spoiler_reveals')
        .select('show_id')
        .where('user_id', '=', userId)
        .where('show_id', 'in', [...showIds])
        .execute();
      return rows.map((r) => r.show_id);
    },

    async setRevealed(userId: number, showId: number, revealed: boolean, now: string) {
      const row = { user_id: userId, show_id: showId };
      if (revealed)
        await insertNew(db, 'spoiler_reveals', { ...row, created_at: now }, ['user_id', 'show_id']);
      else await deleteWhere(db, 'spoiler_reveals', row);
    },

    /** The member's watched episodes of these shows, with where they sit in their show. */
    async watched(userId: number, showIds: readonly number[]): Promise<EpisodePlace[]> {
      if (!showIds.length) return [];
      return db
        .selectFrom('episode_progress as p')
        .innerJoin('episodes as e', 'e.id', 'p.episode_id')
        .select([
          'e.id as id',
          'e.show_id as showId',
          'e.season_number as seasonNumber',
          'e.episode_number as episodeNumber',
        ])
        .where('p.user_id', '=', userId)
        .where('p.show_id', 'in', [...showIds])
        .execute();
    },

    /** A show's episodes (retired ones too: their pages still open). */
    async showEpisodes(showId: number): Promise<EpisodePlace[]> {
      return db
        .selectFrom('episodes')
        .select([
          'id',
          'show_id as showId',
          'season_number as seasonNumber',
          'episode_number as episodeNumber',
        ])
        .where('show_id', '=', showId)
        .orderBy('id')
        .execute();
    },

    showExists: (showId: number): Promise<boolean> => existsWhere(db, 'shows', { id: showId }),
  };
}

export type SpoilersRepository = ReturnType<typeof createSpoilersRepository>;

import { sql, type Kysely } from 'kysely';
import type { Database, EpisodeRow } from '../../db/types';

export function createEpisodesRepository(db: Kysely<Database>) {
  return {
    /**
     * A show's live episodes in viewing order: by season, then number; specials after their
     * season's regulars. Retired episodes (no longer listed upstream) are left out.
     */
    async forShow(showId: number, season?: number): Promise<EpisodeRow[]> {
      let q = db
        .selectFrom('episodes')
        .selectAll()
        .where('show_id', '=', showId)
        .where('retired_at', 'is', null);
      if (season !== undefined) q = q.where('season_number', '=', season);
      return q
        .orderBy(sql`season_number is null`)
        .orderBy('season_number')
        .orderBy(sql`episode_number is null`)
        .orderBy('episode_number')
        .orderBy('air_date')
        .orderBy('id')
        .execute();
    },

    /** Where each live episode of a show sits, for an episode page's previous and next. */
    async placesForShow(showId: number) {
      return db
        .selectFrom('episodes')
        .select(['id', 'season_number', 'episode_number', 'air_date', 'title'])
        .where('show_id', '=', showId)
        .where('retired_at', 'is', null)
        .execute();
    },

    /** Any episode, retired too: old links keep working (the episode says it is retired). */
    async findById(id: number): Promise<EpisodeRow | undefined> {
      return db.selectFrom('episodes').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type EpisodesRepository = ReturnType<typeof createEpisodesRepository>;

import type { Kysely, Selectable } from 'kysely';
import type { Database, EpisodeRow, SeasonsTable, ShowRow } from '../../db/types';

/** Specials have no season number or season 0: Trakt's season 0. */
export const traktSeasonOf = (e: Pick<EpisodeRow, 'season_number'>): number => e.season_number ?? 0;

/**
 * Catalogue reads of the Trakt-compatible API (ADR 172) that no other feature serves in this
 * form: a show's live episodes in Trakt's order, its seasons rows, episode titles.
 */
export function createTraktCatalogueRepository(db: Kysely<Database>) {
  return {
    /** Live episodes of a show, by season (specials first, as Trakt's season 0) and number. */
    async episodesOf(showId: number): Promise<EpisodeRow[]> {
      const rows = await db
        .selectFrom('episodes')
        .selectAll()
        .where('show_id', '=', showId)
        .where('retired_at', 'is', null)
        .where('episode_number', 'is not', null)
        .execute();
      return rows.sort(
        (a, b) =>
          traktSeasonOf(a) - traktSeasonOf(b) ||
          (a.episode_number ?? 0) - (b.episode_number ?? 0) ||
          a.id - b.id,
      );
    },

    seasonsOf(showId: number): Promise<Selectable<SeasonsTable>[]> {
      return db
        .selectFrom('seasons')
        .selectAll()
        .where('show_id', '=', showId)
        .orderBy('number')
        .execute();
    },

    showsByIds(ids: number[]): Promise<ShowRow[]> {
      if (!ids.length) return Promise.resolve([]);
      return db.selectFrom('shows').selectAll().where('id', 'in', ids).execute();
    },

    episodesByIds(ids: number[]): Promise<EpisodeRow[]> {
      if (!ids.length) return Promise.resolve([]);
      return db.selectFrom('episodes').selectAll().where('id', 'in', ids).execute();
    },

    /** Live episodes whose title contains the query (any case), most popular shows first. */
    async episodesByTitle(query: string, limit: number): Promise<EpisodeRow[]> {
      // LIKE's wildcards in the query match themselves nowhere: they are dropped.
      const q = query
        .toLowerCase()
        .replace(/[\\%_]/g, '')
        .trim();
      if (!q) return [];
      return db
        .selectFrom('episodes')
        .innerJoin('shows', 'shows.id', 'episodes.show_id')
        .selectAll('episodes')
        .where('episodes.retired_at', 'is', null)
        .where('episodes.episode_number', 'is not', null)
        .where((eb) => eb(eb.fn('lower', ['episodes.title']), 'like', eb.val(`%${q}%`)))
        .orderBy('shows.popularity', 'desc')
        .orderBy('episodes.id')
        .limit(limit)
        .execute();
    },
  };
}

export type TraktCatalogueRepository = ReturnType<typeof createTraktCatalogueRepository>;

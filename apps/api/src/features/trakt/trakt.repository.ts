import type { Kysely } from 'kysely';
import type { Database, EpisodeRow, ShowRow } from '../../db/types';
import { idFromSlug } from './trakt-shapes';

/** The ids an app may send for a show (Trakt's `ids` object; any one of them finds it). */
export interface TraktIdsInput {
  trakt?: number | string | null;
  slug?: string | null;
  tvdb?: number | string | null;
  imdb?: string | null;
  tmdb?: number | string | null;
  tvrage?: number | string | null;
}

const asInt = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * Reads of the Trakt-compatible API that no other feature serves (id lookups). Writes never
 * happen here: they go through tracking's services (ADR 170).
 */
export function createTraktRepository(db: Kysely<Database>) {
  const shows = () => db.selectFrom('shows').selectAll();

  return {
    /** A show by any of Trakt's ids, tried in the order Trakt apps trust them. */
    async showByIds(ids: TraktIdsInput): Promise<ShowRow | undefined> {
      const trakt = asInt(ids.trakt);
      if (trakt) {
        const row = await shows().where('id', '=', trakt).executeTakeFirst();
        if (row) return row;
      }
      const fromSlug = typeof ids.slug === 'string' ? idFromSlug(ids.slug) : null;
      if (fromSlug) {
        const row = await shows().where('id', '=', fromSlug).executeTakeFirst();
        if (row) return row;
      }
      const tvdb = asInt(ids.tvdb);
      if (tvdb) {
        const row = await shows()
          .where('tvdb_id', '=', tvdb)
          .orderBy('popularity', 'desc')
          .executeTakeFirst();
        if (row) return row;
      }
      if (typeof ids.imdb === 'string' && /^tt\d{1,10}$/.test(ids.imdb)) {
        const row = await shows()
          .where('imdb_id', '=', ids.imdb)
          .orderBy('popularity', 'desc')
          .executeTakeFirst();
        if (row) return row;
      }
      const tmdb = asInt(ids.tmdb);
      if (tmdb) {
        const row = await shows()
          .where('tmdb_id', '=', tmdb)
          .orderBy('popularity', 'desc')
          .executeTakeFirst();
        if (row) return row;
      }
      const tvrage = asInt(ids.tvrage);
      if (tvrage) {
        const row = await shows()
          .where('tvrage_id', '=', tvrage)
          .orderBy('popularity', 'desc')
          .executeTakeFirst();
        if (row) return row;
      }
      return undefined;
    },

    /** `/shows/{id}`: our id, our slug, or an IMDb id (Trakt accepts those three). */
    showByPathId(id: string): Promise<ShowRow | undefined> {
      if (/^\d{1,10}$/.test(id)) return this.showByIds({ trakt: id });
      if (/^tt\d{1,10}$/.test(id)) return this.showByIds({ imdb: id });
      return this.showByIds({ slug: id });
    },

    /** An episode by its `trakt` id (ours), live or retired. */
    episodeById(id: number): Promise<EpisodeRow | undefined> {
      return db.selectFrom('episodes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A live episode of a show by season and number (season 0: specials). */
    episodeByNumber(
      showId: number,
      season: number,
      number: number,
    ): Promise<EpisodeRow | undefined> {
      let q = db
        .selectFrom('episodes')
        .selectAll()
        .where('show_id', '=', showId)
        .where('episode_number', '=', number)
        .where('retired_at', 'is', null);
      q =
        season === 0
          ? q.where((eb) => eb.or([eb('season_number', 'is', null), eb('season_number', '=', 0)]))
          : q.where('season_number', '=', season);
      return q.orderBy('id').executeTakeFirst();
    },
  };
}

export type TraktRepository = ReturnType<typeof createTraktRepository>;

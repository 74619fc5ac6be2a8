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
      // Our own id, as Trakt's id or inside a slug.
      const fromSlug = typeof ids.slug === 'string' ? idFromSlug(ids.slug) : null;
      for (const id of [asInt(ids.trakt), fromSlug]) {
        if (!id) continue;
        const row = await shows().where('id', '=', id).executeTakeFirst();
        if (row) return row;
      }
      // The outside ids, most trusted first; several shows may share one: the most popular wins.
      const imdb = typeof ids.imdb === 'string' && /^tt\d{1,10}$/.test(ids.imdb) ? ids.imdb : null;
      const outside = [
        ['tvdb_id', asInt(ids.tvdb)],
        ['imdb_id', imdb],
        ['tmdb_id', asInt(ids.tmdb)],
        ['tvrage_id', asInt(ids.tvrage)],
      ] as const;
      for (const [column, value] of outside) {
        if (!value) continue;
        const row = await shows()
          .where(column, '=', value)
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

import type { EpisodeRow, ShowRow } from '../../db/types';

/**
 * Rows → the shapes of the Trakt API v2 (issue 27, ADR 170). Our own numeric id is Trakt's
 * `trakt` id; the slug is the title's slug followed by that id, so it stays unique and a slug
 * keeps working after a retitle (lookups read the id at its end). Ids the catalogue does not
 * know are null, as Trakt sends them.
 */

export type TraktShowIds = {
  trakt: number;
  slug: string;
  tvdb: number | null;
  imdb: string | null;
  tmdb: number | null;
  tvrage: number | null;
};

export type TraktShow = {
  title: string;
  year: number | null;
  ids: TraktShowIds;
};

export type TraktEpisode = {
  season: number;
  number: number;
  title: string | null;
  ids: {
    trakt: number;
    tvdb: number | null;
    imdb: string | null;
    tmdb: number | null;
    tvrage: number | null;
  };
};

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

export const showSlug = (show: Pick<ShowRow, 'id' | 'title'>): string => {
  const base = slugify(show.title);
  return base ? `${base}-${show.id}` : String(show.id);
};

/** The id at the end of one of our slugs (`the-sopranos-527` → 527), else null. */
export function idFromSlug(slug: string): number | null {
  const m = /(?:^|-)(\d{1,10})$/.exec(slug);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const yearOf = (date: string | null): number | null => {
  const y = date ? Number(date.slice(0, 4)) : NaN;
  return Number.isInteger(y) && y > 1800 ? y : null;
};

export type ShowIdsRow = Pick<
  ShowRow,
  'id' | 'title' | 'first_air_date' | 'tvdb_id' | 'imdb_id' | 'tmdb_id' | 'tvrage_id'
>;

export function toTraktShow(row: ShowIdsRow): TraktShow {
  return {
    title: row.title,
    year: yearOf(row.first_air_date),
    ids: {
      trakt: row.id,
      slug: showSlug(row),
      tvdb: row.tvdb_id,
      imdb: row.imdb_id,
      tmdb: row.tmdb_id,
      tvrage: row.tvrage_id,
    },
  };
}

export type EpisodeIdsRow = Pick<EpisodeRow, 'id' | 'season_number' | 'episode_number' | 'title'>;

/** Specials (no season number) are Trakt's season 0. */
export function toTraktEpisode(row: EpisodeIdsRow): TraktEpisode {
  return {
    season: row.season_number ?? 0,
    number: row.episode_number ?? 0,
    title: row.title,
    // The catalogue keeps no external episode ids (ADR 161).
    ids: { trakt: row.id, tvdb: null, imdb: null, tmdb: null, tvrage: null },
  };
}

/** A season row's id is its `trakt` id (seasons are derived from episodes, no external ids). */
export function toTraktSeason(number: number, seasonId: number | null) {
  return { number, ids: { trakt: seasonId, tvdb: null, tmdb: null, tvrage: null } };
}

/** Trakt answers instants as `2014-09-01T09:10:11.000Z`. */
export const traktInstant = (iso: string | null): string | null =>
  iso ? new Date(iso).toISOString() : null;

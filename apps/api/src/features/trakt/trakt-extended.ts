import type { ShowDetail } from '@series-tracker/contracts';
import type { EpisodeRow, ShowRow } from '../../db/types';
import { slugify, toTraktEpisode, toTraktSeason, toTraktShow, traktInstant } from './trakt-shapes';

/**
 * `extended=full` shapes of the Trakt API v2 (ADR 172): Trakt's keys, filled from the catalogue;
 * what the catalogue does not know (tagline, certification, trailer, translations) is null or
 * empty, as Trakt sends it for items that lack it.
 */

/** Our shown status (ADR 035, 120) in Trakt's vocabulary. */
const traktStatus: Record<string, string> = {
  airing: 'returning series',
  tbd: 'returning series',
  upcoming: 'upcoming',
  completed: 'ended',
};

/** A date-only air date is that day's start in UTC, as Trakt answers instants. */
export const airedInstant = (stamp: string | null, date: string | null): string | null =>
  stamp ? traktInstant(stamp) : date ? `${date}T00:00:00.000Z` : null;

export function toTraktShowFull(row: ShowRow, detail: ShowDetail, airedEpisodes: number) {
  const status = detail.status === 'unknown' ? detail.lastKnownStatus?.status : detail.status;
  const day = detail.schedule?.days[0] ?? null;
  return {
    ...toTraktShow(row),
    tagline: null,
    overview: detail.description,
    first_aired: airedInstant(row.first_air_stamp, row.first_air_date),
    airs: {
      day,
      time: detail.schedule?.time ?? null,
      timezone: detail.schedule?.timezone ?? null,
    },
    runtime: detail.runtimeMinutes,
    certification: null,
    network: detail.network,
    country: (row.network_country ?? row.country)?.toLowerCase() ?? null,
    trailer: null,
    homepage: detail.officialSite,
    status: (status && traktStatus[status]) ?? 'returning series',
    rating: detail.averageRating ?? 0,
    votes: detail.memberRatingCount ?? row.rating_count ?? 0,
    comment_count: row.total_reviews,
    updated_at: traktInstant(row.updated_at),
    language: row.language_code?.toLowerCase() ?? null,
    languages: row.language_code ? [row.language_code.toLowerCase()] : [],
    available_translations: [] as string[],
    genres: detail.genres.map(slugify),
    aired_episodes: airedEpisodes,
    original_title: row.title_original ?? row.title,
  };
}

/** Trakt's episode_type, from where the episode stands in its season and the show. */
function episodeType(e: EpisodeRow, lastOfSeason: boolean, lastOfShow: boolean): string {
  if (e.episode_number === 1) return e.season_number === 1 ? 'series_premiere' : 'season_premiere';
  if (lastOfShow) return 'series_finale';
  if (lastOfSeason) return 'season_finale';
  return 'standard';
}

export function toTraktEpisodeFull(
  e: EpisodeRow,
  place: { lastOfSeason: boolean; lastOfShow: boolean } = {
    lastOfSeason: false,
    lastOfShow: false,
  },
) {
  return {
    ...toTraktEpisode(e),
    number_abs: null,
    overview: e.overview,
    rating: e.rating ?? 0,
    votes: e.vote_count ?? 0,
    comment_count: 0,
    first_aired: airedInstant(e.air_stamp, e.air_date),
    updated_at: traktInstant(e.updated_at),
    available_translations: [] as string[],
    runtime: e.runtime_minutes,
    episode_type: episodeType(e, place.lastOfSeason, place.lastOfShow),
  };
}

/** Has the episode aired by `now` (a date-only one: from that UTC day on)? */
export function hasAired(e: EpisodeRow, now = Date.now()): boolean {
  const at = airedInstant(e.air_stamp, e.air_date);
  return at !== null && Date.parse(at) <= now;
}

export function toTraktSeasonFull(
  number: number,
  seasonId: number | null,
  episodes: EpisodeRow[],
  show: ShowRow,
  now = Date.now(),
) {
  const first = episodes.find((e) => airedInstant(e.air_stamp, e.air_date));
  return {
    ...toTraktSeason(number, seasonId),
    rating: 0,
    votes: 0,
    episode_count: episodes.length,
    aired_episodes: episodes.filter((e) => hasAired(e, now)).length,
    title: number === 0 ? 'Specials' : `Season ${number}`,
    overview: null,
    first_aired: first ? airedInstant(first.air_stamp, first.air_date) : null,
    updated_at: traktInstant(show.updated_at),
    network: show.network_name ?? show.streaming_service,
  };
}

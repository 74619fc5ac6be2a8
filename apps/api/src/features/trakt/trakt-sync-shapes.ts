import type { ShowRow } from '../../db/types';
import {
  toTraktEpisode,
  toTraktShow,
  traktInstant,
  type TraktEpisode,
  type TraktShow,
} from './trakt-shapes';
import type { SyncEpisodeRow } from './trakt-sync.repository';

const traktStatus: Record<string, string> = {
  airing: 'returning series',
  completed: 'ended',
  cancelled: 'canceled',
  upcoming: 'upcoming',
};

/** `extended=full`: the minimal show plus the catalogue fields Trakt's full show carries. */
export function toTraktShowFull(row: ShowRow) {
  return {
    ...toTraktShow(row),
    overview: row.synopsis,
    first_aired: traktInstant(row.first_air_stamp ?? row.first_air_date),
    runtime: row.runtime_minutes,
    certification: null,
    network: row.network_name ?? row.streaming_service,
    country: (row.network_country ?? row.country)?.toLowerCase() ?? null,
    trailer: null,
    homepage: row.official_site,
    status: traktStatus[row.status] ?? row.status,
    rating: row.rating ?? 0,
    votes: row.rating_count ?? 0,
    comment_count: row.total_reviews,
    updated_at: traktInstant(row.updated_at),
    language: row.language_code,
    available_translations: [],
    genres: [],
    aired_episodes: row.episode_count ?? 0,
  };
}

/** A show as an open object (the answer's contract lets `extended=full` add fields). */
export type OpenShow = TraktShow & Record<string, unknown>;
export const showShape =
  (full: boolean) =>
  (row: ShowRow): OpenShow =>
    (full ? toTraktShowFull(row) : toTraktShow(row)) as OpenShow;

/** An episode of a sync answer (`extended=full` adds its overview and air date). */
export function episodeShape(full: boolean) {
  return (row: SyncEpisodeRow): TraktEpisode & Record<string, unknown> => {
    const base = toTraktEpisode(row);
    return full
      ? { ...base, first_aired: traktInstant(row.air_stamp ?? row.air_date), updated_at: null }
      : { ...base };
  };
}

/** Which Trakt action a play was: a media server's or app's scrobble, a check-in, or a watch. */
export function traktAction(source: string): 'watch' | 'scrobble' | 'checkin' {
  if (source.includes('checkin')) return 'checkin';
  if (/^(jellyfin|plex|emby|kodi)$/.test(source) || source.includes('scrobble')) return 'scrobble';
  return 'watch';
}

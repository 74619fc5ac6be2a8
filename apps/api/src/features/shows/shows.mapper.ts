import type { Episode, ShowDetail, ShowSummary } from '@series-tracker/contracts';
import type { EpisodeRow } from '../../db/types';
import type { ShowRowWithStatus } from './shows.repository';

type ShowStatus = ShowSummary['status'];
const statuses: ShowStatus[] = ['airing', 'completed', 'upcoming', 'tbd', 'unknown'];

export const CATALOGUE_ATTRIBUTION =
  'Show and episode data from TVmaze (CC BY-SA 4.0) and bangumi-data (CC BY 4.0).';

/** A known status, else 'unknown'. */
export function toShowStatus(value: string): ShowStatus {
  return statuses.includes(value as ShowStatus) ? (value as ShowStatus) : 'unknown';
}

export function toShowSummary(row: ShowRowWithStatus, genres: string[]): ShowSummary {
  return {
    id: row.id,
    title: row.title,
    titleEnglish: row.title_english,
    titleJapanese: row.language_code === 'ja' ? row.title_original : null,
    titleOriginal: row.title_original,
    kind: row.kind === 'anime' ? 'anime' : 'series',
    coverImageUrl: row.poster_url,
    coverThumbUrl: row.poster_thumb_url,
    backdropImageUrl: row.backdrop_url,
    // As shown, not as stored: a long-quiet 'Running' show is not Airing (ADR 035, 120).
    status: toShowStatus(row.shown_status),
    lastKnownStatus:
      row.shown_status === 'unknown' && row.status !== 'unknown' && row.status_as_of
        ? { status: toShowStatus(row.status), asOf: row.status_as_of }
        : null,
    episodes: row.episode_count,
    seasons: row.season_count,
    genres,
    synopsis: row.synopsis,
    startDate: row.first_air_date,
    endDate: row.last_air_date,
    averageRating: row.rating,
    totalUsers: row.total_users,
    totalReviews: row.total_reviews,
    network: row.network_name ?? row.streaming_service,
  };
}

interface WatchLink {
  site: string;
  title: string;
  url: string;
}

function parseWatchLinks(text: string | null): WatchLink[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed)
      ? parsed
          .filter(
            (l): l is WatchLink =>
              !!l && typeof l === 'object' && typeof (l as WatchLink).url === 'string',
          )
          .map((l) => ({ site: String(l.site), title: String(l.title), url: l.url }))
      : [];
  } catch {
    return [];
  }
}

export function toShowDetail(
  row: ShowRowWithStatus,
  genres: string[],
  alternativeTitles: string[],
  seasons: {
    number: number;
    episode_count: number | null;
    premiere_date: string | null;
    end_date: string | null;
  }[],
): ShowDetail {
  return {
    ...toShowSummary(row, genres),
    description: row.synopsis,
    // Without a complete episode list, the seasons we know of are still worth showing.
    seasons: row.season_count ?? (seasons.length || null),
    alternativeTitles,
    director: null,
    language: row.language,
    country: row.country ?? row.network_country,
    format: row.format,
    streamingService: row.streaming_service,
    runtimeMinutes: row.runtime_minutes,
    schedule:
      row.schedule_days || row.schedule_time
        ? {
            days: row.schedule_days ? row.schedule_days.split(',') : [],
            time: row.schedule_time,
            timezone: row.schedule_timezone,
          }
        : null,
    officialSite: row.official_site,
    sourceUrl: row.source_url,
    source: row.source,
    externalIds: {
      tvmaze: row.tvmaze_id,
      imdb: row.imdb_id,
      tvdb: row.tvdb_id,
      tmdb: row.tmdb_id,
      mal: row.mal_id,
      anilist: row.anilist_id,
      anidb: row.anidb_id,
      bangumi: row.bangumi_id,
    },
    watchLinks: parseWatchLinks(row.watch_links),
    episodesComplete: Boolean(row.episodes_complete),
    seasonList: seasons.map((s) => ({
      number: s.number,
      episodeCount: s.episode_count,
      premiereDate: s.premiere_date,
      endDate: s.end_date,
    })),
    metadataSyncedAt: row.metadata_synced_at,
    attribution: CATALOGUE_ATTRIBUTION,
  };
}

export function toEpisode(row: EpisodeRow): Episode {
  return {
    id: row.id,
    showId: row.show_id,
    seasonNumber: row.season_number,
    episodeNumber: row.episode_number,
    type: row.type === 'special' ? 'special' : 'regular',
    title: row.title,
    overview: row.overview,
    airDate: row.air_date,
    airStamp: row.air_stamp,
    runtime: row.runtime_minutes,
    stillPath: row.still_url,
    stillThumbPath: row.still_thumb_url,
    voteAverage: row.rating,
    voteCount: row.vote_count,
  };
}

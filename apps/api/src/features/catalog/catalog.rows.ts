import { createHash } from 'node:crypto';
import type { NewEpisode, NewShow } from '../../db/types';
import type { CatalogEpisode, CatalogShow } from './catalog.schema';

/*
 * Catalogue records (the file format of shared/data/SCHEMA.md) → table rows. Shared by the
 * snapshot importer and the live TVmaze sync so that both write identical rows and identical
 * content hashes for the same record (a live refresh of an unchanged show writes nothing).
 */

/** Content hash of a record, the same way the importer computes it. */
export const catalogHash = (value: unknown): string =>
  createHash('sha1').update(JSON.stringify(value)).digest('hex');

export function catalogShowRow(
  show: Omit<CatalogShow, 'episodes'>,
  hash: string,
  now: string,
): NewShow {
  const ids = show.externalIds;
  return {
    source_id: show.id,
    source: show.source,
    source_url: show.sourceUrl,
    source_hash: hash,
    kind: show.kind,
    format: show.format,
    title: show.title,
    title_english: show.titleEnglish,
    title_original: show.titleOriginal,
    language: show.language,
    language_code: show.languageCode,
    country: show.country,
    status: show.status,
    status_raw: show.statusRaw,
    status_as_of: show.statusAsOf,
    synopsis: show.synopsis,
    first_air_date: show.firstAirDate,
    first_air_stamp: show.firstAirStamp,
    last_air_date: show.lastAirDate,
    season_count: show.seasonCount,
    episode_count: show.episodeCount,
    network_name: show.network?.name ?? null,
    network_country: show.network?.country ?? null,
    streaming_service: show.streamingService,
    runtime_minutes: show.runtimeMinutes,
    schedule_days: show.schedule?.days.length ? show.schedule.days.join(',') : null,
    schedule_time: show.schedule?.time ?? null,
    schedule_timezone: show.schedule?.timezone ?? null,
    broadcast: show.broadcast,
    official_site: show.officialSite,
    poster_url: show.posterUrl,
    poster_thumb_url: show.posterThumbUrl,
    backdrop_url: show.backdropUrl,
    rating: show.rating,
    rating_count: show.ratingCount,
    watch_links: show.watchLinks.length ? JSON.stringify(show.watchLinks) : null,
    episodes_complete: show.episodesComplete ? 1 : 0,
    episodes_as_of: show.episodesAsOf,
    tvmaze_id: ids.tvmaze,
    imdb_id: ids.imdb,
    tvdb_id: ids.tvdb,
    tmdb_id: ids.tmdb,
    tvrage_id: ids.tvrage,
    mal_id: ids.mal,
    anilist_id: ids.anilist,
    anidb_id: ids.anidb,
    bangumi_id: ids.bangumi,
    metadata_synced_at: null,
    created_at: now,
    updated_at: now,
  };
}

export function catalogEpisodeRow(
  ep: CatalogEpisode,
  showId: number,
  hash: string,
  now: string,
): NewEpisode {
  return {
    source_id: ep.id,
    source_hash: hash,
    show_id: showId,
    season_number: ep.season,
    episode_number: ep.number,
    type: ep.type,
    type_raw: ep.typeRaw,
    title: ep.title,
    overview: ep.overview,
    air_date: ep.airDate,
    air_stamp: ep.airStamp,
    runtime_minutes: ep.runtimeMinutes,
    still_url: ep.stillUrl,
    still_thumb_url: ep.stillThumbUrl,
    rating: ep.rating,
    vote_count: ep.voteCount,
    url: ep.url,
    created_at: now,
    updated_at: now,
  };
}

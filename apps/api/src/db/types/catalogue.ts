import type { Generated, Insertable, Selectable } from 'kysely';

export interface ShowsTable {
  id: Generated<number>;
  source_id: string;
  source: string;
  source_url: string | null;
  source_hash: string;
  kind: string;
  format: string | null;
  title: string;
  title_english: string | null;
  title_original: string | null;
  language: string | null;
  language_code: string | null;
  country: string | null;
  status: string;
  status_raw: string | null;
  status_as_of: string | null;
  synopsis: string | null;
  first_air_date: string | null;
  first_air_stamp: string | null;
  last_air_date: string | null;
  season_count: number | null;
  episode_count: number | null;
  network_name: string | null;
  network_country: string | null;
  streaming_service: string | null;
  runtime_minutes: number | null;
  schedule_days: string | null;
  schedule_time: string | null;
  schedule_timezone: string | null;
  broadcast: string | null;
  official_site: string | null;
  poster_url: string | null;
  poster_thumb_url: string | null;
  backdrop_url: string | null;
  rating: number | null;
  rating_count: number | null;
  watch_links: string | null;
  episodes_complete: number;
  episodes_as_of: string | null;
  tvmaze_id: number | null;
  imdb_id: string | null;
  tvdb_id: number | null;
  tmdb_id: number | null;
  tvrage_id: number | null;
  mal_id: number | null;
  anilist_id: number | null;
  anidb_id: number | null;
  bangumi_id: number | null;
  metadata_synced_at: string | null;
  popularity: Generated<number>;
  total_users: Generated<number>;
  total_reviews: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ShowSearchTable {
  show_id: number;
  text: string;
}

export interface SearchHistoryTable {
  id: Generated<number>;
  user_id: number;
  query: string;
  created_at: string;
}

export interface ShowTitlesTable {
  show_id: number;
  title: string;
}

export interface GenresTable {
  id: Generated<number>;
  name: string;
}

export interface ShowGenresTable {
  show_id: number;
  genre_id: number;
}

export interface SeasonsTable {
  id: Generated<number>;
  show_id: number;
  number: number;
  episode_count: number | null;
  premiere_date: string | null;
  end_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface EpisodesTable {
  id: Generated<number>;
  source_id: string;
  source_hash: string;
  show_id: number;
  season_number: number | null;
  episode_number: number | null;
  type: string;
  type_raw: string | null;
  title: string | null;
  overview: string | null;
  air_date: string | null;
  air_stamp: string | null;
  runtime_minutes: number | null;
  still_url: string | null;
  still_thumb_url: string | null;
  rating: number | null;
  vote_count: number | null;
  url: string | null;
  /** Set when TVmaze stopped listing the episode: kept for the history pointing at it, hidden elsewhere. */
  retired_at: string | null;
  created_at: string;
  updated_at: string;
}

/** 0012: named cursors of the bulk catalogue sync (the next page of TVmaze's show index). */
export interface CatalogSyncStateTable {
  name: string;
  value: string;
  updated_at: string;
}

/** Where to watch (ADR 182): which TMDB show a catalogue show resolved to, and when. */
export interface WatchProviderLookupsTable {
  show_id: number;
  tmdb_id: number | null;
  fetched_at: string;
}

/** TMDB watch providers of a show, per country and kind (flatrate, free, ads, rent, buy). */
export interface WatchProvidersTable {
  show_id: number;
  country: string;
  kind: string;
  provider_id: number;
  provider_name: string;
  logo_path: string | null;
  display_priority: Generated<number>;
  link: string | null;
}

export type ShowRow = Selectable<ShowsTable>;

export type NewShow = Insertable<ShowsTable>;

export type EpisodeRow = Selectable<EpisodesTable>;

export type NewEpisode = Insertable<EpisodesTable>;

/** 0033: a tracked show's nearest shows, written by the recommendations job (ADR 183). */
export interface ShowSimilaritiesTable {
  show_id: number;
  similar_show_id: number;
  score: number;
  /** 'community' (co-tracked, co-liked) or 'content' (genres, network, era). */
  source: string;
  computed_at: string;
}

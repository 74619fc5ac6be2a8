import type { Generated, Selectable } from 'kysely';

// API tokens and scrobbling (0018-api-tokens-and-scrobbling, ADR 161)
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The token's first characters, shown in the list. */
  prefix: string;
  token_hash: string;
  /** Space-separated scopes: read, write:tracking. */
  scopes: string;
  created_at: string;
  last_used_at: string | null;
}

export type ApiTokenRow = Selectable<ApiTokensTable>;

export interface ScrobbleHooksTable {
  user_id: number;
  secret: string;
  created_at: string;
}

export interface ScrobbleEventsTable {
  id: Generated<number>;
  user_id: number;
  source: string;
  event: string;
  received_at: string;
  outcome: string;
  detail: string;
  title: string | null;
  season_number: number | null;
  episode_number: number | null;
  show_id: number | null;
  episode_id: number | null;
}

export type ScrobbleEventRow = Selectable<ScrobbleEventsTable>;

// Trakt-compatible API (0022-trakt-api, ADR 170)
export interface TraktGrantsTable {
  id: Generated<number>;
  user_id: number;
  client_id: string;
  app_name: string | null;
  access_hash: string;
  refresh_hash: string;
  scope: string;
  created_at: string;
  refreshed_at: string;
  access_expires_at: string;
  last_used_at: string | null;
}

export type TraktGrantRow = Selectable<TraktGrantsTable>;

export interface TraktDeviceCodesTable {
  id: Generated<number>;
  client_id: string;
  device_hash: string;
  user_code: string;
  user_id: number | null;
  /** pending | approved | denied | used */
  state: string;
  interval_seconds: number;
  last_polled_at: string | null;
  created_at: string;
  expires_at: string;
}

export type TraktDeviceCodeRow = Selectable<TraktDeviceCodesTable>;

export interface TraktAuthCodesTable {
  id: Generated<number>;
  client_id: string;
  code_hash: string;
  user_id: number;
  redirect_uri: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  created_at: string;
  expires_at: string;
}

export type TraktAuthCodeRow = Selectable<TraktAuthCodesTable>;

export interface TraktPlaybackTable {
  id: Generated<number>;
  user_id: number;
  show_id: number;
  episode_id: number;
  /** 0–100, as Trakt sends it. */
  progress: number;
  paused_at: string;
}

export type TraktPlaybackRow = Selectable<TraktPlaybackTable>;

/** 0028: the episode a member checked into through a Trakt app, until its runtime passes. */
export interface TraktCheckinsTable {
  id: Generated<number>;
  user_id: number;
  show_id: number;
  episode_id: number;
  /** The play recorded at checkin (removed if the checkin is cancelled); null: a duplicate. */
  play_id: number | null;
  started_at: string;
  expires_at: string;
}

export type TraktCheckinRow = Selectable<TraktCheckinsTable>;

import type { Generated, Selectable } from 'kysely';

export interface WatchlistItemsTable {
  id: Generated<number>;
  user_id: number;
  show_id: number;
  status: string;
  score: number | null;
  progress: Generated<number>;
  next_episode_id: number | null;
  next_air_date: string | null;
  last_watched_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  /** 0013: the current watch-through (1 for the first; a rewatch starts the next). */
  run: Generated<number>;
}

/** 0013: one watch of an episode (ADR 130). */
export interface EpisodePlaysTable {
  id: Generated<number>;
  user_id: number;
  episode_id: number;
  show_id: number;
  watched_at: string;
  /** 'web', 'import:trakt', 'migrated', …: at most 32 characters. */
  source: string;
  run: number;
  created_at: string;
}

export interface EpisodeProgressTable {
  id: Generated<number>;
  user_id: number;
  episode_id: number;
  show_id: number;
  watched_at: string;
  created_at: string;
  updated_at: string;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  show_id: number;
  created_at: string;
}

/** A member's country and "my services" (a JSON array of provider names). */
export interface MemberWatchSettingsTable {
  user_id: number;
  country: string | null;
  services: Generated<string>;
  updated_at: string;
}

/** 0031: shows a member chose to see spoilers for (ADR 181). */
export interface SpoilerRevealsTable {
  user_id: number;
  show_id: number;
  created_at: string;
}

/** 0017: one e-mailed alert per (member, episode): the claim that makes it once. */
export interface EpisodeAlertsTable {
  user_id: number;
  episode_id: number;
  mode: string;
  created_at: string;
}

export type WatchlistItemRow = Selectable<WatchlistItemsTable>;

// imports (0010-imports)
export interface ImportsTable {
  id: string;
  user_id: number;
  job_id: string | null;
  source: string | null;
  file_name: string | null;
  status: string;
  report: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  updated_at: string;
  /** 0020: how far a running import got (JSON: report so far, shows written); null when idle. */
  checkpoint: string | null;
}

export interface ImportHeldEpisodesTable {
  id: Generated<number>;
  user_id: number;
  show_id: number;
  season_number: number | null;
  episode_number: number | null;
  air_date: string | null;
  episode_key: string;
  watched_at: string;
  import_id: string | null;
  created_at: string;
  /** 0014: 'watch' (one play) or 'count' (a MyAnimeList count of `watched_count` episodes). */
  kind: Generated<string>;
  watched_count: number | null;
}

/** 0023: a member's rating of one season of a show (ADR 171). */
export interface SeasonRatingsTable {
  id: Generated<number>;
  user_id: number;
  show_id: number;
  season_number: number;
  /** 1..10 */
  rating: number;
  rated_at: string;
  updated_at: string;
}

export type SeasonRatingRow = Selectable<SeasonRatingsTable>;

/** 0023: when each kind of a member's data last changed (`/trakt/sync/last_activities`). */
export interface SyncActivityTable {
  user_id: number;
  kind: string;
  at: string;
}

/** 0033: a member's picks and the tracked show that brought each one. */
export interface MemberRecommendationsTable {
  user_id: number;
  show_id: number;
  because_show_id: number;
  score: number;
  computed_at: string;
}

/** 0033: "Not interested": a show never recommended to this member again. */
export interface RecommendationDismissalsTable {
  user_id: number;
  show_id: number;
  created_at: string;
}

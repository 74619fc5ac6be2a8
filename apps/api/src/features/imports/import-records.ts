import type { ShowStatement } from '../tracking/imported-shows';

/**
 * What every parser turns a file into: the same few kinds of records, whatever the source.
 * Matching and writing (imports.service) only ever see these.
 */
export interface ExternalIds {
  tvmaze?: number;
  tvdb?: number;
  imdb?: string;
  tmdb?: number;
  mal?: number;
  anilist?: number;
  trakt?: number;
  slug?: string;
  simkl?: number;
  /** Our own catalogue key (`tvmaze:82`), carried by our export. */
  sourceId?: string;
}

export interface ShowRef {
  title: string | null;
  year: number | null;
  ids: ExternalIds;
}

export type ImportRecord =
  /** One watch of one episode (rewatches come as several plays of the same episode). */
  | {
      kind: 'play';
      show: ShowRef;
      season: number | null;
      number: number | null;
      airDate?: string | null;
      watchedAt: string;
      /** TheTVDB id of the episode (TV Time), so its votes can find the episode. */
      tvdbEpisode?: number;
    }
  /**
   * A rating (1-10) of one episode: by show + season + number (Trakt), or by TheTVDB episode
   * id alone (TV Time votes; resolved through the file's own watch rows).
   */
  | {
      kind: 'episode-rating';
      show: ShowRef | null;
      season: number | null;
      number: number | null;
      tvdbEpisode?: number;
      rating: number;
      ratedAt: string | null;
    }
  /** A rating (1-10) of one season of a show (Trakt's ratings-seasons.json, our export). */
  | { kind: 'season-rating'; show: ShowRef; season: number; rating: number; ratedAt: string | null }
  /** The first `count` regular episodes watched, in viewing order (MAL keeps only a count). */
  | { kind: 'progress-count'; show: ShowRef; count: number; watchedAt: string | null }
  /** What the file says about a show: status, score, watchlist or favourite, dates. */
  | ({
      kind: 'show';
      show: ShowRef;
      rated?: boolean;
      /** Followed / in the member's shows, without a status of its own. */
      tracked?: boolean;
    } & ShowStatement)
  | {
      kind: 'list';
      key: string;
      name: string;
      description: string | null;
      createdAt: string | null;
      items: { show: ShowRef; rank: number; note: string | null }[];
    }
  | {
      kind: 'review';
      show: ShowRef;
      title?: string | null;
      text: string;
      rating: number | null;
      spoiler: boolean;
      createdAt: string;
    }
  /** A member the exporting account followed (our own export). */
  | { kind: 'follow'; username: string; followedAt: string | null }
  | { kind: 'skip'; what: string; count?: number }
  | { kind: 'note'; text: string };

/** A file the importer cannot read: reported as the job's error, nothing written. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

const idKeys: (keyof ExternalIds)[] = [
  'tvmaze',
  'tvdb',
  'imdb',
  'tmdb',
  'mal',
  'anilist',
  'trakt',
  'slug',
  'simkl',
  'sourceId',
];

/** Parses an id that may come as a number, a numeric string, 0, -1 or empty (all "none"). */
export function intId(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export function imdbId(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  return /^tt\d+$/.test(v) ? v : undefined;
}

/** Keeps only well-formed ids. */
export function cleanIds(raw: Record<string, unknown> | null | undefined): ExternalIds {
  const ids: ExternalIds = {};
  if (!raw) return ids;
  for (const key of idKeys) {
    const value = raw[key];
    if (key === 'imdb') {
      const v = imdbId(value);
      if (v) ids.imdb = v;
    } else if (key === 'slug' || key === 'sourceId') {
      if (typeof value === 'string' && value) ids[key] = value;
    } else {
      const v = intId(value);
      if (v !== undefined) ids[key] = v;
    }
  }
  return ids;
}

/** A year from `2013`, `"2013"`, `"2013–2023"` or a date; null otherwise. */
export function yearOf(value: unknown): number | null {
  if (typeof value === 'number' && value > 1800 && value < 3000) return Math.trunc(value);
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})/.exec(value.trim());
  if (!m) return null;
  const y = Number(m[1]);
  return y > 1800 && y < 3000 ? y : null;
}

/** An instant as ISO 8601 UTC; naive `YYYY-MM-DD HH:MM:SS` is read as UTC. Null if unreadable. */
export function utcInstant(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  let v = String(value).trim();
  if (!v) return null;
  if (/^\d{10}$/.test(v)) return new Date(Number(v) * 1000).toISOString();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) v = `${v}T00:00:00Z`;
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(v))
    v = `${v.replace(' ', 'T')}Z`;
  const t = Date.parse(v);
  if (Number.isNaN(t)) return null;
  const d = new Date(t);
  const y = d.getUTCFullYear();
  return y < 1900 || y > 2200 ? null : d.toISOString();
}

/** A calendar date `YYYY-MM-DD`; `0000-00-00`, `2019-00-00` and Go's zero date are none. */
export function calendarDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!m || m[1] === '0000' || m[1] === '0001' || m[2] === '00' || m[3] === '00') return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

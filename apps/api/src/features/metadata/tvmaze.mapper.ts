import type { Updateable } from 'kysely';
import type { NewShow, ShowRow, ShowsTable } from '../../db/types';
import { normalizeCatalogShow, tvmazeStatus } from '../catalog/catalog.normalize';
import type { CatalogEpisode, CatalogShow } from '../catalog/catalog.schema';

/*
 * TVmaze API JSON → catalogue records (shared/data/SCHEMA.md), the same normalisation the
 * bundled snapshot went through, so live rows and snapshot rows are indistinguishable.
 * Only the fields we read are typed; TVmaze sends more.
 */

interface TvmazeImage {
  medium?: string | null;
  original?: string | null;
}
interface TvmazeChannel {
  name: string;
  country?: { code?: string | null; timezone?: string | null } | null;
}

export interface TvmazeShow {
  id: number;
  url?: string | null;
  name: string;
  type?: string | null;
  language?: string | null;
  genres?: string[] | null;
  status?: string | null;
  runtime?: number | null;
  averageRuntime?: number | null;
  premiered?: string | null;
  ended?: string | null;
  officialSite?: string | null;
  schedule?: { time?: string | null; days?: string[] | null } | null;
  rating?: { average?: number | null } | null;
  network?: TvmazeChannel | null;
  webChannel?: TvmazeChannel | null;
  externals?: { tvrage?: number | null; thetvdb?: number | null; imdb?: string | null } | null;
  image?: TvmazeImage | null;
  summary?: string | null;
  updated?: number | null;
}

export interface TvmazeEpisode {
  id: number;
  url?: string | null;
  name?: string | null;
  season?: number | null;
  number?: number | null;
  type?: string | null;
  airdate?: string | null;
  airstamp?: string | null;
  runtime?: number | null;
  rating?: { average?: number | null } | null;
  image?: TvmazeImage | null;
  summary?: string | null;
  /** /schedule embeds the show here, /schedule/web under _embedded. */
  show?: TvmazeShow;
  _embedded?: { show?: TvmazeShow };
}

export interface TvmazeSearchResult {
  score: number;
  show: TvmazeShow;
}

export const tvmazeSourceId = (id: number) => `tvmaze:${id}`;

/**
 * TVmaze's status (Running → airing, Ended → completed, In Development → upcoming, To Be
 * Determined → tbd), except that a show whose `ended` date has passed by `asOf` has ended,
 * whatever `status` says (ADR 120).
 */
export function mapStatus(
  raw: string | null | undefined,
  ended?: string | null,
  asOf?: string,
): CatalogShow['status'] {
  if (ended && asOf && ended < asOf) return 'completed';
  return tvmazeStatus(raw);
}

/** `http://` links are rewritten to `https://`; empty strings become null. */
export function httpsUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.replace(/^http:\/\//i, 'https://');
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/**
 * TVmaze summaries are small HTML fragments (<p>, <b>, <i>, <br>). Plain text out: paragraphs
 * separated by one blank line, line breaks kept, every other tag dropped, entities decoded.
 */
export function htmlToText(html: string | null | undefined): string | null {
  if (!html) return null;
  const text = decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|h[1-6]|li|blockquote)>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split(/\n{2,}/)
    .map((para) =>
      para
        .split('\n')
        .map((line) => line.replace(/[ \t\r\f\v\u00a0]+/g, ' ').trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n');
  return text || null;
}

/** ISO 639-1 code for TVmaze's English language names ("Japanese" → "ja"), via Intl. */
let languageCodes: Map<string, string> | null = null;
export function languageCode(name: string | null | undefined): string | null {
  if (!name) return null;
  if (!languageCodes) {
    languageCodes = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    const a = 'a'.charCodeAt(0);
    for (let i = 0; i < 26; i++) {
      for (let j = 0; j < 26; j++) {
        const code = String.fromCharCode(a + i, a + j);
        const label = names.of(code);
        if (label && !languageCodes.has(label)) languageCodes.set(label, code);
      }
    }
  }
  return languageCodes.get(name) ?? null;
}

const emptyToNull = (value: string | null | undefined) => (value ? value : null);

/** `2011-04-18T01:00:00+00:00` → `2011-04-18T01:00:00.000Z`. */
function utcStamp(value: string | null | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export function mapEpisode(ep: TvmazeEpisode): CatalogEpisode {
  const typeRaw = ep.type ?? null;
  return {
    id: tvmazeSourceId(ep.id),
    season: ep.season ?? null,
    number: ep.number ?? null,
    type:
      typeRaw === 'significant_special' || typeRaw === 'insignificant_special'
        ? 'special'
        : 'regular',
    typeRaw,
    title: emptyToNull(ep.name),
    overview: htmlToText(ep.summary),
    airDate: emptyToNull(ep.airdate),
    airStamp: utcStamp(ep.airstamp),
    runtimeMinutes: ep.runtime ?? null,
    stillUrl: httpsUrl(ep.image?.original),
    stillThumbUrl: httpsUrl(ep.image?.medium),
    rating: ep.rating?.average ?? null,
    voteCount: null,
    url: httpsUrl(ep.url),
  };
}

export interface MapShowOptions {
  /** Date (YYYY-MM-DD) the record was fetched; statuses and episode lists are "as of" it. */
  asOf: string;
  /** The show's episodes; with `complete`, the full list (`/shows/{id}/episodes?specials=1`). */
  episodes?: TvmazeEpisode[];
  complete?: boolean;
}

const byAirTime = (a: CatalogEpisode, b: CatalogEpisode) =>
  (a.airStamp ?? a.airDate ?? '\uffff').localeCompare(b.airStamp ?? b.airDate ?? '\uffff') ||
  (a.season ?? 0) - (b.season ?? 0) ||
  (a.number ?? 0) - (b.number ?? 0);

/**
 * One TVmaze show (+ episodes) as a catalogue record. Fields TVmaze does not know
 * (original title, anime-site ids, watch links, ...) come out null/empty; the repository
 * merges them with what other sources gave us rather than overwriting (see mergeShowRow).
 */
export function mapShow(show: TvmazeShow, options: MapShowOptions): CatalogShow {
  return normalizeCatalogShow(mapShowRecord(show, options), options.asOf);
}

function mapShowRecord(show: TvmazeShow, options: MapShowOptions): CatalogShow {
  const episodes = (options.episodes ?? []).map(mapEpisode).sort(byAirTime);
  const complete = Boolean(options.complete);
  const regular = episodes.filter((e) => e.type === 'regular');
  const channel = show.network ?? show.webChannel ?? null;
  const timezone = show.network?.country?.timezone ?? show.webChannel?.country?.timezone ?? null;
  const days = show.schedule?.days ?? [];
  const time = emptyToNull(show.schedule?.time);
  const lastAired = regular
    .map((e) => e.airDate)
    .filter((d): d is string => !!d && d <= options.asOf)
    .sort()
    .at(-1);
  return {
    id: tvmazeSourceId(show.id),
    source: 'tvmaze',
    sourceUrl: httpsUrl(show.url),
    kind: show.language === 'Japanese' && show.type === 'Animation' ? 'anime' : 'series',
    format: emptyToNull(show.type),
    externalIds: {
      tvmaze: show.id,
      tmdb: null,
      imdb: emptyToNull(show.externals?.imdb),
      tvdb: show.externals?.thetvdb ?? null,
      tvrage: show.externals?.tvrage ?? null,
      mal: null,
      anilist: null,
      anidb: null,
      bangumi: null,
    },
    title: show.name,
    titleEnglish: show.language === 'English' ? show.name : null,
    titleOriginal: null,
    titleAlternatives: [],
    language: emptyToNull(show.language),
    languageCode: languageCode(show.language),
    country: channel?.country?.code ?? null,
    status: mapStatus(show.status, emptyToNull(show.ended), options.asOf),
    statusRaw: emptyToNull(show.status),
    statusAsOf: options.asOf,
    genres: [...new Set(show.genres ?? [])],
    synopsis: htmlToText(show.summary),
    firstAirDate: emptyToNull(show.premiered),
    firstAirStamp: null,
    lastAirDate: emptyToNull(show.ended) ?? (complete ? (lastAired ?? null) : null),
    seasonCount: complete
      ? new Set(regular.map((e) => e.season).filter((s) => s !== null)).size
      : null,
    episodeCount: complete ? regular.length : null,
    network: show.network
      ? { name: show.network.name, country: show.network.country?.code ?? null }
      : null,
    streamingService: show.webChannel?.name ?? null,
    runtimeMinutes: show.runtime ?? show.averageRuntime ?? null,
    schedule: days.length || time ? { days, time, timezone } : null,
    broadcast: null,
    officialSite: httpsUrl(show.officialSite),
    posterUrl: httpsUrl(show.image?.original),
    posterThumbUrl: httpsUrl(show.image?.medium),
    backdropUrl: null,
    rating: show.rating?.average ?? null,
    ratingCount: null,
    watchLinks: [],
    episodesComplete: complete,
    episodesAsOf: episodes.length ? options.asOf : null,
    episodes,
  };
}

/** Columns TVmaze may leave empty that other sources (bangumi-data) fill: never blank them. */
const keptWhenMissing = [
  'title_english',
  'title_original',
  'first_air_stamp',
  'broadcast',
  'watch_links',
  'backdrop_url',
  'rating_count',
  'imdb_id',
  'tvdb_id',
  'tmdb_id',
  'tvrage_id',
  'mal_id',
  'anilist_id',
  'anidb_id',
  'bangumi_id',
] as const satisfies readonly (keyof ShowRow)[];

/** Columns only a full episode list can tell; a schedule entry must not reset them. */
const episodeListColumns = [
  'episodes_complete',
  'season_count',
  'episode_count',
  'episodes_as_of',
  'last_air_date',
] as const satisfies readonly (keyof ShowRow)[];

/**
 * A fresh TVmaze row merged over the row we have: TVmaze wins where it says something, our
 * other sources' values stay where it says nothing, and the row keeps its identity.
 * `partial` = the TVmaze data came without the full episode list (schedule entries).
 */
export function mergeShowRow(
  existing: ShowRow,
  incoming: NewShow,
  options: { partial: boolean },
): Updateable<ShowsTable> {
  const {
    source_id: _sourceId,
    created_at: _createdAt,
    metadata_synced_at: _synced,
    ...merged
  } = incoming;
  const out: Updateable<ShowsTable> = merged;
  for (const key of keptWhenMissing) {
    if (incoming[key] == null && existing[key] != null)
      (out as Record<string, unknown>)[key] = existing[key];
  }
  if (existing.kind === 'anime') out.kind = 'anime';
  if (existing.source !== 'tvmaze') {
    // A row from another source that links this TVmaze id keeps its own attribution.
    out.source = existing.source;
    out.source_url = existing.source_url;
  }
  if (options.partial) {
    for (const key of episodeListColumns) (out as Record<string, unknown>)[key] = existing[key];
  }
  return out;
}

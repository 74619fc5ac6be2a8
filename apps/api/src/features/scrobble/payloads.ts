import { scrobbleThreshold, type MediaServer } from '@series-tracker/contracts';

/**
 * What each media server's webhook says, in one shape (ADR 161). Recorded payloads of each
 * server are in apps/api/test/fixtures/scrobble/ with a note of where their shape comes from.
 */
export interface ScrobbleReport {
  /** The server's own event name (PlaybackStop, media.scrobble, playback.stop, scrobble). */
  event: string;
  /** null: a finished episode to record; else why it is not one (shown to the member). */
  ignored: string | null;
  title: string | null;
  year: number | null;
  season: number | null;
  episode: number | null;
  /** Ids of the show (never the episode's: the catalogue keeps show ids only). */
  showIds: { tvdb?: number; imdb?: string; tmdb?: number };
  /** When the server says it happened (ISO), if it says. */
  at: string | null;
}

/** A body that is not what the server sends: 400, recorded as invalid. */
export class PayloadError extends Error {}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, 300) : null;
/** Templates render numbers as strings or numbers; both are read. */
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
const int = (v: unknown): number | null => {
  const n = num(v);
  return n !== null && Number.isInteger(n) && n >= 0 && n < 100_000 ? n : null;
};
const bool = (v: unknown): boolean => v === true || v === 'true' || v === 'True';
const imdb = (v: unknown): string | undefined => {
  const s = str(v);
  return s && /^tt\d{5,10}$/.test(s) ? s : undefined;
};
const posInt = (v: unknown): number | undefined => {
  const n = int(v);
  return n !== null && n > 0 ? n : undefined;
};
const pct = (share: number) => `${Math.floor(share * 100)} %`;

/** Played share from position and runtime, or null when either is missing. */
function share(position: unknown, runtime: unknown): number | null {
  const p = num(position);
  const r = num(runtime);
  return p !== null && r !== null && r > 0 && p >= 0 ? p / r : null;
}

function notEpisode(kind: string | null): string {
  return `Only episodes are tracked (this was ${kind ? `a ${kind}` : 'not an episode'})`;
}

function stoppedEarly(s: number | null): string {
  return s === null
    ? 'Playback stopped before the end (no position was sent)'
    : `Playback stopped at ${pct(s)}; an episode counts as watched from ${pct(scrobbleThreshold)}`;
}

function requireObject(body: unknown): Obj {
  if (!isObj(body)) throw new PayloadError('Expected a JSON object');
  return body;
}

/**
 * Jellyfin's webhook plugin (jellyfin-plugin-webhook, "Generic" destination) with the template
 * the settings page gives: its default data object's NotificationType, ItemType, SeriesName,
 * SeasonNumber, EpisodeNumber, Year, PlaybackPositionTicks, RunTimeTicks, PlayedToCompletion,
 * UtcTimestamp. Its Provider_* ids are the episode's, which the catalogue does not keep.
 */
export function parseJellyfin(body: unknown): ScrobbleReport {
  const b = requireObject(body);
  const event = str(b.NotificationType);
  if (!event) throw new PayloadError('NotificationType is missing');
  const report: ScrobbleReport = {
    event,
    ignored: null,
    title: str(b.SeriesName),
    year: int(b.Year),
    season: int(b.SeasonNumber),
    episode: int(b.EpisodeNumber),
    showIds: {},
    at: str(b.UtcTimestamp),
  };
  const itemType = str(b.ItemType);
  if (itemType !== 'Episode') return { ...report, ignored: notEpisode(itemType) };
  if (event !== 'PlaybackStop' && event !== 'PlaybackProgress')
    return { ...report, ignored: `Jellyfin's ${event} is not the end of a playback` };
  const s = share(b.PlaybackPositionTicks, b.RunTimeTicks);
  if (!bool(b.PlayedToCompletion) && (s === null || s < scrobbleThreshold))
    return { ...report, ignored: stoppedEarly(s) };
  return report;
}

/** Show ids in a Plex agent guid: legacy agents name the show's id (thetvdb://81189/1/1). */
function plexShowIds(guid: string | null): ScrobbleReport['showIds'] {
  if (!guid) return {};
  const m = /^com\.plexapp\.agents\.(thetvdb|themoviedb|imdb)(?:-?\w*)?:\/\/([^/?]+)/.exec(guid);
  if (!m) return {};
  const [, agent, id] = m;
  if (agent === 'thetvdb') return posInt(id) ? { tvdb: posInt(id)! } : {};
  if (agent === 'themoviedb') return posInt(id) ? { tmdb: posInt(id)! } : {};
  return imdb(id) ? { imdb: imdb(id)! } : {};
}

/**
 * Plex Media Server webhooks (Plex Pass): multipart/form-data whose `payload` field is JSON
 * with event (media.play, media.pause, media.resume, media.stop, media.scrobble, …) and
 * Metadata (type, grandparentTitle, parentIndex, index, guid, viewOffset, duration). Plex
 * sends media.scrobble itself once playback passes 90 %.
 */
export function parsePlex(body: unknown): ScrobbleReport {
  const b = requireObject(body);
  const event = str(b.event);
  if (!event) throw new PayloadError('event is missing');
  const m = isObj(b.Metadata) ? b.Metadata : null;
  if (!m) {
    if (event.startsWith('media.')) throw new PayloadError('Metadata is missing');
    return {
      event,
      ignored: `Plex's ${event} is not a playback`,
      title: null,
      year: null,
      season: null,
      episode: null,
      showIds: {},
      at: null,
    };
  }
  const report: ScrobbleReport = {
    event,
    ignored: null,
    title: str(m.grandparentTitle),
    year: null,
    season: int(m.parentIndex),
    episode: int(m.index),
    showIds: { ...plexShowIds(str(m.grandparentGuid)), ...plexShowIds(str(m.guid)) },
    at: null,
  };
  const type = str(m.type);
  if (type !== 'episode') return { ...report, ignored: notEpisode(type) };
  if (event === 'media.scrobble') return report;
  if (event === 'media.stop') {
    const s = share(m.viewOffset, m.duration);
    return s !== null && s >= scrobbleThreshold ? report : { ...report, ignored: stoppedEarly(s) };
  }
  return { ...report, ignored: `Plex's ${event} is not the end of a playback` };
}

/**
 * Emby Server webhooks (Settings → Webhooks, application/json): Event (playback.start,
 * playback.stop, item.markplayed, …), Date, Item (Type, SeriesName, ParentIndexNumber,
 * IndexNumber, RunTimeTicks, ProductionYear, ProviderIds — the episode's) and PlaybackInfo
 * (PositionTicks, PlayedToCompletion) on playback events.
 */
export function parseEmby(body: unknown): ScrobbleReport {
  const b = requireObject(body);
  const event = str(b.Event);
  if (!event) throw new PayloadError('Event is missing');
  const item = isObj(b.Item) ? b.Item : null;
  if (!item) {
    if (event.startsWith('playback.') || event === 'item.markplayed')
      throw new PayloadError('Item is missing');
    return {
      event,
      ignored: `Emby's ${event} is not a playback`,
      title: null,
      year: null,
      season: null,
      episode: null,
      showIds: {},
      at: str(b.Date),
    };
  }
  const report: ScrobbleReport = {
    event,
    ignored: null,
    title: str(item.SeriesName),
    year: int(item.ProductionYear),
    season: int(item.ParentIndexNumber),
    episode: int(item.IndexNumber),
    showIds: {},
    at: str(b.Date),
  };
  const type = str(item.Type);
  if (type !== 'Episode') return { ...report, ignored: notEpisode(type) };
  if (event === 'item.markplayed') return report;
  if (event === 'playback.stop') {
    const info = isObj(b.PlaybackInfo) ? b.PlaybackInfo : {};
    const s = share(info.PositionTicks, item.RunTimeTicks);
    if (bool(info.PlayedToCompletion) || (s !== null && s >= scrobbleThreshold)) return report;
    return { ...report, ignored: stoppedEarly(s) };
  }
  return { ...report, ignored: `Emby's ${event} is not the end of a playback` };
}

/**
 * Kodi has no webhooks. A Kodi add-on or script posts this documented JSON (README, "Kodi"):
 * { "event": "scrobble", "type": "episode", "showTitle", "year", "season", "episode",
 *   "showIds": { "tvdb", "imdb", "tmdb" } (Kodi's tvshow uniqueid), "progress" (0–100),
 *   "watchedAt" (ISO, optional) }. `event: "stop"` with progress below 90 is ignored.
 */
export function parseKodi(body: unknown): ScrobbleReport {
  const b = requireObject(body);
  const event = str(b.event);
  if (!event) throw new PayloadError('event is missing');
  const ids = isObj(b.showIds) ? b.showIds : {};
  const report: ScrobbleReport = {
    event,
    ignored: null,
    title: str(b.showTitle),
    year: int(b.year),
    season: int(b.season),
    episode: int(b.episode),
    showIds: {
      ...(posInt(ids.tvdb) ? { tvdb: posInt(ids.tvdb)! } : {}),
      ...(imdb(ids.imdb) ? { imdb: imdb(ids.imdb)! } : {}),
      ...(posInt(ids.tmdb) ? { tmdb: posInt(ids.tmdb)! } : {}),
    },
    at: str(b.watchedAt),
  };
  const type = str(b.type);
  if (type !== 'episode') return { ...report, ignored: notEpisode(type) };
  if (event !== 'scrobble' && event !== 'stop')
    return { ...report, ignored: `Kodi's ${event} is not the end of a playback` };
  const progress = num(b.progress);
  if (progress === null && event === 'scrobble') return report;
  const s = progress === null ? null : progress / 100;
  return s !== null && s >= scrobbleThreshold ? report : { ...report, ignored: stoppedEarly(s) };
}

export const parsers: Record<MediaServer, (body: unknown) => ScrobbleReport> = {
  jellyfin: parseJellyfin,
  plex: parsePlex,
  emby: parseEmby,
  kodi: parseKodi,
};

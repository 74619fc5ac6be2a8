import {
  errorCodes,
  playInstant,
  traktSyncMessages,
  type TraktMediaItem,
  type TraktNotFound,
  type TraktShowItem,
  type TraktSyncBody,
} from '@series-tracker/contracts';
import type { ShowRow } from '../../db/types';
import { AppError } from '../../lib/errors';
import type { TraktRepository } from './trakt.repository';
import type { SyncEpisodeRow, TraktSyncRepository } from './trakt-sync.repository';

/** What one item of a sync body names, once found: a show, one of its seasons, or an episode. */
export type SyncTarget =
  | { level: 'show'; show: ShowRow; raw: TraktShowItem }
  | {
      level: 'season';
      show: ShowRow;
      season: number;
      raw: { rating?: unknown; watched_at?: string | null; rated_at?: string | null };
      /** Inherited from the show item it sits in. */
      outer: { watched_at?: string | null; rated_at?: string | null };
    }
  | {
      level: 'episode';
      show: ShowRow;
      episode: SyncEpisodeRow;
      raw: { rating?: unknown; watched_at?: string | null; rated_at?: string | null };
      outer: { watched_at?: string | null; rated_at?: string | null };
    };

export interface Resolution {
  targets: SyncTarget[];
  notFound: TraktNotFound;
  /** Live episodes of every show the body names, in viewing order per show. */
  episodesOf: (showId: number) => SyncEpisodeRow[];
}

export const emptyNotFound = (): TraktNotFound => ({
  movies: [],
  shows: [],
  seasons: [],
  episodes: [],
  people: [],
});

const seasonOf = (e: { season_number: number | null }) => e.season_number ?? 0;
const toInt = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * Every date in the body readable before anything is written: a malformed one is a 400 and
 * nothing changes (`released` and bare dates are fine for `watched_at`).
 */
export function assertDates(body: TraktSyncBody, field: 'watched_at' | 'rated_at'): void {
  const bad = (v: string | null | undefined) =>
    typeof v === 'string' && !(field === 'watched_at' && v === 'released') && !playInstant(v);
  const items: { [k: string]: unknown }[] = [
    ...(body.shows ?? []),
    ...(body.seasons ?? []),
    ...(body.episodes ?? []),
  ];
  for (const s of body.shows ?? [])
    for (const season of s.seasons ?? []) {
      items.push(season);
      for (const e of season.episodes ?? []) items.push(e);
    }
  for (const item of items) {
    if (bad(item[field] as string | null | undefined))
      throw new AppError(400, errorCodes.validation, traktSyncMessages.watchedAtInvalid, {
        [field]: traktSyncMessages.watchedAtInvalid,
      });
  }
}

/**
 * Finds what a sync body names (ADR 171). Shows by any of Trakt's ids; seasons and episodes
 * by their `trakt` id (ours; the catalogue keeps no external episode ids); seasons and
 * episodes inside a show by number. Movies are never ours: they are echoed under
 * `not_found.movies`, as is every item that names nothing here. Lookups are batched, so a
 * body of thousands of episodes costs a handful of queries.
 */
export async function resolveSyncBody(
  body: TraktSyncBody,
  deps: { trakt: Pick<TraktRepository, 'showByIds'>; repo: TraktSyncRepository },
): Promise<Resolution> {
  const notFound = emptyNotFound();
  notFound.movies.push(...(body.movies ?? []));
  const targets: SyncTarget[] = [];

  // Shows (and the seasons / episodes inside them, by number).
  const showCache = new Map<string, ShowRow | undefined>();
  const showItems: { show: ShowRow; item: TraktShowItem }[] = [];
  for (const item of body.shows ?? []) {
    const key = JSON.stringify(item.ids ?? {});
    if (!showCache.has(key))
      showCache.set(key, item.ids ? await deps.trakt.showByIds(item.ids) : undefined);
    const show = showCache.get(key);
    if (show) showItems.push({ show, item });
    else notFound.shows.push(item);
  }

  // Seasons and episodes by their own ids.
  const seasonItems = (body.seasons ?? []).map((item) => ({ item, id: toInt(item.ids?.trakt) }));
  const episodeItems = (body.episodes ?? []).map((item) => ({ item, id: toInt(item.ids?.trakt) }));
  const seasonRows = new Map(
    (await deps.repo.seasonsByIds(seasonItems.flatMap((s) => (s.id ? [s.id] : [])))).map((r) => [
      r.id,
      r,
    ]),
  );
  const episodeRows = new Map(
    (await deps.repo.episodesByIds(episodeItems.flatMap((e) => (e.id ? [e.id] : [])))).map((r) => [
      r.id,
      r,
    ]),
  );
  const showIds = new Set<number>(showItems.map((s) => s.show.id));
  for (const r of seasonRows.values()) showIds.add(r.show_id);
  for (const r of episodeRows.values()) showIds.add(r.show_id);
  const shows = await deps.repo.showsByIds([...showIds]);
  const episodes = await deps.repo.episodesOfShows([
    ...showItems.map((s) => s.show.id),
    ...[...seasonRows.values()].map((r) => r.show_id),
  ]);
  const byShow = new Map<number, SyncEpisodeRow[]>();
  for (const e of episodes) {
    const list = byShow.get(e.show_id) ?? [];
    list.push(e);
    byShow.set(e.show_id, list);
  }
  for (const list of byShow.values())
    list.sort(
      (a, b) =>
        seasonOf(a) - seasonOf(b) ||
        (a.episode_number ?? 1e9) - (b.episode_number ?? 1e9) ||
        a.id - b.id,
    );
  const episodesOf = (showId: number) => byShow.get(showId) ?? [];

  for (const { show, item } of showItems) {
    if (!item.seasons?.length) {
      targets.push({ level: 'show', show, raw: item });
      continue;
    }
    const outer = { watched_at: item.watched_at, rated_at: item.rated_at };
    const list = episodesOf(show.id);
    for (const season of item.seasons) {
      const inSeason = list.filter((e) => seasonOf(e) === season.number);
      if (!inSeason.length) {
        notFound.seasons.push(season);
        continue;
      }
      if (!season.episodes?.length) {
        targets.push({ level: 'season', show, season: season.number, raw: season, outer });
        continue;
      }
      // A season that carries episodes is itself named only by a rating of its own.
      if (season.rating !== undefined)
        targets.push({ level: 'season', show, season: season.number, raw: season, outer });
      const seasonOuter = {
        watched_at: season.watched_at ?? outer.watched_at,
        rated_at: season.rated_at ?? outer.rated_at,
      };
      for (const ep of season.episodes) {
        const episode = inSeason.find((e) => e.episode_number === ep.number);
        if (episode) targets.push({ level: 'episode', show, episode, raw: ep, outer: seasonOuter });
        else notFound.episodes.push(ep);
      }
    }
  }
  for (const { item, id } of seasonItems) {
    const row = id ? seasonRows.get(id) : undefined;
    const show = row && shows.get(row.show_id);
    if (row && show)
      targets.push({ level: 'season', show, season: row.number, raw: item, outer: {} });
    else notFound.seasons.push(item);
  }
  for (const { item, id } of episodeItems) {
    const row = id ? episodeRows.get(id) : undefined;
    const show = row && !row.retired_at ? shows.get(row.show_id) : undefined;
    if (row && show) targets.push({ level: 'episode', show, episode: row, raw: item, outer: {} });
    else notFound.episodes.push(item as TraktMediaItem);
  }
  return { targets, notFound, episodesOf };
}

/** The episodes of a season (0: specials). */
export const episodesInSeason = (list: SyncEpisodeRow[], season: number) =>
  list.filter((e) => seasonOf(e) === season);

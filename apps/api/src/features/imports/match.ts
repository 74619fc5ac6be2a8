import type { Logger } from '../../platform/logger';
import type { ShowAgg } from './collect';
import type { ShowRef } from './import-records';
import type { CatalogueShow, ImportsRepository } from './imports.repository';
import { matchShows } from './matcher';
import { addUnmatched, publicIds, type StoredReport } from './report';

/** Most shows one import searches on TVmaze by title (each is one call of its rate limit). */
const TITLE_SEARCHES_PER_IMPORT = 200;

export interface MatchOptions {
  repo: ImportsRepository;
  log: Logger;
  /** When on, shows missing from the catalogue are looked up on TVmaze by TheTVDB/IMDb id. */
  lookupShow?: (ids: ShowRef['ids']) => Promise<number | null>;
  /** When on, a show still missing is searched on TVmaze by its title, then matched again. */
  searchTitle?: (title: string) => Promise<void>;
}

/**
 * Finds the catalogue show of every gathered show (ids, then title + year; then TVmaze by id
 * and by title when online), and of the shows lists and reviews name (`extra`, matched by
 * ids and title only). Shows still missing become unmatched rows of the report.
 */
export async function matchAggs(
  options: MatchOptions,
  aggs: ShowAgg[],
  extra: ShowRef[],
  report: StoredReport,
  progress: (done: number, total: number, message: string) => Promise<void>,
  signal?: AbortSignal,
): Promise<{ matched: { agg: ShowAgg; show: CatalogueShow }[]; extra: (CatalogueShow | null)[] }> {
  const { repo, log } = options;
  const matches = await matchShows(repo, [...aggs.map((a) => a.ref), ...extra]);
  const matched: { agg: ShowAgg; show: CatalogueShow }[] = [];
  const missing: { agg: ShowAgg; reason: string }[] = [];
  for (let i = 0; i < aggs.length; i++) {
    const m = matches[i]!;
    const agg = aggs[i]!;
    if (m.show) {
      report.shows.matched++;
      matched.push({ agg, show: m.show });
      continue;
    }
    // Missing from the catalogue: ask TVmaze (when online) by TheTVDB or IMDb id.
    if (options.lookupShow && (agg.ref.ids.tvdb || agg.ref.ids.imdb)) {
      await progress(0, aggs.length, `Looking up ${agg.ref.title ?? 'a show'} on TVmaze`);
      const id = await options.lookupShow(agg.ref.ids).catch((err: unknown) => {
        log.warn({ err }, 'TVmaze lookup failed during an import');
        return null;
      });
      const show = id ? await repo.showById(id) : undefined;
      if (show) {
        report.shows.added++;
        matched.push({ agg, show });
        continue;
      }
    }
    missing.push({ agg, reason: m.show ? '' : m.reason });
  }
  // Still missing: TVmaze's search by title adds what it knows; then title + year again.
  const searchable = options.searchTitle
    ? missing.filter((x) => x.agg.ref.title).slice(0, TITLE_SEARCHES_PER_IMPORT)
    : [];
  for (const [n, x] of searchable.entries()) {
    signal?.throwIfAborted();
    await progress(n, searchable.length, `Searching TVmaze for ${x.agg.ref.title}`);
    await options.searchTitle!(x.agg.ref.title!).catch((err: unknown) =>
      log.warn({ err }, 'TVmaze search failed during an import'),
    );
  }
  const found = searchable.length
    ? await matchShows(
        repo,
        missing.map((x) => x.agg.ref),
      )
    : [];
  for (const [i, { agg, reason }] of missing.entries()) {
    const show = found[i]?.show;
    if (show) {
      report.shows.added++;
      matched.push({ agg, show });
      continue;
    }
    addUnmatched(report, {
      kind: 'show',
      show: { title: agg.ref.title, year: agg.ref.year, ids: publicIds(agg.ref) },
      season: null,
      episode: null,
      plays: agg.plays.length + (agg.progressCount?.count ?? 0),
      reason,
      agg,
    });
  }
  return {
    matched,
    extra: extra.map((_, k) => matches[aggs.length + k]?.show ?? null),
  };
}

export interface CatalogueEpisode {
  id: number;
  show_id: number;
  season_number: number | null;
  episode_number: number | null;
  air_date: string | null;
  type: string;
  retired_at: string | null;
}

/**
 * Finds the catalogue episode of a play: season + number first (specials stay season 0),
 * then the air date. TVmaze lists specials unnumbered, in air order; the other sites number
 * them S00Enn in the same order, so a special is only ever matched to a special.
 */
export function episodeFinder(eps: CatalogueEpisode[]) {
  const bySeasonNumber = new Map<string, CatalogueEpisode>();
  const byAirDate = new Map<string, CatalogueEpisode[]>();
  for (const e of eps) {
    const k = `${e.season_number}:${e.episode_number}`;
    const prev = bySeasonNumber.get(k);
    if (e.episode_number !== null && (!prev || (prev.retired_at && !e.retired_at)))
      bySeasonNumber.set(k, e);
    if (e.air_date) byAirDate.set(e.air_date, [...(byAirDate.get(e.air_date) ?? []), e]);
  }
  const specials = eps
    .filter((e) => e.type === 'special')
    .sort((a, b) => (a.air_date ?? '9').localeCompare(b.air_date ?? '9') || a.id - b.id);
  return (play: { season: number | null; number: number | null; airDate: string | null }) => {
    let ep = play.number !== null ? bySeasonNumber.get(`${play.season}:${play.number}`) : undefined;
    if (!ep && play.season === 0 && play.number !== null && play.number > 0)
      ep = specials[play.number - 1];
    if (!ep && play.airDate) {
      const same = byAirDate.get(play.airDate) ?? [];
      ep =
        same.find((e) => play.season === null || e.season_number === play.season) ??
        (same.length === 1 ? same[0] : undefined);
    }
    return ep;
  };
}

/**
 * The episodes a MyAnimeList count names, only when that is certain (issue 19): the show's
 * episode list is complete and its live regular episodes form one season, so "N episodes
 * watched" can only mean its first N. Anything else (several seasons: a MAL entry is one
 * season, and which one the catalogue's show starts with is not known; a partial list) is
 * null, and the count is held instead of being put on guessed episodes.
 */
export function countEpisodes(
  show: { episodes_complete: number },
  eps: CatalogueEpisode[],
  count: number,
): CatalogueEpisode[] | null {
  if (show.episodes_complete !== 1) return null;
  const regular = eps.filter((e) => e.type === 'regular' && !e.retired_at);
  if (!regular.length || count > regular.length) return null;
  if (new Set(regular.map((e) => e.season_number)).size !== 1) return null;
  return regular.slice(0, count);
}

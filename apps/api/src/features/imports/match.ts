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

import { mapShow, type TvmazeEpisode, type TvmazeShow } from '../metadata/tvmaze.mapper';
import { parseJsonValues } from './json-values';
import type { CatalogShow } from './catalog.schema';

/*
 * Folds raw TVmaze API records (shared/data/tvmaze-extra/: /shows/{id} objects and
 * /shows/{id}/episodes lists) into a catalogue file, with the mapper the live sync uses
 * (ADR 120). Upsert by TVmaze id: a record newer than the catalogue's replaces it, keeping what
 * only other sources know (original titles, anime ids, watch links) and the episodes we have.
 */

export type RawShow = CatalogShow & { linkedSources?: string[] };
export interface RawCatalog {
  generatedAt: string;
  source: { id: string; retrievedVia: string[] }[];
  notes: string[];
  stats: Record<string, unknown> & { perSourceFile?: Record<string, unknown> };
  shows: RawShow[];
  [key: string]: unknown;
}

export interface ExtraFile {
  name: string;
  text: string;
}

export interface FoldReport {
  added: string[];
  replaced: string[];
  keptNewer: string[];
  episodeLists: { show: string; episodes: number; complete: boolean; reason?: string }[];
}

const dateOf = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : null;

const isShow = (v: Record<string, unknown>) =>
  typeof v.id === 'number' && typeof v.name === 'string' && 'premiered' in v;
const isEpisode = (v: Record<string, unknown>) =>
  typeof v.id === 'number' && 'airdate' in v && 'season' in v;

const linkId = (href: string | undefined) => Number(href?.match(/\/(\d+)$/)?.[1] ?? NaN);
type Linked = { _links?: { previousepisode?: { href?: string } } };
const previousEpisode = (show: TvmazeShow) =>
  linkId((show as TvmazeShow & Linked)._links?.previousepisode?.href);

/** The build's check (SCHEMA.md `episodesComplete`): numbering without gaps, latest episode present. */
function completeness(show: TvmazeShow, episodes: TvmazeEpisode[]): string | null {
  const regular = episodes.filter((e) => (e.type ?? 'regular') === 'regular');
  const seasons = new Map<number, number[]>();
  for (const e of regular) {
    if (e.season == null || e.number == null) return 'regular episode without a number';
    seasons.set(e.season, [...(seasons.get(e.season) ?? []), e.number]);
  }
  const order = [...seasons.keys()].sort((a, b) => a - b);
  if (order.some((s, k) => s !== order[0]! + k) || (order[0] !== 1 && order[0]! < 1900))
    return 'seasons not consecutive';
  for (const [season, numbers] of seasons) {
    const sorted = numbers.sort((a, b) => a - b);
    if (sorted.some((x, k) => x !== k + 1)) return `episode numbering gap in season ${season}`;
  }
  const latest = previousEpisode(show);
  if (!Number.isFinite(latest) || !episodes.some((e) => e.id === latest))
    return 'latest aired episode missing';
  if (show.ended && !regular.some((e) => (e.airdate ?? '') >= show.ended!))
    return 'list ends before the end date';
  return null;
}

/** What only other sources or the episode lists know stays when a newer TVmaze record comes in. */
function mergeRecord(existing: RawShow, incoming: RawShow, previous: number): RawShow {
  const ids = { ...incoming.externalIds };
  for (const [key, value] of Object.entries(existing.externalIds) as [keyof typeof ids, never][])
    if (ids[key] == null && value != null) ids[key] = value;
  const out: RawShow = {
    ...incoming,
    externalIds: ids,
    kind: existing.kind === 'anime' ? 'anime' : incoming.kind,
    titleEnglish: incoming.titleEnglish ?? existing.titleEnglish,
    titleOriginal: incoming.titleOriginal ?? existing.titleOriginal,
    titleAlternatives: [...new Set([...existing.titleAlternatives, ...incoming.titleAlternatives])],
    firstAirStamp: incoming.firstAirStamp ?? existing.firstAirStamp,
    watchLinks: existing.watchLinks.length ? existing.watchLinks : incoming.watchLinks,
    linkedSources: existing.linkedSources ?? [],
  };
  if (!incoming.episodes.length) {
    // The list we have stays, complete only while it holds the newer record's latest episode.
    const stillComplete =
      existing.episodesComplete && existing.episodes.some((e) => e.id === `tvmaze:${previous}`);
    Object.assign(out, {
      episodes: existing.episodes,
      episodesAsOf: existing.episodesAsOf,
      episodesComplete: stillComplete,
      seasonCount: stillComplete ? existing.seasonCount : null,
      episodeCount: stillComplete ? existing.episodeCount : null,
      lastAirDate: incoming.lastAirDate ?? (stillComplete ? existing.lastAirDate : null),
    });
  }
  return out;
}

/** `show` with the complete episode list of `listed`. */
function withList(show: RawShow, listed: RawShow): RawShow {
  return {
    ...show,
    episodes: listed.episodes,
    episodesComplete: true,
    episodesAsOf: listed.episodesAsOf,
    seasonCount: listed.seasonCount,
    episodeCount: listed.episodeCount,
    lastAirDate: show.lastAirDate ?? listed.lastAirDate,
  };
}

/** The catalogue with the extra records folded in (a new object; `catalog` is not changed). */
export function foldTvmazeExtra(
  catalog: RawCatalog,
  files: ExtraFile[],
): { catalog: RawCatalog; report: FoldReport } {
  const report: FoldReport = { added: [], replaced: [], keptNewer: [], episodeLists: [] };
  const byId = new Map(catalog.shows.map((s) => [s.id, s]));
  const perFile: Record<string, { shows: number; episodeRecords: number }> = {};
  // Newest record per TVmaze id across all files, and the file's snapshot date (SCHEMA.md).
  const records = new Map<number, { show: TvmazeShow; asOf: string; file: string }>();
  const lists: { file: string; episodes: TvmazeEpisode[] }[] = [];
  for (const file of files) {
    const values = parseJsonValues(file.text).flatMap((v) => (Array.isArray(v) ? v : [v]));
    const shows = values.filter((v): v is TvmazeShow => isShow(v as Record<string, unknown>));
    const episodes = values.filter((v): v is TvmazeEpisode =>
      isEpisode(v as Record<string, unknown>),
    );
    perFile[file.name] = {
      shows: new Set(shows.map((s) => s.id)).size,
      episodeRecords: episodes.length,
    };
    const asOf = dateOf(Math.max(0, ...shows.map((s) => s.updated ?? 0)));
    for (const show of shows) {
      const seen = records.get(show.id);
      if (!seen || (show.updated ?? 0) > (seen.show.updated ?? 0))
        records.set(show.id, { show, asOf: asOf!, file: file.name });
    }
    if (episodes.length) lists.push({ file: file.name, episodes });
  }

  for (const { show, asOf } of records.values()) {
    const list = lists.find((l) => l.episodes.some((e) => e.id === previousEpisode(show)));
    const problem = list ? completeness(show, list.episodes) : null;
    const mapped: RawShow = {
      ...mapShow(show, {
        asOf,
        episodes: list?.episodes,
        complete: Boolean(list) && !problem,
      }),
      linkedSources: [],
    };
    if (list) {
      report.episodeLists.push({
        show: mapped.id,
        episodes: list.episodes.length,
        complete: !problem,
        ...(problem ? { reason: problem } : {}),
      });
    }
    const existing = byId.get(mapped.id);
    if (!existing) {
      byId.set(mapped.id, mapped);
      report.added.push(mapped.id);
      continue;
    }
    const recordDate = dateOf(show.updated) ?? asOf;
    const newerList = mapped.episodesComplete && !existing.episodesComplete;
    if (recordDate <= (existing.statusAsOf ?? '')) {
      report.keptNewer.push(mapped.id);
      // Our record is newer, but a full episode list is news all the same.
      if (newerList) byId.set(mapped.id, withList(existing, mapped));
      continue;
    }
    byId.set(mapped.id, mergeRecord(existing, mapped, previousEpisode(show)));
    report.replaced.push(mapped.id);
  }

  const shows = [...byId.values()];
  const tvmaze = shows
    .filter((s) => s.source === 'tvmaze')
    .sort((a, b) => (a.externalIds.tvmaze ?? 0) - (b.externalIds.tvmaze ?? 0));
  const others = shows.filter((s) => s.source !== 'tvmaze');
  return {
    catalog: {
      ...catalog,
      stats: { ...catalog.stats, perSourceFile: { ...catalog.stats.perSourceFile, ...perFile } },
      shows: [...tvmaze, ...others],
    },
    report,
  };
}

import { normalizeForSearch } from '../search/normalize';
import type { ShowRef } from './import-records';
import type { CatalogueShow, IdColumn, ImportsRepository } from './imports.repository';

/** Why a show could not be placed (shown in the report's unmatched table). */
export type MatchResult = { show: CatalogueShow } | { show: null; reason: string };

/** Title as matching compares it: search normalisation, a trailing "(2019)" and a leading "the" dropped. */
export function matchTitle(title: string): string {
  return normalizeForSearch(title.replace(/\s*\((\d{4}|[A-Z]{2})\)\s*$/, ''))
    .replace(/^the /, '')
    .trim();
}

const yearOfShow = (s: CatalogueShow) =>
  s.first_air_date ? Number(s.first_air_date.slice(0, 4)) : null;

const idColumns: [keyof ShowRef['ids'], IdColumn][] = [
  ['sourceId', 'source_id'],
  ['tvmaze', 'tvmaze_id'],
  ['tvdb', 'tvdb_id'],
  ['imdb', 'imdb_id'],
  ['tmdb', 'tmdb_id'],
  ['mal', 'mal_id'],
  ['anilist', 'anilist_id'],
];

/**
 * Matches shows of a file to the catalogue: by external id first (our key, TVmaze, TheTVDB,
 * IMDb, TMDB, MAL, AniList, in that order), then by normalised title and year. A title alone
 * never wins when the file's year and the show's first-air year disagree; without a year, a
 * title matches only when exactly one show carries it.
 */
export async function matchShows(repo: ImportsRepository, refs: ShowRef[]): Promise<MatchResult[]> {
  const results: (MatchResult | null)[] = refs.map(() => null);
  for (const [key, column] of idColumns) {
    const pending = refs
      .map((r, i) => ({ i, v: r.ids[key] }))
      .filter((p) => results[p.i] === null && p.v !== undefined);
    if (!pending.length) continue;
    const found = await repo.showsBy(
      column,
      pending.map((p) => p.v as string | number),
    );
    const byValue = new Map<string | number, CatalogueShow>();
    for (const s of found) {
      const v = s[column];
      // Several catalogue rows may share an id (a TVmaze show and its bangumi twin): the
      // TVmaze one, which carries episodes, wins.
      if (v !== null && (!byValue.has(v) || s.tvmaze_id !== null)) byValue.set(v, s);
    }
    for (const p of pending) {
      const show = byValue.get(p.v as string | number);
      if (show) results[p.i] = { show };
    }
  }

  const rest = refs.map((r, i) => ({ r, i })).filter((x) => results[x.i] === null);
  if (rest.length) {
    const { shows, alternatives } = await repo.allTitles();
    const byId = new Map(shows.map((s) => [s.id, s]));
    const byTitle = new Map<string, Set<CatalogueShow>>();
    const add = (title: string | null, show: CatalogueShow | undefined) => {
      if (!title || !show) return;
      const t = matchTitle(title);
      if (!t) return;
      const set = byTitle.get(t) ?? new Set();
      set.add(show);
      byTitle.set(t, set);
    };
    for (const s of shows) {
      add(s.title, s);
      add(s.title_english, s);
      add(s.title_original, s);
    }
    for (const a of alternatives) add(a.title, byId.get(a.show_id));
    for (const { r, i } of rest) {
      const hasIds = Object.keys(r.ids).length > 0;
      if (!r.title) {
        results[i] = {
          show: null,
          reason: hasIds ? 'No show in the catalogue has these ids' : 'The row names no show',
        };
        continue;
      }
      const candidates = [...(byTitle.get(matchTitle(r.title)) ?? [])];
      if (!candidates.length) {
        results[i] = {
          show: null,
          reason: hasIds
            ? 'No show in the catalogue has these ids or this title'
            : 'No show in the catalogue has this title',
        };
        continue;
      }
      if (r.year !== null) {
        const sameYear = candidates.filter((c) => yearOfShow(c) === r.year);
        if (sameYear.length === 1) results[i] = { show: sameYear[0]! };
        else if (sameYear.length > 1)
          results[i] = {
            show: null,
            reason: `Several shows are called this and began in ${r.year}`,
          };
        else
          results[i] = {
            show: null,
            reason: `A show has this title but began in another year than ${r.year}`,
          };
        continue;
      }
      results[i] =
        candidates.length === 1
          ? { show: candidates[0]! }
          : { show: null, reason: 'Several shows have this title and the file gives no year' };
    }
  }
  return results.map((r) => r!);
}

import { watchStatuses, type WatchStatus } from '@series-tracker/contracts';
import { cleanIds, utcInstant, yearOf, type ImportRecord, type ShowRef } from '../import-records';

/** Our own JSON export (docs/export-format.md), read back for a faithful round trip. */
export const exportFormatName = 'series-tracker-export';

export function isOwnExport(value: unknown): boolean {
  return (
    !!value &&
    typeof value === 'object' &&
    (value as Record<string, unknown>).format === exportFormatName
  );
}

type Obj = Record<string, unknown>;
const arr = (v: unknown): Obj[] =>
  Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Obj[]) : [];
const ref = (s: unknown): ShowRef => {
  const o = (s ?? {}) as Obj;
  return {
    title: typeof o.title === 'string' ? o.title : null,
    year: yearOf(o.year),
    ids: cleanIds({ ...((o.ids ?? {}) as Obj), sourceId: o.sourceId }),
  };
};
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** The records of one row of one section of our export. */
export function* ownRow(section: string, row: Obj): Generator<ImportRecord> {
  switch (section) {
    case 'watchlist': {
      const w = row;
      const status = watchStatuses.includes(w.status as WatchStatus)
        ? (w.status as WatchStatus)
        : undefined;
      const score = int(w.score);
      yield {
        kind: 'show',
        show: ref(w.show),
        ...(status ? { status } : {}),
        score: score !== null && score >= 1 && score <= 10 ? score : null,
        addedAt: utcInstant(w.addedAt),
        startedAt: utcInstant(w.startedAt),
        completedAt: utcInstant(w.completedAt),
        exact: true,
      };
      return;
    }
    case 'progress': {
      const show = ref(row.show);
      for (const e of arr(row.episodes)) {
        const watchedAt = utcInstant(e.watchedAt);
        if (!watchedAt) continue;
        yield {
          kind: 'play',
          show,
          season: int(e.season),
          number: int(e.number),
          airDate: typeof e.airDate === 'string' ? e.airDate : null,
          watchedAt,
        };
      }
      return;
    }
    case 'held': {
      // Held history (version 2): watches go back through matching (held again, or marked
      // if the catalogue now has the episode); a count follows the MyAnimeList rule.
      const show = ref(row.show);
      for (const w of arr(row.watches)) {
        const watchedAt = utcInstant(w.watchedAt);
        if (!watchedAt) continue;
        yield {
          kind: 'play',
          show,
          season: int(w.season),
          number: int(w.number),
          airDate: typeof w.airDate === 'string' ? w.airDate : null,
          watchedAt,
        };
      }
      const count = (row.count ?? null) as Obj | null;
      const watched = count ? int(count.watched) : null;
      if (watched && watched > 0)
        yield {
          kind: 'progress-count',
          show,
          count: watched,
          watchedAt: utcInstant(count!.watchedAt),
        };
      return;
    }
    case 'favorites':
      yield {
        kind: 'show',
        show: ref(row.show),
        favorite: true,
        favoritedAt: utcInstant(row.addedAt),
      };
      return;
    case 'lists':
      yield {
        kind: 'list',
        key: `own:${String(row.id ?? row.name)}`,
        name: typeof row.name === 'string' ? row.name : 'Imported list',
        description: typeof row.description === 'string' ? row.description : null,
        createdAt: utcInstant(row.createdAt),
        items: arr(row.items).map((i, n) => ({
          show: ref(i.show),
          rank: n + 1,
          note: typeof i.note === 'string' ? i.note : null,
        })),
      };
      return;
    case 'reviews':
      if (typeof row.text !== 'string' || !row.text) return;
      yield {
        kind: 'review',
        show: ref(row.show),
        title: typeof row.title === 'string' ? row.title : null,
        text: row.text,
        rating: typeof row.rating === 'number' ? row.rating : null,
        spoiler: row.spoiler === true,
        createdAt: utcInstant(row.createdAt) ?? new Date(0).toISOString(),
      };
      return;
    case 'seasonRatings': {
      const season = int(row.season);
      const rating = int(row.rating);
      if (season === null || season < 0 || rating === null || rating < 1 || rating > 10) return;
      yield {
        kind: 'season-rating',
        show: ref(row.show),
        season,
        rating,
        ratedAt: utcInstant(row.ratedAt),
      };
      return;
    }
    case 'follows':
      if (typeof row.username !== 'string' || !row.username) return;
      yield { kind: 'follow', username: row.username, followedAt: utcInstant(row.followedAt) };
      return;
  }
}

/** Sections read back, in this order (ratings repeat the watchlist's scores). */
const sections = [
  'watchlist',
  'progress',
  'held',
  'favorites',
  'lists',
  'reviews',
  'seasonRatings',
  'follows',
];

export function* parseOwnExport(value: unknown): Generator<ImportRecord> {
  const v = value as Obj;
  for (const section of sections) for (const row of arr(v[section])) yield* ownRow(section, row);
}

/**
 * Our export as a stream: we write one row per line (`  {...},`) under a ` "section": [`
 * line, so a large export is read a line at a time. Null when the text is not laid out that
 * way (re-formatted by another tool): the caller then parses it whole.
 */
export async function* parseOwnExportLines(
  lines: AsyncIterable<string>,
): AsyncGenerator<ImportRecord> {
  let section: string | null = null;
  for await (const line of lines) {
    const head = /^ "(\w+)": \[/.exec(line);
    if (head) {
      section = head[1]!;
      continue;
    }
    const row = /^ {2}(\{.*\}),?$/.exec(line);
    if (!row || !section || !sections.includes(section)) continue;
    let value: unknown;
    try {
      value = JSON.parse(row[1]!);
    } catch {
      continue;
    }
    if (value && typeof value === 'object') yield* ownRow(section, value as Obj);
  }
}

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

export function* parseOwnExport(value: unknown): Generator<ImportRecord> {
  const v = value as Obj;
  for (const w of arr(v.watchlist)) {
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
  }
  for (const p of arr(v.progress)) {
    const show = ref(p.show);
    for (const e of arr(p.episodes)) {
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
  }
  for (const f of arr(v.favorites)) {
    yield { kind: 'show', show: ref(f.show), favorite: true, favoritedAt: utcInstant(f.addedAt) };
  }
  for (const l of arr(v.lists)) {
    yield {
      kind: 'list',
      key: `own:${String(l.id ?? l.name)}`,
      name: typeof l.name === 'string' ? l.name : 'Imported list',
      description: typeof l.description === 'string' ? l.description : null,
      createdAt: utcInstant(l.createdAt),
      items: arr(l.items).map((i, n) => ({
        show: ref(i.show),
        rank: n + 1,
        note: typeof i.note === 'string' ? i.note : null,
      })),
    };
  }
  for (const r of arr(v.reviews)) {
    if (typeof r.text !== 'string' || !r.text) continue;
    yield {
      kind: 'review',
      show: ref(r.show),
      text: r.text,
      rating: int(r.rating),
      spoiler: r.spoiler === true,
      createdAt: utcInstant(r.createdAt) ?? new Date(0).toISOString(),
    };
  }
}

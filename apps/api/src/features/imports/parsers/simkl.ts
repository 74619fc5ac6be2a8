import type { WatchStatus } from '@series-tracker/contracts';
import { cleanIds, utcInstant, yearOf, type ImportRecord } from '../import-records';

/** Simkl backup JSON (format notes §6): `{ shows, anime, movies }` as /sync/all-items gives. */
export function isSimkl(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return ['shows', 'anime', 'movies'].some((k) => Array.isArray(v[k])) && !('format' in v);
}

const statuses: Record<string, WatchStatus> = {
  watching: 'watching',
  plantowatch: 'want_to_watch',
  completed: 'completed',
  hold: 'paused',
  dropped: 'dropped',
};

type Obj = Record<string, unknown>;
const arr = (v: unknown): Obj[] =>
  Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Obj[]) : [];

export function* parseSimkl(value: unknown): Generator<ImportRecord> {
  const v = value as Obj;
  const movies = arr(v.movies).length;
  if (movies) yield { kind: 'skip', what: 'movies', count: movies };
  for (const entry of [...arr(v.shows), ...arr(v.anime)]) {
    if (entry.anime_type === 'movie') {
      yield { kind: 'skip', what: 'movies' };
      continue;
    }
    const s = (entry.show ?? entry.anime ?? {}) as Obj;
    const show = {
      title: typeof s.title === 'string' ? s.title : null,
      year: yearOf(s.year),
      ids: cleanIds(s.ids as Obj),
    };
    const status = statuses[String(entry.status ?? '')];
    const rating = Number(entry.user_rating);
    yield {
      kind: 'show',
      show,
      ...(status ? { status } : {}),
      ...(Number.isInteger(rating) && rating >= 1 && rating <= 10 ? { score: rating } : {}),
      addedAt: utcInstant(entry.added_to_watchlist_at),
    };
    for (const season of arr(entry.seasons)) {
      for (const ep of arr(season.episodes)) {
        const watchedAt = utcInstant(ep.watched_at) ?? utcInstant(entry.last_watched_at);
        if (!watchedAt) continue;
        yield {
          kind: 'play',
          show,
          season: typeof season.number === 'number' ? season.number : null,
          number: typeof ep.number === 'number' ? ep.number : null,
          watchedAt,
        };
      }
    }
  }
}

import { readJson, type Archive, type ArchiveEntry } from '../archive';
import { cleanIds, utcInstant, yearOf, type ImportRecord, type ShowRef } from '../import-records';

/**
 * Trakt account export ZIP (docs/decisions/110-imports.md, format notes §1). Members are found
 * by basename, so the flat 2026 layout and the nested `<user>/watched/…` layout read alike.
 * Only a whitelist of members is opened: user-settings.json / user-profile.json hold an
 * e-mail address and are never read.
 */
export const traktMember =
  /^(watched-history(-\d+)?|watched-shows(-\d+)?|watched-movies(-\d+)?|ratings-(shows|seasons|episodes|movies)(-\d+)?|lists-watchlist|watchlist|lists-favorites|favorites|lists-lists|lists-list-\d+-.+|comments-(shows|seasons|episodes|movies))\.json$/;

export function isTraktArchive(entries: ArchiveEntry[]): boolean {
  return entries.some((e) =>
    /^(watched-history(-\d+)?|ratings-shows|lists-watchlist|watched-shows|watched-movies|lists-lists)\.json$/.test(
      e.base,
    ),
  );
}

interface TraktShow {
  title?: string;
  year?: number;
  ids?: Record<string, unknown>;
}

const ref = (show: TraktShow | undefined): ShowRef => ({
  title: typeof show?.title === 'string' ? show.title : null,
  year: yearOf(show?.year),
  ids: cleanIds(show?.ids),
});

/** The show and episode numbers a row names (numbers only, else unknown). */
const episodeOf = (show: unknown, season: unknown, number: unknown) => ({
  show: ref(show as TraktShow),
  season: typeof season === 'number' ? season : null,
  number: typeof number === 'number' ? number : null,
});

/** Trakt's ratings are whole numbers 1-10. */
const isRating = (n: number) => Number.isInteger(n) && n >= 1 && n <= 10;

const asArray = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? (value.filter((v) => v && typeof v === 'object') as Record<string, unknown>[])
    : [];

/** `watched-history.json`, or pages `-1…-N` in numeric order (page 10 after page 2). */
function pages(entries: ArchiveEntry[], stem: string): ArchiveEntry[] {
  const re = new RegExp(`^${stem}(?:-(\\d+))?\\.json$`);
  return entries
    .filter((e) => re.test(e.base))
    .sort((a, b) => Number(re.exec(a.base)![1] ?? 0) - Number(re.exec(b.base)![1] ?? 0));
}

export async function* parseTrakt(
  archive: Archive,
  onMember?: (name: string) => void,
): AsyncGenerator<ImportRecord> {
  const entries = archive.entries.filter((e) => traktMember.test(e.base));
  const read = async (e: ArchiveEntry) => {
    onMember?.(e.name);
    return asArray(await readJson(archive, e));
  };

  // History: one record per play, newest first; order does not matter here (plays are
  // grouped per episode and the earliest date kept).
  const history = pages(entries, 'watched-history');
  for (const entry of history) {
    for (const r of await read(entry)) {
      const watchedAt = utcInstant(r.watched_at);
      if (r.type === 'movie') {
        yield { kind: 'skip', what: 'movies' };
        continue;
      }
      const ep = r.episode as { season?: number; number?: number } | undefined;
      if (r.type !== 'episode' || !ep || !watchedAt) {
        yield { kind: 'skip', what: 'unreadableRows' };
        continue;
      }
      yield { kind: 'play', ...episodeOf(r.show, ep.season, ep.number), watchedAt };
    }
  }

  // The older layout's aggregates carry per-episode dates; the 2026 ones do not (and must
  // never become plays dated "today"). Used only when there is no history at all.
  for (const entry of pages(entries, 'watched-shows')) {
    for (const r of await read(entry)) {
      const seasons = asArray(r.seasons);
      if (history.length || !seasons.length) continue;
      for (const s of seasons) {
        for (const e of asArray(s.episodes)) {
          const watchedAt = utcInstant(e.last_watched_at);
          if (!watchedAt) continue;
          yield { kind: 'play', ...episodeOf(r.show, s.number, e.number), watchedAt };
        }
      }
    }
  }

  for (const entry of pages(entries, 'ratings-shows')) {
    for (const r of await read(entry)) {
      const rating = Number(r.rating);
      if (!isRating(rating)) continue;
      yield {
        kind: 'show',
        show: ref(r.show as TraktShow),
        score: rating,
        rated: true,
        addedAt: utcInstant(r.rated_at),
      };
    }
  }
  // Movies are not imported, in any layout: counted (the nested layout's aggregate too).
  for (const entry of pages(entries, 'watched-movies')) {
    const rows = await read(entry);
    if (rows.length)
      yield {
        kind: 'skip',
        what: history.length ? 'movieAggregates' : 'movies',
        count: rows.length,
      };
  }
  for (const entry of pages(entries, 'ratings-episodes')) {
    for (const r of await read(entry)) {
      const rating = Number(r.rating);
      const ep = r.episode as { season?: number; number?: number } | undefined;
      if (!isRating(rating) || !ep || !r.show) {
        yield { kind: 'skip', what: 'unreadableRows' };
        continue;
      }
      yield {
        kind: 'episode-rating',
        ...episodeOf(r.show, ep.season, ep.number),
        rating,
        ratedAt: utcInstant(r.rated_at),
      };
    }
  }
  for (const entry of pages(entries, 'ratings-seasons')) {
    for (const r of await read(entry)) {
      const rating = Number(r.rating);
      const season = (r.season as { number?: unknown } | undefined)?.number;
      if (
        !isRating(rating) ||
        typeof season !== 'number' ||
        !Number.isInteger(season) ||
        season < 0 ||
        !r.show
      ) {
        yield { kind: 'skip', what: 'unreadableRows' };
        continue;
      }
      yield {
        kind: 'season-rating',
        show: ref(r.show as TraktShow),
        season,
        rating,
        ratedAt: utcInstant(r.rated_at),
      };
    }
  }
  for (const entry of pages(entries, 'ratings-movies')) {
    const rows = await read(entry);
    if (rows.length) yield { kind: 'skip', what: 'movies', count: rows.length };
  }

  type Item = { skip: string } | { row: Record<string, unknown>; show: ShowRef };
  const listItems = (rows: Record<string, unknown>[]): Item[] =>
    rows.map((r) => {
      if (r.type === 'movie') return { skip: 'movies' };
      if (r.type === 'person') return { skip: 'people' };
      if (r.show) return { row: r, show: ref(r.show as TraktShow) };
      return { skip: 'unreadableRows' };
    });
  const named = (...names: string[]) => entries.filter((e) => names.includes(e.base));
  /** The shows of a list member as records (`as` says what being listed there means). */
  async function* listed(
    names: string[],
    as: (show: ShowRef, listedAt: string | null) => ImportRecord,
  ): AsyncGenerator<ImportRecord> {
    for (const entry of named(...names))
      for (const item of listItems(await read(entry))) {
        if ('skip' in item) yield { kind: 'skip', what: item.skip };
        else yield as(item.show, utcInstant(item.row.listed_at));
      }
  }
  yield* listed(['lists-watchlist.json', 'watchlist.json'], (show, addedAt) => ({
    kind: 'show',
    show,
    status: 'want_to_watch',
    addedAt,
  }));
  yield* listed(['lists-favorites.json', 'favorites.json'], (show, favoritedAt) => ({
    kind: 'show',
    show,
    favorite: true,
    favoritedAt,
  }));

  // Custom lists: metadata in lists-lists.json, items in lists-list-<trakt id>-<slug>.json.
  const meta = named('lists-lists.json')[0];
  const lists = meta ? await read(meta) : [];
  const itemFiles = new Map<string, ArchiveEntry>();
  for (const e of entries) {
    const m = /^lists-list-(\d+)-.+\.json$/.exec(e.base);
    if (m) itemFiles.set(m[1]!, e);
  }
  for (const l of lists) {
    const ids = (l.ids ?? {}) as Record<string, unknown>;
    const key = String(ids.trakt ?? ids.slug ?? l.name);
    const file = itemFiles.get(String(ids.trakt));
    const rows = file ? await read(file) : [];
    rows.sort((a, b) => Number(a.rank ?? 0) - Number(b.rank ?? 0));
    const items: { show: ShowRef; rank: number; note: string | null }[] = [];
    for (const item of listItems(rows)) {
      if ('skip' in item) yield { kind: 'skip', what: item.skip };
      else
        items.push({
          show: item.show,
          rank: items.length + 1,
          note: typeof item.row.notes === 'string' && item.row.notes ? item.row.notes : null,
        });
    }
    yield {
      kind: 'list',
      key: `trakt:${key}`,
      name: typeof l.name === 'string' && l.name.trim() ? l.name.trim() : 'Imported list',
      description: typeof l.description === 'string' && l.description ? l.description : null,
      createdAt: utcInstant(l.created_at),
      items,
    };
  }

  for (const entry of entries.filter((e) =>
    /^comments-(shows|seasons|episodes|movies)\.json$/.test(e.base),
  )) {
    for (const r of await read(entry)) {
      const c = (r.comment ?? {}) as Record<string, unknown>;
      const text = typeof c.comment === 'string' ? c.comment.trim() : '';
      if (r.type === 'show' && r.show && text) {
        yield {
          kind: 'review',
          show: ref(r.show as TraktShow),
          text,
          rating: Number.isInteger(c.user_rating) ? (c.user_rating as number) : null,
          spoiler: c.spoiler === true,
          createdAt: utcInstant(c.created_at) ?? new Date(0).toISOString(),
        };
      } else {
        yield { kind: 'skip', what: r.type === 'movie' ? 'movies' : 'comments' };
      }
    }
  }
}

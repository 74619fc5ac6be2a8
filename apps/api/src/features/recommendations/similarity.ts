/**
 * The recommender's arithmetic (ADR 183), free of SQL and HTTP so the bench, the job and the
 * unit tests run the very same code.
 *
 * - `communityNeighbours`: item-to-item collaborative filtering. Each show is a vector over
 *   members (weight: how much the member liked it, from status and score); two shows are
 *   similar when the same members track and like both: cosine of the vectors, shrunk towards 0
 *   when few members share them (`shrink`), so two shows co-tracked by one member do not look
 *   like twins.
 * - `contentNeighbours`: the fallback for new members and rare shows: shared genres
 *   (Jaccard), same network or service, close premiere years, same kind.
 * - `mergeNeighbours`: community first, content topping up (scaled by `contentWeight`, 0.15: tuned on the bench, ADR 183).
 * - `memberPicks`: a member's picks: for each show they do not track, the sum over their
 *   tracked shows of (how much they liked it) × (similarity), remembering the show that
 *   contributed most ("Because you watched X").
 */

/** One member's signal for one show: how much they liked it (> 0). */
export interface Interaction {
  userId: number;
  showId: number;
  weight: number;
}

export interface Neighbour {
  id: number;
  score: number;
  source: 'community' | 'content';
}

export interface ShowMeta {
  id: number;
  kind: string;
  genres: number[];
  network: string | null;
  year: number | null;
  /** Higher is better known; only breaks ties among equal content matches. */
  popularity: number;
}

export interface Pick {
  showId: number;
  score: number;
  because: number;
}

const STATUS_WEIGHT: Record<string, number> = {
  completed: 1,
  watching: 0.9,
  paused: 0.5,
  want_to_watch: 0.4,
  dropped: 0,
};

/**
 * How much a member liked a show, 0 (no signal: dropped, or scored 3 or lower) to ~1.3: the
 * status sets the base and a score (1–10) moves it (an 8 keeps it, a 10 lifts it, a 5 halves
 * it).
 */
export function interactionWeight(status: string, score: number | null): number {
  const base = STATUS_WEIGHT[status] ?? 0.5;
  if (score === null || base === 0) return base;
  if (score <= 3) return 0;
  return base * Math.min(1.3, (score - 3) / 5);
}

export interface CommunityOptions {
  /** Only a member's most recent shows count (a 5,000-show history would cost 25M pairs). */
  maxPerMember?: number;
  /** Co-tracked by n members: cosine × n / (n + shrink). */
  shrink?: number;
  topK?: number;
  /** Only these shows get a neighbour list (all when absent). */
  only?: Set<number>;
}

/**
 * Item-to-item cosine similarity. `interactions` must be ordered newest first within each
 * member (maxPerMember keeps the first ones). Runs show by show with one scratch array, so
 * memory stays O(shows + interactions) whatever the number of pairs.
 */
export function communityNeighbours(
  interactions: Interaction[],
  options: CommunityOptions = {},
): Map<number, Neighbour[]> {
  const maxPerMember = options.maxPerMember ?? 300;
  const shrink = options.shrink ?? 3;
  const topK = options.topK ?? 40;

  const index = new Map<number, number>();
  const ids: number[] = [];
  const byMember = new Map<number, { item: number; w: number }[]>();
  for (const { userId, showId, weight } of interactions) {
    if (weight <= 0) continue;
    const list = byMember.get(userId) ?? [];
    if (list.length >= maxPerMember) continue;
    let item = index.get(showId);
    if (item === undefined) {
      item = ids.length;
      index.set(showId, item);
      ids.push(showId);
    }
    list.push({ item, w: weight });
    byMember.set(userId, list);
  }
  const n = ids.length;
  const norm = new Float64Array(n);
  const members: { item: number; w: number }[][] = Array.from({ length: n }, () => []);
  const lists = [...byMember.values()];
  lists.forEach((list, m) => {
    for (const { item, w } of list) {
      norm[item]! += w * w;
      members[item]!.push({ item: m, w });
    }
  });

  const dot = new Float64Array(n);
  const count = new Int32Array(n);
  const out = new Map<number, Neighbour[]>();
  for (let a = 0; a < n; a++) {
    if (options.only && !options.only.has(ids[a]!)) continue;
    const touched: number[] = [];
    for (const { item: m, w: wa } of members[a]!) {
      for (const { item: b, w: wb } of lists[m]!) {
        if (b === a) continue;
        if (count[b] === 0) touched.push(b);
        dot[b]! += wa * wb;
        count[b]! += 1;
      }
    }
    const scored: Neighbour[] = [];
    for (const b of touched) {
      const cosine = dot[b]! / Math.sqrt(norm[a]! * norm[b]!);
      const c = count[b]!;
      scored.push({ id: ids[b]!, score: cosine * (c / (c + shrink)), source: 'community' });
      dot[b] = 0;
      count[b] = 0;
    }
    scored.sort((x, y) => y.score - x.score || x.id - y.id);
    if (scored.length) out.set(ids[a]!, scored.slice(0, topK));
  }
  return out;
}

export interface ContentOptions {
  topK?: number;
  /** Candidates per genre: the best known this many (the rest are too obscure to suggest). */
  perGenre?: number;
}

/**
 * A show's genres; one with none (most bangumi anime) stands in its kind's pseudo-genre (a
 * negative id), so genre-less anime still find each other by era and network.
 */
const genresOf = (s: ShowMeta): number[] =>
  s.genres.length ? s.genres : [s.kind === 'anime' ? -1 : -2];

/** Content similarity of two shows, 0..1 (genres weigh most). */
export function contentScore(a: ShowMeta, b: ShowMeta): number {
  const ga = genresOf(a);
  const gb = genresOf(b);
  const set = new Set(ga);
  let shared = 0;
  for (const g of gb) if (set.has(g)) shared++;
  if (shared === 0) return 0;
  const jaccard = shared / (ga.length + gb.length - shared);
  const network = a.network && a.network === b.network ? 0.15 : 0;
  const gap = a.year !== null && b.year !== null ? Math.abs(a.year - b.year) : null;
  const era = gap === null ? 0 : gap <= 3 ? 0.15 : gap <= 8 ? 0.07 : 0;
  const kind = a.kind === b.kind ? 0.1 : 0;
  return 0.6 * jaccard + network + era + kind;
}

/** Genre, network and era neighbours of each of `seeds` among `shows`. */
export function contentNeighbours(
  seeds: Iterable<number>,
  shows: ShowMeta[],
  options: ContentOptions = {},
): Map<number, Neighbour[]> {
  const topK = options.topK ?? 30;
  const perGenre = options.perGenre ?? 1500;
  const byId = new Map(shows.map((s) => [s.id, s]));
  const byGenre = new Map<number, ShowMeta[]>();
  for (const show of [...shows].sort((x, y) => y.popularity - x.popularity || x.id - y.id))
    for (const g of genresOf(show)) {
      const list = byGenre.get(g) ?? [];
      if (list.length < perGenre) list.push(show);
      byGenre.set(g, list);
    }
  const maxPopularity = Math.max(1, ...shows.map((s) => s.popularity));
  const out = new Map<number, Neighbour[]>();
  for (const seedId of seeds) {
    const seed = byId.get(seedId);
    if (!seed) continue;
    const seen = new Set<number>([seed.id]);
    const scored: Neighbour[] = [];
    for (const g of genresOf(seed))
      for (const other of byGenre.get(g) ?? []) {
        if (seen.has(other.id)) continue;
        seen.add(other.id);
        // A small lift for the better known breaks the many ties of genre-only matches.
        const score = contentScore(seed, other) + 0.05 * (other.popularity / maxPopularity);
        scored.push({ id: other.id, score: Math.min(1, score), source: 'content' });
      }
    scored.sort((x, y) => y.score - x.score || x.id - y.id);
    if (scored.length) out.set(seedId, scored.slice(0, topK));
  }
  return out;
}

/**
 * Community neighbours first; content neighbours fill in, scaled by `contentWeight` so a
 * show many members share always outranks a genre match, while a rare show (no community
 * neighbours) still gets a list.
 */
export function mergeNeighbours(
  community: Map<number, Neighbour[]>,
  content: Map<number, Neighbour[]>,
  options: { topK?: number; contentWeight?: number } = {},
): Map<number, Neighbour[]> {
  const topK = options.topK ?? 40;
  const contentWeight = options.contentWeight ?? 0.15;
  const out = new Map<number, Neighbour[]>();
  for (const id of new Set([...community.keys(), ...content.keys()])) {
    const merged = new Map<number, Neighbour>();
    for (const n of community.get(id) ?? []) merged.set(n.id, { ...n });
    for (const n of content.get(id) ?? []) {
      const extra = n.score * contentWeight;
      const had = merged.get(n.id);
      if (had) had.score += extra;
      else merged.set(n.id, { id: n.id, score: extra, source: 'content' });
    }
    out.set(
      id,
      [...merged.values()].sort((x, y) => y.score - x.score || x.id - y.id).slice(0, topK),
    );
  }
  return out;
}

/**
 * A member's picks. `tracked` is every show they track, newest first, with its weight (0 for
 * dropped: never a source, still never picked); `exclude` adds shows they said no to.
 */
export function memberPicks(
  tracked: { showId: number; weight: number }[],
  neighbours: Map<number, Neighbour[]>,
  exclude: Set<number>,
  limit = 60,
): Pick[] {
  const own = new Set(tracked.map((t) => t.showId));
  const picks = new Map<number, { score: number; because: number; best: number }>();
  tracked.forEach(({ showId, weight }, rank) => {
    if (weight <= 0) return;
    // Recent shows say more about today's taste than ones tracked years ago.
    const w = weight / (1 + rank / 25);
    // Each list scaled to its best neighbour: a niche show's neighbours (low cosines all
    // round) count as much as a blockbuster's, which widens coverage at no cost in hits.
    const list = neighbours.get(showId) ?? [];
    const top = list[0]?.score || 1;
    for (const n of list) {
      if (own.has(n.id) || exclude.has(n.id)) continue;
      const part = (w * n.score) / top;
      const had = picks.get(n.id);
      if (!had) picks.set(n.id, { score: part, because: showId, best: part });
      else {
        had.score += part;
        if (part > had.best) {
          had.best = part;
          had.because = showId;
        }
      }
    }
  });
  return [...picks.entries()]
    .map(([showId, p]) => ({ showId, score: p.score, because: p.because }))
    .sort((x, y) => y.score - x.score || x.showId - y.showId)
    .slice(0, limit);
}

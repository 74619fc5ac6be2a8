import type { ShowSummary } from '@series-tracker/contracts';
import type { ShowsService } from './shows.service';

/**
 * One member's latest sign of interest in a show since a moment (adding it, watching an
 * episode; later reviewing, listing). Each feature that records activity contributes a source;
 * a source leaves out what is not interest (e.g. a show put On Hold or Dropped).
 */
export interface Interest {
  showId: number;
  userId: number;
  /** ISO 8601 UTC. */
  at: string;
}
export type ActivitySource = (sinceIso: string) => Promise<Interest[]>;

export interface TrendingServiceOptions {
  shows: ShowsService;
  sources: ActivitySource[];
  now?: () => number;
}

/** docs/decisions/041-trending.md */
export const trendingRules = {
  windowMs: 7 * 86_400_000,
  /** A member's weight halves for every two days since their latest activity on the show. */
  halfLifeMs: 2 * 86_400_000,
  /** One person is not a trend. */
  minMembers: 2,
} as const;

export interface TrendScore {
  showId: number;
  members: number;
  score: number;
}

/**
 * score(show) = Σ over distinct members m active on it in the window of 2^(−age(m) / 2 days),
 * age(m) = now − m's latest activity on the show. Only shows with ≥ 2 members rank. Volume
 * from one member (50 episodes marked in a night) counts once.
 */
export function scoreTrends(interests: Iterable<Interest>, now: number): TrendScore[] {
  const since = now - trendingRules.windowMs;
  const latest = new Map<number, Map<number, number>>();
  for (const { showId, userId, at } of interests) {
    const t = Math.min(Date.parse(at), now);
    if (!(t >= since)) continue;
    const members = latest.get(showId) ?? new Map<number, number>();
    members.set(userId, Math.max(members.get(userId) ?? t, t));
    latest.set(showId, members);
  }
  const out: TrendScore[] = [];
  for (const [showId, members] of latest) {
    if (members.size < trendingRules.minMembers) continue;
    let score = 0;
    for (const t of members.values()) score += 2 ** (-(now - t) / trendingRules.halfLifeMs);
    out.push({ showId, members: members.size, score });
  }
  return out.sort((a, b) => b.score - a.score || b.members - a.members || a.showId - b.showId);
}

export function createTrendingService({ shows, sources, now = Date.now }: TrendingServiceOptions) {
  return {
    /** The `basis` says honestly which ranking the client got. */
    async trending(
      limit: number,
    ): Promise<{ data: ShowSummary[]; basis: 'activity' | 'catalogue' }> {
      const at = now();
      const since = new Date(at - trendingRules.windowMs).toISOString();
      const interests = (await Promise.all(sources.map((source) => source(since)))).flat();
      const ranked = scoreTrends(interests, at);
      if (ranked.length) {
        const ids = ranked.slice(0, limit).map((r) => r.showId);
        const active = await shows.summariesByIds(ids);
        // Fewer trending shows than asked for: the rest come from catalogue popularity, after
        // them (not from member counts, which would let one member's show back in).
        const filler = active.length < limit ? await shows.cataloguePopular(limit) : [];
        const seen = new Set(ids);
        const data = [...active, ...filler.filter((s) => !seen.has(s.id))].slice(0, limit);
        return { data, basis: 'activity' };
      }
      return { data: await shows.cataloguePopular(limit), basis: 'catalogue' };
    },
  };
}

export type TrendingService = ReturnType<typeof createTrendingService>;

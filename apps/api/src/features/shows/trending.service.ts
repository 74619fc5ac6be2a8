import type { ShowSummary } from '@series-tracker/contracts';
import type { ShowsService } from './shows.service';

/**
 * Counts community activity per show since a moment: tracking, episode watches, reviews.
 * Each feature that records activity contributes a source; none exists until tracking lands.
 */
export type ActivitySource = (sinceIso: string) => Promise<Map<number, number>>;

export interface TrendingServiceOptions {
  shows: ShowsService;
  sources: ActivitySource[];
}

const WEEK_MS = 7 * 86_400_000;

export function createTrendingService({ shows, sources }: TrendingServiceOptions) {
  return {
    /** The `basis` says honestly which ranking the client got. */
    async trending(
      limit: number,
    ): Promise<{ data: ShowSummary[]; basis: 'activity' | 'catalogue' }> {
      const since = new Date(Date.now() - WEEK_MS).toISOString();
      const totals = new Map<number, number>();
      for (const source of sources) {
        for (const [id, n] of await source(since)) totals.set(id, (totals.get(id) ?? 0) + n);
      }
      if (totals.size) {
        const ids = [...totals.entries()]
          .sort((a, b) => b[1] - a[1] || a[0] - b[0])
          .slice(0, limit)
          .map(([id]) => id);
        const active = await shows.summariesByIds(ids);
        // Fewer active shows than asked for: the rest come from catalogue popularity, after them.
        const filler =
          active.length < limit ? (await shows.list({ sort: 'popular' }, limit, 0)).data : [];
        const seen = new Set(ids);
        const data = [...active, ...filler.filter((s) => !seen.has(s.id))].slice(0, limit);
        return { data, basis: 'activity' };
      }
      return { data: (await shows.list({ sort: 'popular' }, limit, 0)).data, basis: 'catalogue' };
    },
  };
}

export type TrendingService = ReturnType<typeof createTrendingService>;

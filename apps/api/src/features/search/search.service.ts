import type { ShowSummary } from '@series-tracker/contracts';
import { searchLimits } from '@series-tracker/contracts';
import { LRUCache } from 'lru-cache';
import { nowIso } from '../../lib/time';
import type { ShowsService } from '../shows/shows.service';
import { normalizeForSearch } from './normalize';
import { relevance, showScore } from './relevance';
import type { SearchRepository } from './search.repository';

/** Matches scoring under this are noise (a shared trigram or two), not results. */
const MIN_MATCH = 25;
const HISTORY_KEEP = 20;
/**
 * Rankings are the same for every viewer. They are kept a minute: a new title or a moved
 * counter reorders them at most that late (ADR 060). 5,000 rankings of at most 400 small
 * entries stay well under 20 MB.
 */
const RANKING_TTL_MS = 60_000;
const RANKINGS_KEPT = 5_000;

type Ranked = { id: number; score: number }[];

/** A search result always carries its relevance. */
export type RankedShow = ShowSummary & { relevanceScore: number };

export interface SearchServiceOptions {
  repo: SearchRepository;
  shows: ShowsService;
}

export function createSearchService({ repo, shows }: SearchServiceOptions) {
  const rankings = new LRUCache<string, Promise<Ranked>>({
    max: RANKINGS_KEPT,
    ttl: RANKING_TTL_MS,
  });

  async function computeRanking(q: string, enough?: number): Promise<Ranked> {
    const candidates = await repo.candidates(q, enough);
    return candidates
      .map((c) => ({ c, match: showScore(q, c.text) }))
      .filter((x) => x.match >= MIN_MATCH)
      .map((x) => ({ id: x.c.showId, score: relevance(x.match, x.c.totalUsers, x.c.popularity) }))
      .sort((a, b) => b.score - a.score || a.id - b.id);
  }

  /**
   * Show ids ranked by relevance, best first, with their scores. Queries that normalise alike
   * ("Pokémon", "pokemon ") share one ranking, and concurrent identical queries share one
   * computation (the promise is what is cached; a failed one is dropped).
   * `enough`: how many results the caller will show (see repo.candidates); all when absent.
   */
  async function rankShows(query: string, enough?: number): Promise<Ranked> {
    const q = normalizeForSearch(query.slice(0, searchLimits.queryMax));
    if (!q) return [];
    const key = `${enough ?? 'all'}:${q}`;
    let ranking = rankings.get(key);
    if (!ranking) {
      ranking = computeRanking(q, enough);
      rankings.set(key, ranking);
      ranking.catch(() => rankings.delete(key));
    }
    return ranking;
  }

  async function searchShows(query: string, limit: number, offset = 0) {
    const ranked = await rankShows(query, offset + limit);
    const page = ranked.slice(offset, offset + limit);
    const summaries = await shows.summariesByIds(page.map((r) => r.id));
    const scores = new Map(page.map((r) => [r.id, r.score]));
    const data: RankedShow[] = summaries.map((s) => ({
      ...s,
      relevanceScore: scores.get(s.id) ?? 0,
    }));
    return { data, total: ranked.length, ranked };
  }

  return {
    rankShows,
    searchShows,

    history: (userId: number) => repo.history(userId, HISTORY_KEEP),
    remember: (userId: number, query: string) =>
      repo.remember(userId, query, nowIso(), HISTORY_KEEP),
    forget: (userId: number) => repo.forget(userId),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

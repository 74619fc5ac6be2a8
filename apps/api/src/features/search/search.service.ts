import type { RemoteSearchState, ShowSummary } from '@series-tracker/contracts';
import { searchLimits } from '@series-tracker/contracts';
import { LRUCache } from 'lru-cache';
import { nowIso } from '../../lib/time';
import type { ShowsService } from '../shows/shows.service';
import { normalizeForSearch } from './normalize';
import { relevance, showScore } from './relevance';
import type { SearchRepository } from './search.repository';
import type { RemoteSearch } from './remote-search';

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
  /** TVmaze, asked when the local answer is thin (issue 18); local only without it. */
  remote?: RemoteSearch;
}

/**
 * A local answer is "thin" when fewer than this many shows match well (every query word found,
 * or the query inside a title): the show asked for may simply not be in the catalogue yet.
 */
const THIN_BELOW = 5;
/** A relevance at or above this is a good title match (match ≥ 60 plus popularity). */
const GOOD_MATCH = 60;

/** How long a search may wait for TVmaze before answering with what it has (ms). */
export const remoteBudgets = { page: 1_500, suggestions: 700 } as const;

export function createSearchService({ repo, shows, remote }: SearchServiceOptions) {
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

  const isThin = (ranked: Ranked) =>
    ranked.filter((r) => r.score >= GOOD_MATCH).length < THIN_BELOW;

  /**
   * The ranking, after asking TVmaze when `remoteBudgetMs` is given and the local answer is
   * thin. Shows TVmaze adds drop every cached ranking (forgetRankings, on `catalog.refreshed`),
   * so the ranking is read again when anything was added.
   */
  async function rankWithRemote(
    query: string,
    enough: number | undefined,
    remoteBudgetMs: number | undefined,
  ): Promise<{ ranked: Ranked; remote: RemoteSearchState }> {
    let ranked = await rankShows(query, enough);
    if (!remote || remoteBudgetMs === undefined || !isThin(ranked))
      return { ranked, remote: 'skipped' };
    const answer = await remote.search(query, remoteBudgetMs);
    if (answer.added.length) ranked = await rankShows(query, enough);
    return { ranked, remote: answer.state };
  }

  async function searchShows(
    query: string,
    limit: number,
    offset = 0,
    opts: { remoteBudgetMs?: number } = {},
  ) {
    const { ranked, remote: remoteState } = await rankWithRemote(
      query,
      offset + limit,
      offset === 0 ? opts.remoteBudgetMs : undefined,
    );
    const page = ranked.slice(offset, offset + limit);
    const summaries = await shows.summariesByIds(page.map((r) => r.id));
    const scores = new Map(page.map((r) => [r.id, r.score]));
    const data: RankedShow[] = summaries.map((s) => ({
      ...s,
      relevanceScore: scores.get(s.id) ?? 0,
    }));
    return { data, total: ranked.length, ranked, remote: remoteState };
  }

  return {
    rankShows,
    rankWithRemote,
    searchShows,
    /** New shows joined the catalogue: rankings computed before them are stale. */
    forgetRankings: () => rankings.clear(),
    /** TVmaze's answer for a title, waiting up to `budgetMs` (imports match by title after). */
    askRemote: async (query: string, budgetMs: number) => {
      await remote?.search(query, budgetMs);
    },
    /** Resolves when no search is still waiting on TVmaze (tests, shutdown). */
    remoteIdle: async () => {
      await remote?.idle();
    },

    history: (userId: number) => repo.history(userId, HISTORY_KEEP),
    remember: (userId: number, query: string) =>
      repo.remember(userId, query, nowIso(), HISTORY_KEEP),
    forget: (userId: number) => repo.forget(userId),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

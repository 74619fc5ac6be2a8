import type { RemoteSearchState } from '@series-tracker/contracts';
import { LRUCache } from 'lru-cache';
import type { MetadataService } from '../metadata/metadata.service';
import { MetadataUnavailableError } from '../metadata/tvmaze.client';
import { normalizeForSearch } from './normalize';

/**
 * Search that reaches TVmaze (issue 18, ADR 121). Local search answers first; when its answer
 * is thin, TVmaze's `/search/shows` is asked and what it knows is added to the catalogue
 * (upserted by TVmaze id, so a show found again, or found by an import, stays one row).
 *
 * - Time-boxed: the caller waits at most `budgetMs`; a slower TVmaze finishes in the
 *   background and its shows appear on the next search (`pending`).
 * - Cached and single-flight per normalised query: one TVmaze call per query per `ttlMs` in
 *   this process, however many people search it at once. A failed call is not kept.
 * - Within TVmaze's rate limit: the client takes every call from one budget (Redis-shared
 *   across servers when REDIS_URL is set), and at most `maxInFlight` distinct searches wait
 *   on TVmaze at once, so a burst of new queries never queues behind the budget.
 * - Offline: while the metadata service knows TVmaze is unreachable, nothing is asked and
 *   the answer says `unavailable` at once.
 */
export interface RemoteAnswer {
  state: RemoteSearchState;
  /** Shows added to the catalogue by this search (empty when nothing was new). */
  added: number[];
}

export interface RemoteSearchOptions {
  metadata: Pick<MetadataService, 'client' | 'remote' | 'noteFailure' | 'offlineAt' | 'addShows'>;
  enabled: boolean;
  /** How long one query's TVmaze answer is reused (12 h). */
  ttlMs?: number;
  maxInFlight?: number;
  /** New shows whose full episode list is fetched at once (the best TVmaze matches). */
  fetchEpisodesOf?: number;
}

/** Queries shorter than this (normalised) are too vague to send. */
const MIN_QUERY = 3;

export function createRemoteSearch(options: RemoteSearchOptions) {
  const { metadata } = options;
  const maxInFlight = options.maxInFlight ?? 6;
  const fetchEpisodesOf = options.fetchEpisodesOf ?? 3;
  const answers = new LRUCache<string, Promise<RemoteAnswer>>({
    max: 5_000,
    ttl: options.ttlMs ?? 12 * 3_600_000,
  });
  let inFlight = 0;

  async function ask(query: string): Promise<RemoteAnswer> {
    inFlight++;
    try {
      const results = await metadata.remote(() => metadata.client.searchShows(query));
      const best = [...results].sort((a, b) => b.score - a.score).slice(0, fetchEpisodesOf);
      const written = await metadata.addShows(
        results.map((r) => r.show),
        { fetchEpisodes: best.map((r) => r.show.id) },
      );
      return { state: 'searched', added: written.added };
    } catch (err) {
      metadata.noteFailure(err, { query });
      if (err instanceof MetadataUnavailableError) return { state: 'unavailable', added: [] };
      throw err;
    } finally {
      inFlight--;
    }
  }

  /**
   * TVmaze's answer for `query`, waiting at most `budgetMs`. Never rejects: a failure is
   * `unavailable` (TVmaze down, rate limited after retries) and is logged by the metadata
   * service.
   */
  async function search(query: string, budgetMs: number): Promise<RemoteAnswer> {
    const text = query.trim().slice(0, 100);
    const key = normalizeForSearch(text);
    if (!options.enabled || key.length < MIN_QUERY) return { state: 'skipped', added: [] };
    let answer = answers.get(key);
    if (!answer) {
      if (metadata.offlineAt() !== null) return { state: 'unavailable', added: [] };
      if (inFlight >= maxInFlight) return { state: 'pending', added: [] };
      answer = ask(text).catch(() => ({ state: 'unavailable' as const, added: [] }));
      answers.set(key, answer);
      // Only a real answer is worth keeping: after an outage the query is asked again.
      void answer.then((a) => {
        if (a.state !== 'searched' && answers.get(key) === answer) answers.delete(key);
      });
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<RemoteAnswer>((resolve) => {
      timer = setTimeout(() => resolve({ state: 'pending', added: [] }), budgetMs);
    });
    try {
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    search,
    /** Searches still waiting on TVmaze (tests, shutdown). */
    async idle(): Promise<void> {
      await Promise.all([...answers.values()]);
    },
  };
}

export type RemoteSearch = ReturnType<typeof createRemoteSearch>;

import type { RemoteSearchState, ShowSummary } from '@series-tracker/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Spec §9: 6 suggestions in the header, 8 on the search page (§7: "suggestion search
 * limit 8"), from 2 trimmed characters, after a 300 ms pause.
 */
export const SUGGESTION_LIMIT = 6;
export const SEARCH_PAGE_SUGGESTION_LIMIT = 8;
export const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTION_DELAY_MS = 300;
export const SUGGESTION_CLOSE_DELAY_MS = 150;

export interface SuggestionAnswer {
  shows: ShowSummary[];
  /** Whether TVmaze was asked; `pending` while it is slow (its shows come on a later ask). */
  remote: RemoteSearchState;
}

/** Spec §8: a failed suggestion call is an empty list (and a console note), never an error. */
export async function getSuggestions(
  query: string,
  limit: number,
  signal?: AbortSignal,
): Promise<SuggestionAnswer> {
  try {
    const response = await api.get<{ data: ShowSummary[]; remote?: RemoteSearchState }>(
      '/search/suggestions',
      { params: { q: query, limit }, signal },
    );
    return { shows: response.data.slice(0, limit), remote: response.remote ?? 'skipped' };
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('Search suggestions failed', error);
    return { shows: [], remote: 'skipped' };
  }
}

/** Local hits show at once; while TVmaze is slow the list is asked again to merge its shows. */
const PENDING_RETRY_MS = 1_500;
const PENDING_RETRIES = 2;

export function getSuggestionsQueryOptions(query: string, limit = SUGGESTION_LIMIT) {
  return queryOptions({
    queryKey: ['search', 'suggestions', query, limit] as const,
    queryFn: ({ signal }) => getSuggestions(query, limit, signal),
    staleTime: 5 * 60_000,
    select: (answer: SuggestionAnswer) => answer.shows,
    refetchInterval: (q) =>
      q.state.data?.remote === 'pending' && q.state.dataUpdateCount <= PENDING_RETRIES
        ? PENDING_RETRY_MS
        : false,
  });
}

export function useSuggestions(query: string, limit = SUGGESTION_LIMIT) {
  return useQuery({
    ...getSuggestionsQueryOptions(query, limit),
    enabled: query.length >= SUGGESTION_MIN_CHARS,
    // Keep the last rows while the next ones load, so the list does not flicker per key.
    placeholderData: keepPreviousData,
  });
}

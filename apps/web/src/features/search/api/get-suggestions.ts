import type { ShowSummary } from '@series-tracker/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec §9: 6 suggestions in the header, from 2 trimmed characters, after a 300 ms pause. */
export const SUGGESTION_LIMIT = 6;
export const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTION_DELAY_MS = 300;
export const SUGGESTION_CLOSE_DELAY_MS = 150;

/** Spec §8: a failed suggestion call is an empty list (and a console note), never an error. */
export async function getSuggestions(query: string, signal?: AbortSignal): Promise<ShowSummary[]> {
  try {
    const response = await api.get<{ data: ShowSummary[] }>('/search/suggestions', {
      params: { q: query, limit: SUGGESTION_LIMIT },
      signal,
    });
    return response.data.slice(0, SUGGESTION_LIMIT);
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('Search suggestions failed', error);
    return [];
  }
}

export function getSuggestionsQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['search', 'suggestions', query] as const,
    queryFn: ({ signal }) => getSuggestions(query, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSuggestions(query: string) {
  return useQuery({
    ...getSuggestionsQueryOptions(query),
    enabled: query.length >= SUGGESTION_MIN_CHARS,
    // Keep the last rows while the next ones load, so the list does not flicker per key.
    placeholderData: keepPreviousData,
  });
}

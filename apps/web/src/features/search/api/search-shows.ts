import type { Page, ShowSummary } from '@series-tracker/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const SEARCH_PAGE_SIZE = 24;

export interface ShowSearchFilters {
  genre?: string | undefined;
  status?: string | undefined;
  kind?: string | undefined;
}

/** Text search within the browse filters; best match first (GET /api/search/advanced). */
export function searchShows(
  q: string,
  filters: ShowSearchFilters,
  offset: number,
  signal?: AbortSignal,
) {
  return api.get<Page<ShowSummary>>('/search/advanced', {
    params: { q, ...filters, limit: SEARCH_PAGE_SIZE, offset },
    signal,
  });
}

export function searchShowsQueryOptions(q: string, filters: ShowSearchFilters) {
  return infiniteQueryOptions({
    queryKey: ['search', 'shows', q, filters] as const,
    queryFn: ({ pageParam, signal }) => searchShows(q, filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.offset + last.data.length : undefined),
  });
}

export function useSearchShows(q: string, filters: ShowSearchFilters, { enabled = true } = {}) {
  return useInfiniteQuery({ ...searchShowsQueryOptions(q, filters), enabled });
}

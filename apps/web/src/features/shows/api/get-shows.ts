import type { Page, ShowFilters, ShowSummary } from '@series-tracker/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showsKeys } from './shows-keys';

export type BrowseFilters = Pick<Partial<ShowFilters>, 'genre' | 'status' | 'kind' | 'sort'> & {
  /** "On my services" (ADR 182): comma-separated names, and the country of the offers. */
  services?: string;
  servicesCountry?: string;
};

export const BROWSE_PAGE_SIZE = 24;

export function getShows(filters: BrowseFilters, offset: number, signal?: AbortSignal) {
  return api.get<Page<ShowSummary>>('/shows', {
    params: { ...filters, limit: BROWSE_PAGE_SIZE, offset },
    signal,
  });
}

export function getShowsQueryOptions(filters: BrowseFilters) {
  return infiniteQueryOptions({
    queryKey: showsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getShows(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.offset + last.data.length : undefined),
  });
}

/** The catalogue, filtered and sorted, a page at a time. */
export function useShows(filters: BrowseFilters) {
  return useInfiniteQuery(getShowsQueryOptions(filters));
}

import type { Page, RemoteSearchState, ShowSummary } from '@series-tracker/contracts';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const SEARCH_PAGE_SIZE = 24;

export interface ShowSearchFilters {
  genre?: string | undefined;
  status?: string | undefined;
  kind?: string | undefined;
  /** "On my services" (ADR 182). */
  services?: string | undefined;
  servicesCountry?: string | undefined;
}

/** A page of search results; `remote` says whether TVmaze was asked (issue 18). */
export type ShowSearchPage = Page<ShowSummary> & { remote?: RemoteSearchState };

/** Text search within the browse filters; best match first (GET /api/search/advanced). */
export function searchShows(
  q: string,
  filters: ShowSearchFilters,
  offset: number,
  signal?: AbortSignal,
) {
  return api.get<ShowSearchPage>('/search/advanced', {
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

/**
 * While TVmaze is slow (`remote: 'pending'`), the first page is asked again a few times: shows
 * TVmaze adds in the background then join the results without a reload.
 */
export const REMOTE_RETRY_MS = 2_000;
const REMOTE_RETRIES = 2;

/** True while a slow TVmaze's shows are still being asked for (the first page, a few times). */
export function awaitingRemote(state: {
  data: InfiniteData<ShowSearchPage> | undefined;
  dataUpdateCount: number;
}): boolean {
  return (
    state.data?.pages[0]?.remote === 'pending' &&
    state.data.pages.length === 1 &&
    state.dataUpdateCount <= REMOTE_RETRIES
  );
}

export function useSearchShows(q: string, filters: ShowSearchFilters, { enabled = true } = {}) {
  const options = searchShowsQueryOptions(q, filters);
  const query = useInfiniteQuery({
    ...options,
    enabled,
    refetchInterval: (query) => (awaitingRemote(query.state) ? REMOTE_RETRY_MS : false),
  });
  const state = useQueryClient().getQueryState(options.queryKey);
  return { ...query, awaitingRemote: state ? awaitingRemote(state) : false };
}

import type { TrendingResponse } from '@series-tracker/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showsKeys } from './shows-keys';

export type { TrendingResponse };

/** Spec §9: trending limit 10. */
export const TRENDING_LIMIT = 10;

export function getTrendingShows(limit: number, signal?: AbortSignal) {
  return api.get<TrendingResponse>('/shows/trending', { params: { limit }, signal });
}

export function getTrendingShowsQueryOptions(limit = TRENDING_LIMIT) {
  return queryOptions({
    queryKey: showsKeys.trending(limit),
    queryFn: ({ signal }) => getTrendingShows(limit, signal),
  });
}

export function useTrendingShows(limit = TRENDING_LIMIT) {
  return useQuery(getTrendingShowsQueryOptions(limit));
}

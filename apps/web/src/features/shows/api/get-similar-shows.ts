import type { ShowSummary } from '@series-tracker/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showsKeys } from './shows-keys';

export function getSimilarShows(id: number, limit: number, signal?: AbortSignal) {
  return api.get<{ data: ShowSummary[] }>(`/shows/${id}/similar`, { params: { limit }, signal });
}

export function getSimilarShowsQueryOptions(id: number, limit = 12) {
  return queryOptions({
    queryKey: showsKeys.similar(id, limit),
    queryFn: ({ signal }) => getSimilarShows(id, limit, signal),
    select: (response) => response.data,
  });
}

export function useSimilarShows(id: number, limit = 12) {
  return useQuery(getSimilarShowsQueryOptions(id, limit));
}

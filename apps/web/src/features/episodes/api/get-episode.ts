import type { EpisodeWithShow } from '@series-tracker/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getEpisode(id: number, signal?: AbortSignal) {
  return api.get<EpisodeWithShow>(`/episodes/${id}`, { signal });
}

export function getEpisodeQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['episodes', 'detail', id] as const,
    queryFn: ({ signal }) => getEpisode(id, signal),
  });
}

export function useEpisode(id: number) {
  return useQuery(getEpisodeQueryOptions(id));
}

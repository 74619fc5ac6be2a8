import type { Episode, Page } from '@series-tracker/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getShowEpisodes(showId: number, signal?: AbortSignal) {
  return api.get<Page<Episode>>(`/episodes/show/${showId}`, { signal });
}

export function getShowEpisodesQueryOptions(showId: number) {
  return queryOptions({
    queryKey: ['episodes', 'show', showId] as const,
    queryFn: ({ signal }) => getShowEpisodes(showId, signal),
    select: (page) => page.data,
  });
}

/** `enabled` lets the show page wait until the Episodes tab is first opened (spec §2). */
export function useShowEpisodes(showId: number, { enabled = true } = {}) {
  return useQuery({ ...getShowEpisodesQueryOptions(showId), enabled });
}

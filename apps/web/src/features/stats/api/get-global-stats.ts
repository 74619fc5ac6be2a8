import type { GlobalStats } from '@series-tracker/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getGlobalStats(signal?: AbortSignal) {
  return api.get<GlobalStats>('/stats/global', { signal });
}

export function getGlobalStatsQueryOptions() {
  return queryOptions({
    queryKey: ['stats', 'global'] as const,
    queryFn: ({ signal }) => getGlobalStats(signal),
  });
}

export function useGlobalStats() {
  return useQuery(getGlobalStatsQueryOptions());
}

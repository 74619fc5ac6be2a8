import type { ShowDetail } from '@series-tracker/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showsKeys } from './shows-keys';

export function getShow(id: number, signal?: AbortSignal): Promise<ShowDetail> {
  return api.get<ShowDetail>(`/shows/${id}`, { signal });
}

export function getShowQueryOptions(id: number) {
  return queryOptions({
    queryKey: showsKeys.detail(id),
    queryFn: ({ signal }) => getShow(id, signal),
  });
}

export function useShow(id: number) {
  return useQuery(getShowQueryOptions(id));
}

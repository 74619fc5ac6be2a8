import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { showsKeys } from './shows-keys';

export function getGenres(signal?: AbortSignal) {
  return api.get<{ data: string[] }>('/shows/genres', { signal });
}

export function getGenresQueryOptions() {
  return queryOptions({
    queryKey: showsKeys.genres(),
    queryFn: ({ signal }) => getGenres(signal),
    select: (response) => response.data,
    // The genre list changes only with a catalogue import.
    staleTime: 60 * 60_000,
  });
}

export function useGenres() {
  return useQuery(getGenresQueryOptions());
}

import type { PublicUser } from '@series-tracker/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec §9: global search limit 50. */
export const USER_SEARCH_LIMIT = 50;

export function searchUsers(q: string, signal?: AbortSignal) {
  return api.get<{ data: PublicUser[] }>('/search/users', {
    params: { q, limit: USER_SEARCH_LIMIT },
    signal,
  });
}

export function searchUsersQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['search', 'users', q] as const,
    queryFn: ({ signal }) => searchUsers(q, signal),
    select: (response) => response.data,
  });
}

export function useSearchUsers(q: string, { enabled = true } = {}) {
  return useQuery({ ...searchUsersQueryOptions(q), enabled });
}

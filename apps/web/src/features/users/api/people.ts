import type {
  CompareUsers,
  FollowStats,
  ListSummary,
  Review,
  Page,
  PersonalStats,
  Person,
  ProfileUser,
  WatchlistItem,
} from '@series-tracker/contracts';
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryKey,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterLimit, offsetPages } from '@/lib/paging';

/** Every paged people endpoint accepts up to 50 (issue 11). */
export const PEOPLE_PAGE = 20;

export const peopleKeys = {
  all: ['people'] as const,
  profile: (username: string) => ['people', 'profile', username.toLowerCase()] as const,
  watchlist: (id: number) => ['people', 'watchlist', id] as const,
  favorites: (id: number) => ['people', 'favorites', id] as const,
  stats: (id: number, year: number | null) => ['people', 'stats', id, year] as const,
  network: (id: number, side: 'followers' | 'following') => ['people', side, id] as const,
  search: (q: string) => ['people', 'search', q] as const,
  compare: (names: string[]) => ['people', 'compare', ...names] as const,
};

export function profileQueryOptions(username: string) {
  return queryOptions({
    queryKey: peopleKeys.profile(username),
    queryFn: ({ signal }) =>
      api.get<{ user: ProfileUser }>(`/users/username/${encodeURIComponent(username)}`, { signal }),
    select: (r) => r.user,
  });
}
export const useProfile = (username: string) => useQuery(profileQueryOptions(username));

/**
 * A paged people collection at `path`, PEOPLE_PAGE at a time from the start; `extra` goes
 * after limit and offset in the query string.
 */
function peoplePages<T>(
  queryKey: QueryKey,
  path: string,
  enabled: boolean,
  extra: Record<string, string> = {},
) {
  return offsetPages<Page<T>>({
    queryKey,
    path,
    params: (offset) => ({ limit: PEOPLE_PAGE, offset, ...extra }),
    next: afterLimit,
    enabled,
  });
}

/** One of a member's collections (`/users/:id/<what>`), under `['people', what, id]`. */
const memberPages = <T>(
  what: 'watchlist' | 'favorites' | 'reviews' | 'lists',
  userId: number | undefined,
  enabled: boolean,
  extra?: Record<string, string>,
) =>
  peoplePages<T>(
    ['people', what, userId ?? 0],
    `/users/${userId}/${what}`,
    enabled && userId !== undefined,
    extra,
  );

export const useUserWatchlist = (userId: number | undefined, enabled: boolean) =>
  useInfiniteQuery(memberPages<WatchlistItem>('watchlist', userId, enabled, { sort: 'updated' }));

export interface UserFavorite {
  id: number;
  showId: number;
  createdAt: string;
  show: WatchlistItem['show'];
}
export const useUserFavorites = (userId: number | undefined, enabled: boolean) =>
  useInfiniteQuery(memberPages<UserFavorite>('favorites', userId, enabled));

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function useUserStats(userId: number | undefined, year: number | null, enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.stats(userId ?? 0, year),
    queryFn: ({ signal }) =>
      api.get<PersonalStats>(`/users/${userId}/stats`, {
        // Hours and the heat map on this device's clock (issue 22).
        params: { year: year ?? undefined, tz: browserTimeZone() },
        signal,
      }),
    enabled: enabled && userId !== undefined,
    placeholderData: keepPreviousData,
  });
}

export const usePeople = (userId: number | undefined, side: 'followers' | 'following') =>
  useInfiniteQuery(
    peoplePages<Person>(
      peopleKeys.network(userId ?? 0, side),
      `/social/${userId}/${side}`,
      userId !== undefined,
    ),
  );

export function usePeopleSearch(q: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: peopleKeys.search(q),
    queryFn: ({ signal }) =>
      api.get<Page<Person>>('/users/search', { params: { q, limit: 50 }, signal }),
    select: (r) => r.data,
    enabled,
  });
}

export function useCompare(usernames: string[], enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.compare(usernames),
    queryFn: ({ signal }) =>
      api.post<CompareUsers>('/stats/compare-users', { usernames }, { signal }),
    enabled,
  });
}

export const followUser = (id: number) => api.post<FollowStats>(`/social/${id}/follow`);
export const unfollowUser = (id: number) => api.delete<FollowStats>(`/social/${id}/follow`);

export const useUserReviews = (userId: number | undefined, enabled: boolean) =>
  useInfiniteQuery(memberPages<Review>('reviews', userId, enabled));

export const useUserLists = (userId: number | undefined, enabled: boolean) =>
  useInfiniteQuery(memberPages<ListSummary>('lists', userId, enabled));

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
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
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

export function useUserWatchlist(userId: number | undefined, enabled: boolean) {
  return useInfiniteQuery(
    offsetPages<Page<WatchlistItem>>({
      queryKey: peopleKeys.watchlist(userId ?? 0),
      path: `/users/${userId}/watchlist`,
      params: (offset) => ({ limit: PEOPLE_PAGE, offset, sort: 'updated' }),
      next: afterLimit,
      enabled: enabled && userId !== undefined,
    }),
  );
}

export interface UserFavorite {
  id: number;
  showId: number;
  createdAt: string;
  show: WatchlistItem['show'];
}
export function useUserFavorites(userId: number | undefined, enabled: boolean) {
  return useInfiniteQuery(
    offsetPages<Page<UserFavorite>>({
      queryKey: peopleKeys.favorites(userId ?? 0),
      path: `/users/${userId}/favorites`,
      params: (offset) => ({ limit: PEOPLE_PAGE, offset }),
      next: afterLimit,
      enabled: enabled && userId !== undefined,
    }),
  );
}

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

export function usePeople(userId: number | undefined, side: 'followers' | 'following') {
  return useInfiniteQuery(
    offsetPages<Page<Person>>({
      queryKey: peopleKeys.network(userId ?? 0, side),
      path: `/social/${userId}/${side}`,
      params: (offset) => ({ limit: PEOPLE_PAGE, offset }),
      next: afterLimit,
      enabled: userId !== undefined,
    }),
  );
}

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

export function useUserReviews(userId: number | undefined, enabled: boolean) {
  return useInfiniteQuery(
    offsetPages<Page<Review>>({
      queryKey: ['people', 'reviews', userId ?? 0] as const,
      path: `/users/${userId}/reviews`,
      params: (offset) => ({ limit: PEOPLE_PAGE, offset }),
      next: afterLimit,
      enabled: enabled && userId !== undefined,
    }),
  );
}

export function useUserLists(userId: number | undefined, enabled: boolean) {
  return useInfiniteQuery(
    offsetPages<Page<ListSummary>>({
      queryKey: ['people', 'lists', userId ?? 0] as const,
      path: `/users/${userId}/lists`,
      params: (offset) => ({ limit: PEOPLE_PAGE, offset }),
      next: afterLimit,
      enabled: enabled && userId !== undefined,
    }),
  );
}

import type { ActivityItem, FeedPage, Page } from '@series-tracker/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const activityKeys = {
  all: ['activity'] as const,
  feed: (scope: 'following' | 'community', size: number) =>
    ['activity', 'feed', scope, size] as const,
  user: (id: number) => ['activity', 'user', id] as const,
};

/** The home feed: people the viewer follows, or the whole community (anonymous visitors). */
export function useActivityFeed(scope: 'following' | 'community', size: number) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: activityKeys.feed(scope, size),
      queryFn: ({ pageParam, signal }) =>
        api.get<FeedPage>('/activity/feed', {
          params: { scope, limit: size, offset: pageParam },
          signal,
        }),
      initialPageParam: 0,
      getNextPageParam: (last) => (last.hasMore ? last.offset + last.limit : undefined),
    }),
  );
}

export function useUserActivity(userId: number | undefined, enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: activityKeys.user(userId ?? 0),
      queryFn: ({ pageParam, signal }) =>
        api.get<Page<ActivityItem>>(`/users/${userId}/activity`, {
          params: { limit: 20, offset: pageParam },
          signal,
        }),
      initialPageParam: 0,
      getNextPageParam: (last) => (last.hasMore ? last.offset + last.limit : undefined),
      enabled: enabled && userId !== undefined,
    }),
  );
}

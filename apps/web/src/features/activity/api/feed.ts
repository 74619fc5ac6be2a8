import type { ActivityItem, FeedPage, Page } from '@series-tracker/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { afterLimit, offsetPages } from '@/lib/paging';

export const activityKeys = {
  all: ['activity'] as const,
  feed: (scope: 'following' | 'community', size: number) =>
    ['activity', 'feed', scope, size] as const,
  user: (id: number) => ['activity', 'user', id] as const,
};

/** The home feed: people the viewer follows, or the whole community (anonymous visitors). */
export function useActivityFeed(scope: 'following' | 'community', size: number) {
  return useInfiniteQuery(
    offsetPages<FeedPage>({
      queryKey: activityKeys.feed(scope, size),
      path: '/activity/feed',
      params: (offset) => ({ scope, limit: size, offset }),
      next: afterLimit,
    }),
  );
}

export function useUserActivity(userId: number | undefined, enabled: boolean) {
  return useInfiniteQuery(
    offsetPages<Page<ActivityItem>>({
      queryKey: activityKeys.user(userId ?? 0),
      path: `/users/${userId}/activity`,
      params: (offset) => ({ limit: 20, offset }),
      next: afterLimit,
      enabled: enabled && userId !== undefined,
    }),
  );
}

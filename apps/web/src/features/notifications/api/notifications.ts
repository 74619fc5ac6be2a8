import type { NotificationPage } from '@series-tracker/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};

const PAGE = 20;

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) =>
      api.get<NotificationPage>('/notifications', {
        params: { limit: PAGE, offset: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: NotificationPage) =>
      last.hasMore ? last.offset + last.data.length : undefined,
  });
}

/** The bell's number: asked again every minute and when the window regains focus. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) =>
      api.get<{ unreadCount: number }>('/notifications/unread-count', { signal }),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') =>
      api.post<{ unreadCount: number }>(
        id === 'all' ? '/notifications/read-all' : `/notifications/${id}/read`,
      ),
    onSuccess: (res) => {
      client.setQueryData(notificationKeys.unread, res);
      void client.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}

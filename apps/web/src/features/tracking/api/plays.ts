import type {
  EpisodePlays,
  HistoryPage,
  PlayChangeResult,
  WatchlistItem,
} from '@series-tracker/contracts';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { intl } from '@/i18n';
import { showsKeys } from '@/features/shows/api/shows-keys';
import { api, errorReason } from '@/lib/api-client';
import { trackingKeys } from './tracking-keys';
import { afterLimit, offsetPages } from '@/lib/paging';

export const HISTORY_PAGE_SIZE = 30;

export const playsKeys = {
  episode: (episodeId: number) => ['tracking', 'plays', episodeId] as const,
  /** 'me' for the signed-in member's own diary. */
  history: (userId: number | 'me') => ['tracking', 'history', userId] as const,
};

export function episodePlaysQueryOptions(episodeId: number) {
  return queryOptions({
    queryKey: playsKeys.episode(episodeId),
    queryFn: ({ signal }) => api.get<EpisodePlays>(`/episodes/${episodeId}/plays`, { signal }),
  });
}

export function useEpisodePlays(episodeId: number, { enabled = true } = {}) {
  return useQuery({ ...episodePlaysQueryOptions(episodeId), enabled });
}

/** A member's diary, newest first, a page at a time ("Load more"). */
export function useHistory(userId: number | 'me', { enabled = true } = {}) {
  return useInfiniteQuery(
    offsetPages<HistoryPage>({
      queryKey: playsKeys.history(userId),
      path: userId === 'me' ? '/users/me/history' : `/users/${userId}/history`,
      params: (offset) => ({ limit: HISTORY_PAGE_SIZE, offset }),
      next: afterLimit,
      enabled,
    }),
  );
}

/** After a play changed: the episode's plays, the show's progress and item, diaries, up next. */
function refreshAfterPlays(queryClient: QueryClient, result: PlayChangeResult) {
  const { item, ...plays } = result;
  queryClient.setQueryData(playsKeys.episode(result.episodeId), plays);
  afterItemChange(queryClient, result.showId, item);
}

function afterItemChange(queryClient: QueryClient, showId: number, item: WatchlistItem | null) {
  queryClient.setQueryData(trackingKeys.item(showId), item);
  void queryClient.invalidateQueries({ queryKey: trackingKeys.progress(showId) });
  void queryClient.invalidateQueries({ queryKey: ['tracking', 'history'] });
  void queryClient.invalidateQueries({ queryKey: trackingKeys.watchlists(), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: trackingKeys.upNext() });
  void queryClient.invalidateQueries({ queryKey: showsKeys.detail(showId) });
  // What is watched is no longer a spoiler (ADR 181).
  void queryClient.invalidateQueries({ queryKey: ['spoilers', 'show', showId] });
}

/** "Watch again": one more play now. The count changes once the server has said yes. */
export function useWatchAgain(episodeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PlayChangeResult>(`/episodes/${episodeId}/plays`, {}),
    onSuccess: (result) => refreshAfterPlays(queryClient, result),
    onError: (error) =>
      toast.error(
        intl().formatMessage(
          {
            id: 'tracking.watchAgainFailed',
            defaultMessage: 'Could not record another play: {reason}.',
          },
          { reason: errorReason(error) },
        ),
      ),
  });
}

export function useEditPlay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playId, watchedAt }: { playId: number; watchedAt: string }) =>
      api.patch<PlayChangeResult>(`/plays/${playId}`, { watchedAt }),
    onSuccess: (result) => refreshAfterPlays(queryClient, result),
  });
}

export function useDeletePlay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playId }: { playId: number }) =>
      api.delete<PlayChangeResult>(`/plays/${playId}`),
    onSuccess: (result) => refreshAfterPlays(queryClient, result),
    onError: (error) =>
      toast.error(
        intl().formatMessage(
          {
            id: 'tracking.deletePlayFailed',
            defaultMessage: 'Could not delete the play: {reason}. Nothing was changed.',
          },
          { reason: errorReason(error) },
        ),
      ),
  });
}

/** Watch a show again from the start: a new run; earlier plays stay in the diary. */
export function useRewatch(showId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) =>
      api.post<WatchlistItem>(`/user-content-status/${itemId}/rewatch`),
    onSuccess: (item) => {
      afterItemChange(queryClient, showId, item);
      void queryClient.invalidateQueries({ queryKey: ['tracking', 'plays'] });
      toast.info(
        intl().formatMessage(
          {
            id: 'tracking.rewatchStarted',
            defaultMessage: 'Rewatch started: {title} is back to episode one.',
          },
          { title: item.show.title },
        ),
      );
    },
    onError: (error) =>
      toast.error(
        intl().formatMessage(
          { id: 'tracking.rewatchFailed', defaultMessage: 'Could not start a rewatch: {reason}.' },
          { reason: errorReason(error) },
        ),
      ),
  });
}

import type {
  BulkProgressResult,
  EpisodeProgressResult,
  ShowProgress,
  WatchlistItem,
} from '@series-tracker/contracts';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { showsKeys } from '@/features/shows/api/shows-keys';
import { api, errorReason } from '@/lib/api-client';
import { trackingKeys } from './tracking-keys';

export type { EpisodeProgressResult, ShowProgress };

export function showProgressQueryOptions(showId: number) {
  return queryOptions({
    queryKey: trackingKeys.progress(showId),
    queryFn: ({ signal }) => api.get<ShowProgress>(`/episodes/show/${showId}/progress`, { signal }),
  });
}

export function useShowProgress(showId: number, { enabled = true } = {}) {
  return useQuery({ ...showProgressQueryOptions(showId), enabled });
}

const reason = errorReason;

/** After any progress change: the item, progress, lists and up next may all have moved. */
function refreshAfterProgress(
  queryClient: QueryClient,
  showId: number,
  item: WatchlistItem | null,
) {
  queryClient.setQueryData(trackingKeys.item(showId), item);
  void queryClient.invalidateQueries({ queryKey: trackingKeys.progress(showId) });
  void queryClient.invalidateQueries({ queryKey: trackingKeys.watchlists(), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: trackingKeys.upNext() });
  // Marking adds a play and unmarking removes this run's (ADR 130).
  void queryClient.invalidateQueries({ queryKey: ['tracking', 'plays'] });
  void queryClient.invalidateQueries({ queryKey: ['tracking', 'history'] });
  // The first watched episode starts tracking, which changes the member count.
  void queryClient.invalidateQueries({ queryKey: showsKeys.detail(showId) });
}

export interface EpisodeToggle {
  episodeId: number;
  showId: number;
  watched: boolean;
  /** 'S1E2', for the error message. */
  code: string;
}

/**
 * One episode watched or not (spec §4): the screen changes only once the server has said
 * yes; on failure nothing changes and an error is shown.
 */
export function useSetEpisodeWatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ episodeId, watched }: EpisodeToggle) =>
      api.post<EpisodeProgressResult>(`/episodes/${episodeId}/progress`, { watched }),
    onSuccess: (result, { showId }) => {
      queryClient.setQueryData<ShowProgress>(trackingKeys.progress(showId), (old) => {
        if (!old) return old;
        const others = old.data.filter((p) => p.episodeId !== result.episodeId);
        return {
          ...old,
          data:
            result.watched && result.watchedAt
              ? [...others, { episodeId: result.episodeId, watchedAt: result.watchedAt }]
              : others,
          watchedCount: result.item?.progress ?? old.watchedCount,
          item: result.item,
        };
      });
      refreshAfterProgress(queryClient, showId, result.item);
    },
    onError: (error, { code, watched }) => {
      toast.error(
        `Could not mark ${code} as ${watched ? 'watched' : 'unwatched'}: ${reason(error)}.`,
      );
    },
  });
}

export type BulkTarget =
  | { season: number }
  | { upToEpisodeId: number }
  /** Every aired regular episode (completing a show offers it). */
  | { includeSpecials: false };

/** A whole season, or every episode up to and including one, in one call. */
export function useBulkProgress(showId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, watched }: { target: BulkTarget; watched: boolean; label: string }) =>
      api.post<BulkProgressResult>(`/episodes/show/${showId}/progress`, { ...target, watched }),
    onSuccess: (result) => refreshAfterProgress(queryClient, showId, result.item),
    onError: (error, { label }) =>
      toast.error(`Could not ${label}: ${reason(error)}. Nothing was changed.`),
  });
}

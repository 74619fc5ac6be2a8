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
import { intl } from '@/i18n';
import { showsKeys } from '@/features/shows/api/shows-keys';
import { idempotency } from '@series-tracker/contracts/constants';
import { api, errorReason, isNoAnswer } from '@/lib/api-client';
import { enqueueMark, newIdempotencyKey, pendingMarks } from './offline-marks';
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
  // What is watched is no longer a spoiler (ADR 181).
  void queryClient.invalidateQueries({ queryKey: ['spoilers', 'show', showId] });
}

export interface EpisodeToggle {
  episodeId: number;
  showId: number;
  watched: boolean;
  /** 'S1E2', for the error message. */
  code: string;
  /** A regular, aired episode (counts in 'N of M watched' while a mark waits offline). */
  counts?: boolean;
}

/**
 * One mark sent with its Idempotency-Key: sent again with the same key, it applies once. A
 * watched mark carries the instant of the tap (ADR 176), so one synced later from the offline
 * queue is dated when it was made; the body never changes between sends of one key.
 */
export function sendEpisodeMark(
  episodeId: number,
  watched: boolean,
  key: string,
  tappedAt: string,
) {
  return api.post<EpisodeProgressResult>(
    `/episodes/${episodeId}/progress`,
    watched ? { watched, watchedAt: tappedAt } : { watched },
    { headers: { [idempotency.header]: key } },
  );
}

/** The server's answer to a mark, into every cached view of the show. */
export function applyEpisodeResult(
  queryClient: QueryClient,
  showId: number,
  result: EpisodeProgressResult,
) {
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
}

/** The note on a mark that waits on this device to be sent (ADR 162). */
export function savedOfflineNote(): string {
  return intl().formatMessage({
    id: 'tracking.savedOffline',
    defaultMessage: 'Saved offline — will sync',
  });
}

/**
 * One episode watched or not (spec §4): the screen changes once the server has said yes; a
 * refusal changes nothing and is shown. When no answer comes (offline, server unreachable,
 * timed out) the mark is queued on this device and sent later with the same key (ADR 162);
 * while earlier marks wait, new ones queue behind them so they reach the server in order.
 */
export function useSetEpisodeWatched() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too (TanStack Query would pause it): offline is when it queues.
    networkMode: 'always',
    mutationFn: async (toggle: EpisodeToggle): Promise<EpisodeProgressResult | 'queued'> => {
      const key = newIdempotencyKey();
      const tappedAt = new Date().toISOString();
      const queue = () => {
        enqueueMark({
          key,
          queuedAt: tappedAt,
          episodeId: toggle.episodeId,
          showId: toggle.showId,
          watched: toggle.watched,
          code: toggle.code,
          counts: toggle.counts ?? true,
        });
        return 'queued' as const;
      };
      // Known to be offline, or behind earlier marks: queue without waiting for a timeout.
      if (!navigator.onLine || pendingMarks().length > 0) return queue();
      try {
        return await sendEpisodeMark(toggle.episodeId, toggle.watched, key, tappedAt);
      } catch (error) {
        if (isNoAnswer(error)) return queue();
        throw error;
      }
    },
    onSuccess: (result, { showId }) => {
      if (result === 'queued') {
        toast.info(
          intl().formatMessage({
            id: 'tracking.savedOfflineToast',
            defaultMessage: 'Saved offline — will sync.',
          }),
        );
        return;
      }
      applyEpisodeResult(queryClient, showId, result);
    },
    onError: (error, { code, watched }) => {
      const values = { code, reason: reason(error) };
      toast.error(
        watched
          ? intl().formatMessage(
              {
                id: 'tracking.markWatchedFailed',
                defaultMessage: 'Could not mark {code} as watched: {reason}.',
              },
              values,
            )
          : intl().formatMessage(
              {
                id: 'tracking.markUnwatchedFailed',
                defaultMessage: 'Could not mark {code} as unwatched: {reason}.',
              },
              values,
            ),
      );
    },
  });
}

export type BulkTarget =
  | { season: number }
  | { upToEpisodeId: number }
  /** Every aired regular episode (completing a show offers it). */
  | { includeSpecials: false };

/** A bulk change: what to mark, and the message its failure shows (given the reason). */
export interface BulkChange {
  target: BulkTarget;
  watched: boolean;
  failed: (reason: string) => string;
}

/** A whole season, or every episode up to and including one, in one call. */
export function useBulkProgress(showId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, watched }: BulkChange) =>
      api.post<BulkProgressResult>(`/episodes/show/${showId}/progress`, { ...target, watched }),
    onSuccess: (result) => refreshAfterProgress(queryClient, showId, result.item),
    onError: (error, { failed }) => toast.error(failed(reason(error))),
  });
}

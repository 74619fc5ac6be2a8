import type {
  Page,
  UpdateWatchlistItem,
  WatchStatus,
  WatchlistItem,
} from '@series-tracker/contracts';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { intl } from '@/i18n';
import { contractText } from '@/i18n/contract-text';
import { showsKeys } from '@/features/shows/api/shows-keys';
import { api, isApiError, errorReason } from '@/lib/api-client';
import { loadedOffset, offsetPages } from '@/lib/paging';
import { watchStatusLabels, type WatchlistSort } from '../lib/watch-status';
import { trackingKeys } from './tracking-keys';

/** Spec §9: the watchlist loads 50 at a time. */
export const WATCHLIST_PAGE_SIZE = 50;

export type WatchlistData = InfiniteData<Page<WatchlistItem>, number>;
export type WatchlistChanges = Pick<UpdateWatchlistItem, 'status' | 'score'>;

/** "On my services" (ADR 182): `services`/`servicesCountry` query parameters, or none. */
export type ServicesParams = { services?: string; servicesCountry?: string };

export function watchlistQueryOptions(
  status: WatchStatus | undefined,
  sort: WatchlistSort,
  services: ServicesParams = {},
) {
  return offsetPages<Page<WatchlistItem>>({
    queryKey: [...trackingKeys.watchlist(status, sort), services] as const,
    path: '/user-content-status',
    params: (offset) => ({ status, sort, limit: WATCHLIST_PAGE_SIZE, offset, ...services }),
    // A card that left this view (removed, or moved to another status) shifted the list.
    next: loadedOffset,
  });
}

export function useWatchlist(
  status: WatchStatus | undefined,
  sort: WatchlistSort,
  services: ServicesParams = {},
) {
  return useInfiniteQuery(watchlistQueryOptions(status, sort, services));
}

/** The signed-in user's item for a show, or null when it is not tracked (404, spec §8). */
export async function getShowItem(
  showId: number,
  signal?: AbortSignal,
): Promise<WatchlistItem | null> {
  try {
    return await api.get<WatchlistItem>(`/user-content-status/show/${showId}`, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function showItemQueryOptions(showId: number) {
  return queryOptions({
    queryKey: trackingKeys.item(showId),
    queryFn: ({ signal }) => getShowItem(showId, signal),
  });
}

export function useShowItem(showId: number, { enabled = true } = {}) {
  return useQuery({ ...showItemQueryOptions(showId), enabled });
}

// --- cache helpers ------------------------------------------------------------------------

function statusFilterOf(key: QueryKey): WatchStatus | 'all' {
  const filters = key[2] as { status?: WatchStatus | 'all' } | undefined;
  return filters?.status ?? 'all';
}

/**
 * Rewrites one item in every cached watchlist. `update` returns the new item, or null to
 * drop it; an item whose status no longer matches a filtered list leaves that list, and the
 * list's total follows.
 */
export function patchWatchlists(
  queryClient: QueryClient,
  itemId: number,
  update: (item: WatchlistItem) => WatchlistItem | null,
) {
  for (const [key, data] of queryClient.getQueriesData<WatchlistData>({
    queryKey: trackingKeys.watchlists(),
  })) {
    if (!data) continue;
    const filter = statusFilterOf(key);
    let removed = 0;
    let touched = false;
    const pages = data.pages.map((page) => {
      if (!page.data.some((item) => item.id === itemId)) return page;
      touched = true;
      const next: WatchlistItem[] = [];
      for (const item of page.data) {
        if (item.id !== itemId) {
          next.push(item);
          continue;
        }
        const changed = update(item);
        if (changed && (filter === 'all' || changed.status === filter)) next.push(changed);
        else removed += 1;
      }
      return { ...page, data: next };
    });
    if (!touched) continue;
    queryClient.setQueryData<WatchlistData>(key, {
      ...data,
      pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - removed) })),
    });
  }
}

type Snapshot = { lists: [QueryKey, WatchlistData | undefined][]; item: [QueryKey, unknown] };

async function snapshot(queryClient: QueryClient, showId: number): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: trackingKeys.watchlists() });
  await queryClient.cancelQueries({ queryKey: trackingKeys.item(showId) });
  return {
    lists: queryClient.getQueriesData<WatchlistData>({ queryKey: trackingKeys.watchlists() }),
    item: [trackingKeys.item(showId), queryClient.getQueryData(trackingKeys.item(showId))],
  };
}

function restore(queryClient: QueryClient, snap: Snapshot | undefined) {
  if (!snap) return;
  for (const [key, data] of snap.lists) queryClient.setQueryData(key, data);
  queryClient.setQueryData(snap.item[0], snap.item[1]);
}

const reason = errorReason;

const nowIso = () => new Date().toISOString();

/** What the server will do with a status change (ADR 009), so the card is right at once. */
export function applyChanges(item: WatchlistItem, changes: WatchlistChanges): WatchlistItem {
  const next: WatchlistItem = { ...item, updatedAt: nowIso() };
  if (changes.score !== undefined) next.score = changes.score;
  if (changes.status !== undefined && changes.status !== item.status) {
    next.status = changes.status;
    next.completedAt = changes.status === 'completed' ? (item.completedAt ?? nowIso()) : null;
    if (changes.status === 'watching' || changes.status === 'completed')
      next.startedAt ??= nowIso();
  }
  return next;
}

function showTitle(item: WatchlistItem) {
  return (
    item.show.title ||
    intl().formatMessage({ id: 'tracking.thisShow', defaultMessage: 'this show' })
  );
}

// --- mutations ----------------------------------------------------------------------------

/**
 * Status and score changes (spec §4): the card changes at once, the server is told, and a
 * failure puts the old values back and says so.
 */
export function useUpdateWatchlistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, changes }: { item: WatchlistItem; changes: WatchlistChanges }) =>
      api.put<WatchlistItem>(`/user-content-status/${item.id}`, changes),
    onMutate: async ({ item, changes }) => {
      const snap = await snapshot(queryClient, item.showId);
      const optimistic = applyChanges(item, changes);
      patchWatchlists(queryClient, item.id, () => optimistic);
      if (snap.item[1]) queryClient.setQueryData(trackingKeys.item(item.showId), optimistic);
      return snap;
    },
    onError: (error, { item, changes }, snap) => {
      restore(queryClient, snap);
      const { formatMessage } = intl();
      const values = { title: showTitle(item), reason: reason(error) };
      toast.error(
        changes.status !== undefined
          ? formatMessage(
              {
                id: 'tracking.moveFailed',
                defaultMessage:
                  'Could not move {title} to {status}: {reason}. Nothing was changed.',
              },
              { ...values, status: contractText(watchStatusLabels[changes.status]) },
            )
          : changes.score === null
            ? formatMessage(
                {
                  id: 'tracking.removeRatingFailed',
                  defaultMessage:
                    'Could not remove your rating of {title}: {reason}. Nothing was changed.',
                },
                values,
              )
            : formatMessage(
                {
                  id: 'tracking.saveRatingFailed',
                  defaultMessage:
                    'Could not save your rating of {title}: {reason}. Nothing was changed.',
                },
                values,
              ),
      );
    },
    onSuccess: (saved) => {
      patchWatchlists(queryClient, saved.id, () => saved);
      queryClient.setQueryData(trackingKeys.item(saved.showId), saved);
      // Other filters and sort orders are now out of date; they reload when next shown.
      void queryClient.invalidateQueries({
        queryKey: trackingKeys.watchlists(),
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({ queryKey: trackingKeys.upNext() });
    },
  });
}

export function useRemoveWatchlistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: WatchlistItem) => api.delete<void>(`/user-content-status/${item.id}`),
    onMutate: async (item) => {
      const snap = await snapshot(queryClient, item.showId);
      patchWatchlists(queryClient, item.id, () => null);
      if (snap.item[1]) queryClient.setQueryData(trackingKeys.item(item.showId), null);
      return snap;
    },
    onError: (error, item, snap) => {
      restore(queryClient, snap);
      toast.error(
        intl().formatMessage(
          {
            id: 'tracking.removeFailed',
            defaultMessage: 'Could not remove {title}: {reason}. It is still in your watchlist.',
          },
          { title: showTitle(item), reason: reason(error) },
        ),
      );
    },
    onSuccess: (_data, item) => {
      queryClient.setQueryData(trackingKeys.item(item.showId), null);
      void queryClient.invalidateQueries({
        queryKey: trackingKeys.watchlists(),
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({ queryKey: trackingKeys.upNext() });
      void queryClient.invalidateQueries({ queryKey: trackingKeys.progress(item.showId) });
      // The show's member count changed.
      void queryClient.invalidateQueries({ queryKey: showsKeys.detail(item.showId) });
    },
  });
}

/** Adding needs the server's id, so it is not optimistic: the button shows it is working. */
export function useAddToWatchlist(showId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Without a status the server decides: watching when episodes of the show were watched
    // before (a re-add), else plan to watch.
    mutationFn: (status: WatchStatus | undefined) =>
      api.post<WatchlistItem>('/user-content-status', status ? { showId, status } : { showId }),
    onSuccess: (item) => {
      queryClient.setQueryData(trackingKeys.item(showId), item);
    },
    onError: (error) => {
      // Already tracked (another tab): show what the server has.
      void queryClient.invalidateQueries({ queryKey: trackingKeys.item(showId) });
      if (isApiError(error) && error.status === 409) return;
      toast.error(
        intl().formatMessage(
          {
            id: 'tracking.addFailed',
            defaultMessage: 'Could not add this show to your watchlist: {reason}.',
          },
          { reason: reason(error) },
        ),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({
        queryKey: trackingKeys.watchlists(),
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({ queryKey: trackingKeys.progress(showId) });
      void queryClient.invalidateQueries({ queryKey: showsKeys.detail(showId) });
    },
  });
}

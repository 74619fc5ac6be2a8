import type { WatchStatus } from '@series-tracker/contracts';
import type { WatchlistSort } from '../lib/watch-status';

/** Query keys of the tracking feature; everything lives under 'tracking' so sign-out drops it. */
export const trackingKeys = {
  all: ['tracking'] as const,
  watchlists: () => ['tracking', 'watchlist'] as const,
  watchlist: (status: WatchStatus | undefined, sort: WatchlistSort) =>
    ['tracking', 'watchlist', { status: status ?? 'all', sort }] as const,
  item: (showId: number) => ['tracking', 'item', showId] as const,
  progress: (showId: number) => ['tracking', 'progress', showId] as const,
  favorite: (showId: number) => ['tracking', 'favorite', showId] as const,
  upNext: () => ['tracking', 'up-next'] as const,
};

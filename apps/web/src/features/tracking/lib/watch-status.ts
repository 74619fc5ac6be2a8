import { watchStatuses, type WatchStatus } from '@series-tracker/contracts/constants';
import { defineMessages } from 'react-intl';

// The statuses and labels (spec §4) come from the zod-free contracts entry.
export { watchStatuses, watchStatusLabels } from '@series-tracker/contracts/constants';

/** The order of the filter pills and of the status select. */
export const statusOrder: WatchStatus[] = [
  'watching',
  'completed',
  'want_to_watch',
  'paused',
  'dropped',
];

export function isWatchStatus(value: unknown): value is WatchStatus {
  return typeof value === 'string' && (watchStatuses as readonly string[]).includes(value);
}

/** Badge colours: watching green, completed blue, planned violet, on hold amber, dropped red. */
export const watchStatusTone: Record<WatchStatus, string> = {
  watching: 'border-emerald-400/40 bg-emerald-500/20 text-emerald-200',
  completed: 'border-sky-400/40 bg-sky-500/20 text-sky-200',
  want_to_watch: 'border-violet-400/40 bg-violet-500/20 text-violet-200',
  paused: 'border-amber-400/40 bg-amber-500/20 text-amber-200',
  dropped: 'border-rose-400/40 bg-rose-500/20 text-rose-200',
};

/** The watchlist's sort orders, formatted at render (`intl.formatMessage(labels[sort])`). */
export const watchlistSortLabels = defineMessages({
  updated: { id: 'tracking.sortUpdated', defaultMessage: 'Recently updated' },
  title: { id: 'tracking.sortTitle', defaultMessage: 'Title' },
  score: { id: 'tracking.sortScore', defaultMessage: 'Score' },
  added: { id: 'tracking.sortAdded', defaultMessage: 'Recently added' },
});
export type WatchlistSort = keyof typeof watchlistSortLabels;
export const watchlistSortValues = Object.keys(watchlistSortLabels) as WatchlistSort[];

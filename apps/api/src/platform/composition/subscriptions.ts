import type { Infrastructure } from './infrastructure';
import type { wireCatalogue } from './catalogue';
import type { wireImports } from './tracking';

/**
 * Side effects that cross features and hang off domain events (a feature's own subscriptions
 * are its `subscribe()`/`register()`, called where it is built). Registered in this order:
 * handlers of one event run in the order they were added.
 */
export function wireSubscriptions(
  { events }: Infrastructure,
  {
    metadata,
    search,
    imports,
  }: Pick<ReturnType<typeof wireCatalogue>, 'metadata' | 'search'> &
    Pick<ReturnType<typeof wireImports>, 'imports'>,
) {
  events.onEveryServer('catalog.refreshed', ({ added }) => {
    if (added?.length) search.forgetRankings();
  });
  // Every show someone touches gets its full episode list (issue 18): adding or tracking it,
  // marking an episode, reviewing it, putting it on a list. Opening its page does the same
  // (onShowViewed). Only shows not refreshed for a day are queued, one job per show.
  const touched = (showIds: number[]) => {
    for (const id of showIds) metadata.refreshShowInBackground(id);
  };
  events.on('tracking.changed', ({ showId, change }) => {
    if (change !== 'removed') touched([showId]);
  });
  events.on('episode.watched', ({ showId }) => touched([showId]));
  events.on('review.created', ({ showId }) => touched([showId]));
  events.on('list.created', ({ showIds }) => touched(showIds ?? []));
  events.on('list.updated', ({ showIds }) => touched(showIds ?? []));
  // Watches held for episodes not yet in the catalogue are marked when the episodes arrive.
  events.on('catalog.refreshed', ({ showIds }) => imports.releaseHeld(showIds));
}

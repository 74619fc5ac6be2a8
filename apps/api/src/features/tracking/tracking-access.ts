import type { Transaction } from 'kysely';
import { trackingMessages } from '@series-tracker/contracts';
import type { Database } from '../../db/types';
import { notFound } from '../../lib/errors';
import { authorize } from '../../platform/policy';
import type { TrackingRepository } from './tracking.repository';
import type { Text } from '../../lib/i18n/text';

/**
 * A member's own row (a watchlist item, a play): someone else's is as absent as a missing
 * one, its existence is private (404).
 */
export function ownRow<T extends { user_id: number }>(
  userId: number,
  row: T | undefined,
  kind: 'watchlist-item' | 'play',
  message: Text,
): T {
  authorize({ id: userId }, 'update', row && { kind, ownerId: row.user_id }, message);
  return row!;
}

/** The look-ups tracking's services start from: a show, an episode, one's own item (404s). */
export function createTrackingAccess(repo: TrackingRepository) {
  return {
    async requireShow(trx: Transaction<Database> | undefined, showId: number) {
      const show = await repo.show(trx ?? repo.db, showId);
      if (!show) throw notFound(trackingMessages.showNotFound);
      return show;
    },

    async requireEpisode(episodeId: number) {
      const episode = await repo.episode(repo.db, episodeId);
      if (!episode) throw notFound(trackingMessages.episodeNotFound);
      return episode;
    },

    async ownItem(userId: number, id: number) {
      const item = await repo.itemById(repo.db, id);
      return ownRow(userId, item, 'watchlist-item', trackingMessages.itemNotFound);
    },
  };
}

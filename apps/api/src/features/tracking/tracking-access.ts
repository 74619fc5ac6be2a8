import type { Transaction } from 'kysely';
import { trackingMessages } from '@series-tracker/contracts';
import type { Database } from '../../db/types';
import { notFound } from '../../lib/errors';
import { authorize } from '../../platform/policy';
import type { TrackingRepository } from './tracking.repository';

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
      // Someone else's item is as absent as a missing one: its existence is private.
      authorize(
        { id: userId },
        'update',
        item && { kind: 'watchlist-item', ownerId: item.user_id },
        trackingMessages.itemNotFound,
      );
      return item!;
    },
  };
}

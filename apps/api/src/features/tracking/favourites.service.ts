import { errorCodes, trackingMessages } from '@series-tracker/contracts';
import { conflict, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import { page } from '../shows/shows.service';
import type { FavouritesRepository } from './favourites.repository';
import { toWatchlistShow } from './tracking.mapper';
import type { EmbeddedShowColumns } from './tracking.repository';

const toFavourite = (r: EmbeddedShowColumns & { id: number; created_at: string }) => ({
  id: r.id,
  showId: r.show_id,
  createdAt: r.created_at,
  show: toWatchlistShow(r),
});

/** A member's favourite shows; they count on the platform figures (show.counters.changed). */
export function createFavouritesService({
  repo,
  events,
  requireShow,
}: {
  repo: FavouritesRepository;
  events: EventBus;
  /** Throws the tracking 404 when the show does not exist. */
  requireShow: (showId: number) => Promise<unknown>;
}) {
  const countersChanged = (showId: number) =>
    events.emit('show.counters.changed', { showIds: [showId] });

  async function favorite(userId: number, showId: number) {
    const row = await repo.favorite(userId, showId);
    if (!row) throw notFound(trackingMessages.notFavorite);
    return toFavourite(row);
  }

  return {
    async favorites(userId: number, limit: number, offset: number) {
      const { rows, total } = await repo.favorites(userId, limit, offset);
      return page(rows.map(toFavourite), total, limit, offset);
    },

    favorite,

    async addFavorite(userId: number, showId: number) {
      await requireShow(showId);
      if (!(await repo.addFavorite(userId, showId, nowIso())))
        throw conflict(errorCodes.conflict, trackingMessages.alreadyFavorite);
      // Favourites count on the platform figures (and, later, on the show).
      await countersChanged(showId);
      return favorite(userId, showId);
    },

    async removeFavorite(userId: number, showId: number) {
      if (!(await repo.removeFavorite(userId, showId)))
        throw notFound(trackingMessages.notFavorite);
      await countersChanged(showId);
    },
  };
}

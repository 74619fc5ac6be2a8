import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/types';
import { createFavouritesRepository } from './favourites.repository';
import { createHistoryRepository } from './history.repository';
import { createTrackingItemsRepository } from './tracking-items.repository';

export { currentRun, today } from './tracking-sql.repository';
export type { EmbeddedShowColumns, ItemWithShow } from './tracking-sql.repository';
export type { WatchlistSort } from './tracking-items.repository';

/**
 * Tracking's tables as one repository for its services: watchlist items
 * (tracking-items.repository.ts), watched episodes and the reads their rules need
 * (history.repository.ts), favourites (favourites.repository.ts).
 */
export function createTrackingRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    db,
    ...createTrackingItemsRepository(db, dialect),
    ...createHistoryRepository(),
    ...createFavouritesRepository(db),
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;

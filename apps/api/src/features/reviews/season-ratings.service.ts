import { playInstant } from '@series-tracker/contracts';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { SeasonRatingsRepository } from './season-ratings.repository';

export interface SeasonRating {
  showId: number;
  seasonNumber: number;
  rating: number;
  ratedAt: string;
}

/**
 * A member's ratings of seasons (ADR 171): private figures like watchlist scores, 1–10, one
 * per member, show and season number. The rule lives here beside episode ratings; the
 * Trakt-compatible API, the export and the Trakt import all write through it.
 */
export function createSeasonRatingsService(deps: {
  repo: SeasonRatingsRepository;
  uow: UnitOfWork;
  events: EventBus;
}) {
  const { repo, uow, events } = deps;
  return {
    /**
     * Rates a season of a show; false (nothing written) when the rating is not a whole number
     * from 1 to 10 or the show has no such season. `ratedAt` in the past keeps its date
     * (imports, apps syncing a media centre); absent or unreadable: now.
     */
    async rate(
      userId: number,
      input: { showId: number; seasonNumber: number; rating: number; ratedAt?: string | null },
      origin: { imported?: boolean } = {},
    ): Promise<boolean> {
      const { showId, seasonNumber, rating } = input;
      if (!Number.isInteger(rating) || rating < 1 || rating > 10) return false;
      if (!Number.isInteger(seasonNumber) || seasonNumber < 0) return false;
      const now = nowIso();
      const ratedAt = (input.ratedAt && playInstant(input.ratedAt)) || now;
      const written = await uow.run(async (trx) => {
        if (!(await repo.seasonExists(trx, showId, seasonNumber))) return false;
        await repo.upsert(
          trx,
          {
            user_id: userId,
            show_id: showId,
            season_number: seasonNumber,
            rating,
            rated_at: ratedAt,
          },
          now,
        );
        return true;
      });
      if (written && !origin.imported)
        await events.emit('ratings.changed', { userId, kind: 'season' });
      return written;
    },

    /** Removes a rating; false when there was none. */
    async unrate(userId: number, showId: number, seasonNumber: number): Promise<boolean> {
      const removed = await repo.remove(repo.db, userId, showId, seasonNumber);
      if (removed) await events.emit('ratings.changed', { userId, kind: 'season' });
      return removed;
    },

    /** The member's own season ratings, newest first (never another member's). */
    async ofMember(userId: number, ratings?: number[]): Promise<SeasonRating[]> {
      const rows = await repo.ofMember(repo.db, userId, ratings);
      return rows.map((r) => ({
        showId: r.show_id,
        seasonNumber: r.season_number,
        rating: r.rating,
        ratedAt: r.rated_at,
      }));
    },
  };
}

export type SeasonRatingsService = ReturnType<typeof createSeasonRatingsService>;

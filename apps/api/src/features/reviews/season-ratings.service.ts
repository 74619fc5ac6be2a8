import {
  playInstant,
  seasonRatingMessages,
  type Page,
  type ProfileSeasonRating,
  type SeasonRatingSummary,
  type ShowSeasonRatings,
} from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { SeasonRatingsRepository } from './season-ratings.repository';
import { page } from '../shows/shows.service';

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
  const round1 = (x: number) => Math.round(x * 10) / 10;
  const summary = (r: {
    seasonNumber: number;
    count: number;
    total: number;
    mine: number | null;
  }): SeasonRatingSummary => ({
    seasonNumber: r.seasonNumber,
    average: r.count ? round1(r.total / r.count) : null,
    count: r.count,
    mine: r.mine,
  });
  async function requireShow(showId: number) {
    if (!(await repo.showExists(repo.db, showId)))
      throw notFound(seasonRatingMessages.showNotFound);
  }
  /** One season's figures after a write, counted from the rows (exact, never adjusted). */
  async function seasonSummary(userId: number, showId: number, season: number) {
    const [row] = await repo.showSummaries(repo.db, showId, userId, season);
    return summary(row ?? { seasonNumber: season, count: 0, total: 0, mine: null });
  }
  const service = {
    /** Every rated season of a show: the community's average and, signed in, the viewer's. */
    async forShow(viewerId: number | null, showId: number): Promise<ShowSeasonRatings> {
      await requireShow(showId);
      const rows = await repo.showSummaries(repo.db, showId, viewerId);
      return { showId, seasons: rows.map(summary) };
    },

    /** The web's rating control: 404 for a show or season the catalogue does not have. */
    async rateSeason(userId: number, showId: number, season: number, rating: number) {
      await requireShow(showId);
      const written = await service.rate(userId, { showId, seasonNumber: season, rating });
      if (!written) throw notFound(seasonRatingMessages.seasonNotFound);
      return seasonSummary(userId, showId, season);
    },

    /** Clears the member's rating (nothing to clear is fine: the answer says so). */
    async clearSeason(userId: number, showId: number, season: number) {
      await requireShow(showId);
      await service.unrate(userId, showId, season);
      return seasonSummary(userId, showId, season);
    },

    /** A member's ratings for their profile (the caller checks the profile policy first). */
    async profilePage(
      userId: number,
      limit: number,
      offset: number,
    ): Promise<Page<ProfileSeasonRating>> {
      const { rows, total } = await repo.pageOfMember(repo.db, userId, limit, offset);
      return page(
        rows.map((r) => ({
          show: { id: r.show_id, title: r.title, coverImageUrl: r.poster_url },
          seasonNumber: r.season_number,
          rating: r.rating,
          ratedAt: r.rated_at,
        })),
        total,
        limit,
        offset,
      );
    },

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
  return service;
}

export type SeasonRatingsService = ReturnType<typeof createSeasonRatingsService>;

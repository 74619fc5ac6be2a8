import type { TraktSyncBody } from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EpisodeReviewsService } from '../reviews/episode-reviews.service';
import type { SeasonRatingsService } from '../reviews/season-ratings.service';
import type { TrackingService } from '../tracking/tracking.service';
import { assertDates, emptyNotFound, resolveSyncBody } from './trakt-sync-resolve';
import type { TraktSyncRepository } from './trakt-sync.repository';
import type { TraktRepository } from './trakt.repository';
import { episodeShape, showShape } from './trakt-sync-shapes';
import { toTraktSeason, traktInstant } from './trakt-shapes';

export type RatingType = 'all' | 'movies' | 'shows' | 'seasons' | 'episodes';
const counts = () => ({ movies: 0, shows: 0, seasons: 0, episodes: 0 });
const validRating = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 10;

export interface TraktSyncListsDeps {
  repo: TraktSyncRepository;
  trakt: Pick<TraktRepository, 'showByIds'>;
  tracking: Pick<TrackingService, 'forShow' | 'create' | 'update' | 'remove'>;
  episodeReviews: Pick<
    EpisodeReviewsService,
    'createEpisodeReview' | 'updateEpisodeReview' | 'removeEpisodeReview'
  >;
  seasonRatings: SeasonRatingsService;
}

/**
 * Watchlist and ratings calls of the Trakt sync (ADR 171). The Trakt watchlist is the shows
 * a member plans to watch (watchlist items with status "Plan to Watch"): watching one moves
 * it to "Watching", which is Trakt's auto-removal. Show ratings are watchlist scores
 * (tracking), episode ratings are episode reviews and season ratings their own rule (reviews).
 */
export function createTraktSyncLists(deps: TraktSyncListsDeps) {
  const { repo, tracking, episodeReviews, seasonRatings } = deps;
  const itemFor = (userId: number, showId: number) =>
    tracking.forShow(userId, showId).catch((err: unknown) => {
      if (err instanceof AppError && err.statusCode === 404) return null;
      throw err;
    });

  async function watchlist(userId: number, full: boolean) {
    const items = await repo.plannedItems(userId);
    const shows = await repo.showsByIds(items.map((i) => i.show_id));
    const toShow = showShape(full);
    return items.flatMap((i, n) => {
      const show = shows.get(i.show_id);
      return show
        ? [
            {
              rank: n + 1,
              id: i.id,
              listed_at: traktInstant(i.created_at)!,
              notes: null,
              type: 'show' as const,
              show: toShow(show),
            },
          ]
        : [];
    });
  }

  const listInfo = async (userId: number) => {
    const items = await repo.plannedItems(userId);
    return { updated_at: nowIso(), item_count: items.length };
  };

  return {
    /** GET /sync/watchlist[/shows[/sort]] (movies, seasons, episodes: none). */
    async watchlist(
      userId: number,
      q: { type?: string; sort?: 'rank' | 'added' | 'released' | 'title'; full: boolean },
    ) {
      if (q.type && q.type !== 'shows') return [];
      const list = await watchlist(userId, q.full);
      if (q.sort === 'added') list.reverse();
      if (q.sort === 'title') list.sort((a, b) => a.show.title.localeCompare(b.show.title));
      if (q.sort === 'released') list.sort((a, b) => (a.show.year ?? 0) - (b.show.year ?? 0));
      return list;
    },

    /** POST /sync/watchlist: a show not tracked yet becomes "Plan to Watch". */
    async addToWatchlist(userId: number, body: TraktSyncBody) {
      const { targets, notFound } = await resolveSyncBody(body, deps);
      const added = counts();
      const existing = counts();
      for (const t of targets) {
        if (t.level !== 'show') {
          // Our watchlist holds shows: a season or an episode is not something we can plan.
          (t.level === 'season' ? notFound.seasons : notFound.episodes).push(t.raw);
          continue;
        }
        if (await itemFor(userId, t.show.id)) existing.shows++;
        else {
          await tracking.create(userId, { showId: t.show.id, status: 'want_to_watch' });
          added.shows++;
        }
      }
      return { added, existing, not_found: notFound, list: await listInfo(userId) };
    },

    /** POST /sync/watchlist/remove: removes planned shows as the web's remove does. */
    async removeFromWatchlist(userId: number, body: TraktSyncBody) {
      const { targets, notFound } = await resolveSyncBody(body, deps);
      const deleted = counts();
      for (const t of targets) {
        if (t.level !== 'show') {
          (t.level === 'season' ? notFound.seasons : notFound.episodes).push(t.raw);
          continue;
        }
        const item = await itemFor(userId, t.show.id);
        // Only a planned show is on the Trakt watchlist; one being watched is left alone.
        if (item && item.status === 'want_to_watch') {
          await tracking.remove(userId, item.id);
          deleted.shows++;
        } else notFound.shows.push(t.raw);
      }
      return { deleted, not_found: notFound, list: await listInfo(userId) };
    },

    /** GET /sync/ratings[/type[/rating]]: the member's own ratings, newest first. */
    async ratings(userId: number, q: { type: RatingType; ratings?: number[]; full: boolean }) {
      const want = (t: RatingType) => q.type === 'all' || q.type === t;
      const [scored, seasons, episodes] = await Promise.all([
        want('shows') ? repo.scoredItems(userId, q.ratings) : [],
        want('seasons') ? seasonRatings.ofMember(userId, q.ratings) : [],
        want('episodes') ? repo.episodeRatings(userId, q.ratings) : [],
      ]);
      const showIds = [
        ...scored.map((s) => s.show_id),
        ...seasons.map((s) => s.showId),
        ...episodes.map((e) => e.show_id),
      ];
      const [shows, seasonIds] = await Promise.all([
        repo.showsByIds(showIds),
        seasons.length ? repo.seasonIdsOf(seasons.map((s) => s.showId)) : new Map<string, number>(),
      ]);
      const toShow = showShape(q.full);
      const toEpisode = episodeShape(q.full);
      const out = [];
      for (const s of scored) {
        const show = shows.get(s.show_id);
        if (show)
          out.push({
            rated_at: traktInstant(s.updated_at)!,
            rating: s.score!,
            type: 'show' as const,
            show: toShow(show),
          });
      }
      for (const s of seasons) {
        const show = shows.get(s.showId);
        if (show)
          out.push({
            rated_at: traktInstant(s.ratedAt)!,
            rating: s.rating,
            type: 'season' as const,
            season: toTraktSeason(
              s.seasonNumber,
              seasonIds.get(`${s.showId}:${s.seasonNumber}`) ?? null,
            ),
            show: toShow(show),
          });
      }
      for (const e of episodes) {
        const show = shows.get(e.show_id);
        if (show)
          out.push({
            rated_at: traktInstant(e.updated_at)!,
            rating: e.rating,
            type: 'episode' as const,
            episode: toEpisode(e),
            show: toShow(show),
          });
      }
      return out.sort((a, b) => (a.rated_at < b.rated_at ? 1 : a.rated_at > b.rated_at ? -1 : 0));
    },

    /** POST /sync/ratings: 1–10; anything else, or an unknown item, comes back as not found. */
    async rate(userId: number, body: TraktSyncBody) {
      assertDates(body, 'rated_at');
      const { targets, notFound } = await resolveSyncBody(body, deps);
      const added = counts();
      const mine = new Map(
        (await repo.episodeRatings(userId)).map((r) => [r.id, r.review_id] as const),
      );
      for (const t of targets) {
        const rating = t.raw.rating;
        if (t.level === 'show') {
          if (!validRating(rating)) {
            // A show sent only to carry its seasons is not itself a rating.
            if (rating !== undefined || !t.raw.seasons?.length) notFound.shows.push(t.raw);
            continue;
          }
          const item = await itemFor(userId, t.show.id);
          if (item) await tracking.update(userId, item.id, { score: rating });
          // Ratings without invention (ADR 110): a rating alone tracks the show, status from
          // the member's history (Plan to Watch when they watched nothing).
          else await tracking.create(userId, { showId: t.show.id, score: rating });
          added.shows++;
        } else if (t.level === 'season') {
          const ok =
            validRating(rating) &&
            (await seasonRatings.rate(userId, {
              showId: t.show.id,
              seasonNumber: t.season,
              rating,
              ratedAt: t.raw.rated_at ?? t.outer.rated_at ?? null,
            }));
          if (ok) added.seasons++;
          else notFound.seasons.push(t.raw);
        } else {
          if (!validRating(rating)) {
            notFound.episodes.push(t.raw);
            continue;
          }
          const existing = mine.get(t.episode.id);
          if (existing !== undefined)
            await episodeReviews.updateEpisodeReview({ id: userId }, existing, { rating });
          else {
            const at = t.raw.rated_at ?? t.outer.rated_at;
            const created = await episodeReviews.createEpisodeReview(
              { id: userId },
              { episodeId: t.episode.id, rating, isSpoiler: false },
              at ? { at: new Date(Date.parse(at)).toISOString() } : {},
            );
            mine.set(t.episode.id, created.id);
          }
          added.episodes++;
        }
      }
      return { added, not_found: notFound };
    },

    /** POST /sync/ratings/remove. */
    async unrate(userId: number, body: TraktSyncBody) {
      const { targets, notFound } = await resolveSyncBody(body, deps);
      const deleted = counts();
      const mine = new Map((await repo.episodeRatings(userId)).map((r) => [r.id, r] as const));
      for (const t of targets) {
        if (t.level === 'show') {
          if (t.raw.seasons?.length) continue;
          const item = await itemFor(userId, t.show.id);
          if (item && item.score !== null) {
            await tracking.update(userId, item.id, { score: null });
            deleted.shows++;
          } else notFound.shows.push(t.raw);
        } else if (t.level === 'season') {
          if (await seasonRatings.unrate(userId, t.show.id, t.season)) deleted.seasons++;
          else notFound.seasons.push(t.raw);
        } else {
          const review = mine.get(t.episode.id);
          // An episode review with words keeps them: only a bare rating is removed.
          if (review && !review.content?.trim()) {
            await episodeReviews.removeEpisodeReview({ id: userId }, review.review_id);
            deleted.episodes++;
          } else notFound.episodes.push(t.raw);
        }
      }
      return { deleted, not_found: { ...emptyNotFound(), ...notFound } };
    },
  };
}

export type TraktSyncLists = ReturnType<typeof createTraktSyncLists>;

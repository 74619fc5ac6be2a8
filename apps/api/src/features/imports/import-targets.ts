import {
  createEpisodeReviewSchema,
  createReviewSchema,
  listLimits,
} from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';
import type { ListsService } from '../lists/lists.service';
import type { EpisodeReviewsService } from '../reviews/episode-reviews.service';
import type { ReviewsService } from '../reviews/reviews.service';
import type { SeasonRatingsService } from '../reviews/season-ratings.service';
import type { SocialService } from '../social/social.service';
import type { ImportTargets } from './imports.service';

/**
 * Where the lists and reviews of an imported file go: through the lists and reviews services,
 * so their rules (limits, one review per show, counters, events) hold for imported rows too.
 */
export function createImportTargets(deps: {
  lists: Pick<ListsService, 'mine' | 'create'>;
  reviews: Pick<ReviewsService, 'create'>;
  episodeReviews: Pick<EpisodeReviewsService, 'createEpisodeReview'>;
  seasonRatings: Pick<SeasonRatingsService, 'rate'>;
  social: Pick<SocialService, 'follow'>;
  /** A member's id by username (social's lookup, passed by the composition root). */
  people: { idByUsername(username: string): Promise<number | null> };
}): Required<ImportTargets> {
  const { lists, reviews, episodeReviews, seasonRatings, social, people } = deps;
  return {
    // Season ratings: one per season (a re-import sets the same figure again), dated as in
    // the file, never announced; a season the catalogue does not have is counted.
    seasonRatings: async (userId, ratings) => {
      let created = 0;
      let unmatched = 0;
      for (const r of ratings) {
        const ok = await seasonRatings.rate(
          userId,
          { showId: r.showId, seasonNumber: r.season, rating: r.rating, ratedAt: r.at },
          { imported: true },
        );
        if (ok) created++;
        else unmatched++;
      }
      return { created, skipped: { seasonRatingsUnmatched: unmatched } };
    },
    // Episode ratings: private, dated as in the file, never announced; one per episode, so a
    // re-import (or a rating the member already gave) is counted, not doubled.
    episodeRatings: async (userId, ratings) => {
      const skipped = { episodeRatingsExisting: 0, episodeRatingsInvalid: 0 };
      let created = 0;
      for (const r of ratings) {
        const draft = createEpisodeReviewSchema.safeParse({
          episodeId: r.episodeId,
          rating: r.rating,
        });
        if (!draft.success) {
          skipped.episodeRatingsInvalid++;
          continue;
        }
        try {
          await episodeReviews.createEpisodeReview({ id: userId }, draft.data, {
            at: r.at,
            imported: true,
          });
          created++;
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 409) skipped.episodeRatingsExisting++;
          else throw err;
        }
      }
      return { created, skipped };
    },
    // Follows of our own export: the same members again, by username, dated as in the file
    // and never announced. Someone who left, oneself, or a block either way is counted.
    follows: async (userId, follows) => {
      const skipped = { followsUnknown: 0, followsRefused: 0 };
      let created = 0;
      for (const f of follows) {
        const id = await people.idByUsername(f.username);
        if (id === null) {
          skipped.followsUnknown++;
          continue;
        }
        try {
          const at = f.followedAt ?? new Date(0).toISOString();
          await social.follow(userId, id, { at, imported: true });
          created++;
        } catch (err) {
          if (err instanceof AppError && err.statusCode < 500) skipped.followsRefused++;
          else throw err;
        }
      }
      return { created, skipped };
    },
    // Imported lists: private, ranked as in the file, dated as in the file; a list whose
    // name the member already has is not created again (re-imports add nothing).
    lists: async (userId, imported) => {
      const names = new Set<string>();
      for (let offset = 0; ; offset += 100) {
        const page = await lists.mine(userId, { limit: 100, offset });
        for (const l of page.data) names.add(l.name.trim().toLowerCase());
        if (!page.hasMore) break;
      }
      let created = 0;
      for (const l of imported) {
        const name = l.name.trim().slice(0, listLimits.nameMax) || 'Imported list';
        if (names.has(name.toLowerCase())) continue;
        const seen = new Set<number>();
        const items = l.items
          .filter((i) => !seen.has(i.showId) && seen.add(i.showId))
          .slice(0, listLimits.createItemsMax)
          .map((i, n) => ({
            showId: i.showId,
            position: n + 1,
            ...(i.note ? { notes: i.note.slice(0, listLimits.notesMax) } : {}),
          }));
        await lists.create(
          userId,
          {
            name,
            ...(l.description
              ? { description: l.description.slice(0, listLimits.descriptionMax) }
              : {}),
            isPublic: false,
            isRanked: true,
            items,
          },
          { at: l.createdAt, imported: true },
        );
        names.add(name.toLowerCase());
        created++;
      }
      return created;
    },
    // Imported reviews: private until published, dated as in the file. One review per show
    // (a re-import finds it there); a text our rules refuse, or one with no rating at all, is
    // counted, not bent into shape.
    reviews: async (userId, imported) => {
      const skipped = { reviewsExisting: 0, reviewsInvalid: 0, reviewsWithoutRating: 0 };
      let created = 0;
      for (const r of imported) {
        if (r.rating === null) {
          skipped.reviewsWithoutRating++;
          continue;
        }
        const text = r.text.trim();
        const firstLine = text.split(/\r?\n/, 1)[0]!.trim();
        const title =
          r.title?.trim() ||
          (firstLine.length <= 80
            ? firstLine
            : `${firstLine.slice(0, 77).replace(/\s+\S*$/, '')}…`);
        const draft = createReviewSchema.safeParse({
          showId: r.showId,
          title,
          content: text,
          rating: Math.round(r.rating * 2) / 2,
          isSpoiler: r.spoiler,
          isPublic: false,
        });
        if (!draft.success) {
          skipped.reviewsInvalid++;
          continue;
        }
        try {
          await reviews.create({ id: userId }, draft.data, { at: r.createdAt, imported: true });
          created++;
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 409) skipped.reviewsExisting++;
          else throw err;
        }
      }
      return { created, skipped };
    },
  };
}

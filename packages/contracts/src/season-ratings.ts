import { z } from 'zod';
import { seasonRatingMessages } from './constants';

/**
 * Season ratings (issue 29, ADR 180): a member rates one season of a show 1–10; the show page
 * shows their rating and the community's average per season, the profile lists them.
 */
const m = seasonRatingMessages;

export const seasonRatingBodySchema = z.object({
  rating: z
    .number({ error: m.ratingInvalid })
    .int(m.ratingInvalid)
    .min(1, m.ratingInvalid)
    .max(10, m.ratingInvalid),
});
export type SeasonRatingBody = z.infer<typeof seasonRatingBodySchema>;

/** Season numbers in URLs: 0 is the specials. */
export const seasonNumberParam = z.coerce
  .number({ error: m.seasonInvalid })
  .int(m.seasonInvalid)
  .min(0, m.seasonInvalid)
  .max(10_000, m.seasonInvalid);

/** One season's community figures and, signed in, the viewer's own rating. */
export const seasonRatingSummarySchema = z.object({
  seasonNumber: z.number().int(),
  /** Mean of every member's rating, one decimal; null when nobody rated it. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** The viewer's rating; null when they have not rated it or are not signed in. */
  mine: z.number().int().nullable(),
});
export type SeasonRatingSummary = z.infer<typeof seasonRatingSummarySchema>;

export const showSeasonRatingsSchema = z.object({
  showId: z.number().int(),
  /** Only seasons someone rated (or the viewer rated), by season number. */
  seasons: z.array(seasonRatingSummarySchema),
});
export type ShowSeasonRatings = z.infer<typeof showSeasonRatingsSchema>;

/** A rating on a member's profile. */
export const profileSeasonRatingSchema = z.object({
  show: z.object({
    id: z.number().int(),
    title: z.string(),
    coverImageUrl: z.string().nullable(),
  }),
  seasonNumber: z.number().int(),
  rating: z.number().int(),
  ratedAt: z.string(),
});
export type ProfileSeasonRating = z.infer<typeof profileSeasonRatingSchema>;

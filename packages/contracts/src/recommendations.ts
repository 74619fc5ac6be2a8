import { z } from 'zod';
import { pageSchema } from './common';
import { showSummarySchema } from './shows';

/** "Recommendations for you" (issue 29, ADR 183): limits, shapes and visible strings. */
export const recommendationLimits = {
  pageDefault: 30,
  pageMax: 60,
  /** Picks kept per member by the job. */
  stored: 60,
} as const;

export const recommendationMessages = {
  homeRow: (title: string) => `Because you watched ${title}`,
  pageTitle: 'Recommendations for you',
  notInterested: 'Not interested',
  dismissed: (title: string) => `${title} will not be suggested again`,
  undo: 'Undo',
  empty: 'Track a few shows and picks made for you appear here.',
  emptyAfterDismiss: 'No picks left for now. Track more shows to get new ones.',
  showIdInvalid: 'Choose a show',
} as const;

/** One pick: the show and the tracked show that brought it ("Because you watched X"). */
export const recommendationSchema = z.object({
  show: showSummarySchema,
  because: z.object({ id: z.number().int(), title: z.string() }),
  /** The recommender's score; only the order means anything. */
  score: z.number(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendationPageSchema = pageSchema(recommendationSchema).extend({
  /** When the member's picks were last computed (null: never yet). */
  computedAt: z.string().nullable(),
});
export type RecommendationPage = z.infer<typeof recommendationPageSchema>;

export const dismissRecommendationSchema = z.object({
  showId: z.coerce
    .number({ error: recommendationMessages.showIdInvalid })
    .int(recommendationMessages.showIdInvalid)
    .min(1, recommendationMessages.showIdInvalid)
    .max(2_147_483_647, recommendationMessages.showIdInvalid),
});
export type DismissRecommendation = z.infer<typeof dismissRecommendationSchema>;

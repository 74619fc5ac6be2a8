import { z } from 'zod';
import { pageSchema } from './common';
import { showSummarySchema } from './shows';
import { recommendationMessages } from './constants';

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

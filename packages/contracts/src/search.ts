import { z } from 'zod';
import { publicUserSchema } from './auth';
import { reviewSearchResultSchema } from './reviews';
import { showSummarySchema } from './shows';

/** A show in search results, with how well it matched (higher is better). */
export const rankedShowSchema = showSummarySchema.extend({ relevanceScore: z.number() });
export type RankedShow = z.infer<typeof rankedShowSchema>;

/** A member in search results: public profile fields only, never an email. */
export const userResultSchema = publicUserSchema.extend({ relevanceScore: z.number() });
export type UserResult = z.infer<typeof userResultSchema>;

/** GET /search: shows, people and public reviews at once. */
export const globalSearchSchema = z.object({
  query: z.string(),
  shows: z.array(rankedShowSchema),
  users: z.array(userResultSchema),
  reviews: z.array(reviewSearchResultSchema),
});
export type GlobalSearch = z.infer<typeof globalSearchSchema>;

export const rankedShowListSchema = z.object({ data: z.array(rankedShowSchema) });
export const userResultListSchema = z.object({ data: z.array(userResultSchema) });

/** One remembered search of the signed-in member. */
export const searchHistoryItemSchema = z.object({
  id: z.number().int(),
  query: z.string(),
  createdAt: z.string(),
});
export type SearchHistoryItem = z.infer<typeof searchHistoryItemSchema>;
export const searchHistorySchema = z.object({ data: z.array(searchHistoryItemSchema) });

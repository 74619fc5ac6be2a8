import { z } from 'zod';
import { publicUserSchema } from './auth';
import { reviewSearchResultSchema } from './reviews';
import { showSummarySchema } from './shows';
import { pageSchema } from './common';

/** A show in search results, with how well it matched (higher is better). */
export const rankedShowSchema = showSummarySchema.extend({ relevanceScore: z.number() });
export type RankedShow = z.infer<typeof rankedShowSchema>;

/** A member in search results: public profile fields only, never an email. */
export const userResultSchema = publicUserSchema.extend({ relevanceScore: z.number() });
export type UserResult = z.infer<typeof userResultSchema>;

/**
 * Whether the catalogue's source (TVmaze) was asked for a show search (issue 18):
 * `searched`: its answer is merged in (asked now or recently); `pending`: it was slow, the
 * answer is local and shows it adds appear on the next search; `unavailable`: it cannot be
 * reached, the answer holds local results only; `skipped`: not needed (the local answer was
 * enough, a later page) or not configured.
 */
export const remoteSearchStateSchema = z.enum(['searched', 'pending', 'unavailable', 'skipped']);
export type RemoteSearchState = z.infer<typeof remoteSearchStateSchema>;

/** GET /search: shows, people and public reviews at once. */
export const globalSearchSchema = z.object({
  query: z.string(),
  shows: z.array(rankedShowSchema),
  users: z.array(userResultSchema),
  reviews: z.array(reviewSearchResultSchema),
  remote: remoteSearchStateSchema,
});
export type GlobalSearch = z.infer<typeof globalSearchSchema>;

export const rankedShowListSchema = z.object({
  data: z.array(rankedShowSchema),
  remote: remoteSearchStateSchema,
});
/** GET /search/shows: a page of ranked shows. */
export const rankedShowPageSchema = pageSchema(rankedShowSchema).extend({
  remote: remoteSearchStateSchema,
});
/** GET /search/advanced: browse filters plus text (remote is `skipped` without text). */
export const showSearchPageSchema = pageSchema(showSummarySchema).extend({
  remote: remoteSearchStateSchema,
});
export const userResultListSchema = z.object({ data: z.array(userResultSchema) });

/** One remembered search of the signed-in member. */
export const searchHistoryItemSchema = z.object({
  id: z.number().int(),
  query: z.string(),
  createdAt: z.string(),
});
export type SearchHistoryItem = z.infer<typeof searchHistoryItemSchema>;
export const searchHistorySchema = z.object({ data: z.array(searchHistoryItemSchema) });

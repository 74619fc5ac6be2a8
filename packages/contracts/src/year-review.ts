import { z } from 'zod';

/** Year in review (issue 29, ADR 180): one member's viewing year on their own clock. */
export const yearReviewMessages = {
  yearInvalid: 'Year must be between 1900 and 2100',
  userNotFound: 'User not found',
  loadFailed: 'Could not load this year in review.',
  empty: 'Nothing watched this year yet.',
  copied: 'Link copied',
} as const;

export const yearParamSchema = z.object({
  year: z.coerce
    .number({ error: yearReviewMessages.yearInvalid })
    .int(yearReviewMessages.yearInvalid)
    .min(1900, yearReviewMessages.yearInvalid)
    .max(2100, yearReviewMessages.yearInvalid),
});

const named = z.object({ name: z.string(), episodes: z.number().int(), minutes: z.number() });
const watch = z
  .object({
    at: z.string(),
    showId: z.number().int(),
    showTitle: z.string(),
    seasonNumber: z.number().int().nullable(),
    episodeNumber: z.number().int().nullable(),
  })
  .nullable();

export const yearReviewSchema = z.object({
  year: z.number().int(),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    displayName: z.string().nullable(),
  }),
  /** The owner's saved time zone when the owner asks; null for others (it is theirs). */
  timeZone: z.string().nullable(),
  /** Years the member has plays in, newest first (for the year picker). */
  years: z.array(z.number().int()),
  plays: z.number().int(),
  episodes: z.number().int(),
  minutes: z.number(),
  hours: z.number(),
  shows: z.number().int(),
  topShows: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      coverImageUrl: z.string().nullable(),
      episodes: z.number().int(),
      minutes: z.number(),
    }),
  ),
  topGenres: z.array(named),
  /** Plays per month, January first, on the member's clock. */
  byMonth: z.array(z.number().int()),
  busiestDay: z.object({ day: z.string(), episodes: z.number().int() }).nullable(),
  busiestMonth: z.object({ month: z.number().int(), episodes: z.number().int() }).nullable(),
  longestStreak: z.object({
    days: z.number().int(),
    start: z.string().nullable(),
    end: z.string().nullable(),
  }),
  firstWatch: watch,
  lastWatch: watch,
  reviewsWritten: z.number().int(),
  listsCreated: z.number().int(),
});
export type YearReview = z.infer<typeof yearReviewSchema>;

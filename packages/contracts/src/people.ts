import { z } from 'zod';
import { pageSchema } from './common';
import { publicUserSchema } from './auth';
import { isTimeZone } from './calendar';

/** People: profiles, follows, blocks, activity and statistics (issue 11, ADR 090). */

export const peopleMessages = {
  userNotFound: 'User not found',
  timeZoneInvalid: 'Time zone must be an IANA time zone name such as Europe/Berlin',
  profileNotFound: "The user profile you're looking for doesn't exist.",
  privateProfile: 'This profile is private',
  cannotFollowSelf: 'You cannot follow yourself',
  cannotBlockSelf: 'You cannot block yourself',
  blocked: 'You cannot follow this member',
  blockedActivity: 'You cannot see this member’s activity',
  blockedComment: 'You cannot comment on this member’s reviews',
  /** Moderation (ADR 151): a blocked member cannot like, follow or copy the blocker's things. */
  blockedLike: 'You cannot like this member’s reviews or comments',
  blockedList: 'You cannot follow or copy this member’s lists',
  compareCount: 'Compare 2 to 4 members',
  compareDuplicate: 'Name each member once',
  yearInvalid: 'Year must be between 1900 and 2100',
  periodInvalid: 'Period must be week, month, year or all',
} as const;

/** Every paged endpoint of people accepts `limit` up to this. */
export const peopleLimits = { pageMax: 50, pageDefault: 20, compareMin: 2, compareMax: 4 };

/** The smallest view of a member, for cards, feeds and lists of people. */
export const userRefSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRefSchema>;

/** GET /users/username/{username}: public fields and counters (counters show on private profiles too). */
export const profileUserSchema = publicUserSchema.extend({
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  /** Public reviews only. */
  reviewsCount: z.number().int(),
  /** Public lists only. */
  listsCount: z.number().int(),
  /** Shows on the member's watchlist. */
  showsCount: z.number().int(),
  /** For a signed-in viewer: whether they follow this member. */
  isFollowing: z.boolean().optional(),
  /** For a signed-in viewer: whether they block this member. */
  isBlocked: z.boolean().optional(),
  /** True when the viewer may not see watchlist, favourites, activity and stats (private profile). */
  detailsHidden: z.boolean(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;
export const profileResponseSchema = z.object({ user: profileUserSchema });

/** A member in lists of people (followers, following, members, search), with the viewer's follow state. */
export const personSchema = userRefSchema.extend({
  bio: z.string().nullable(),
  isPublic: z.boolean(),
  createdAt: z.string(),
  followersCount: z.number().int(),
  /** Present for a signed-in viewer. */
  isFollowing: z.boolean().optional(),
  relevanceScore: z.number().optional(),
});
export type Person = z.infer<typeof personSchema>;
export const personPageSchema = pageSchema(personSchema);

export const followStatsSchema = z.object({
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  isFollowing: z.boolean(),
  /** Spec §3 name of `isFollowing`. */
  isFollowedByCurrentUser: z.boolean(),
});
export type FollowStats = z.infer<typeof followStatsSchema>;
export const followStatusSchema = z.object({ isFollowing: z.boolean() });

export const blockSchema = z.object({ user: userRefSchema, blockedAt: z.string() });
export const blockPageSchema = pageSchema(blockSchema);
export const blockStatusSchema = z.object({ isBlocked: z.boolean() });

export const activityActions = [
  'watched',
  /** An episode already watched, watched again ("Watch again", a media server's play). */
  'rewatched',
  'completed',
  'added',
  'rated',
  'reviewed',
  'episode_reviewed',
  'list_created',
  'list_updated',
  'followed',
] as const;
export type ActivityAction = (typeof activityActions)[number];

/** Spec §3 Activity item, live. */
export const activityItemSchema = z.object({
  id: z.number().int(),
  action: z.enum(activityActions),
  createdAt: z.string(),
  user: userRefSchema,
  show: z
    .object({ id: z.number().int(), title: z.string(), coverImageUrl: z.string().nullable() })
    .nullable(),
  /** The one episode, when the entry is about one. */
  episode: z
    .object({
      id: z.number().int(),
      seasonNumber: z.number().int().nullable(),
      episodeNumber: z.number().int().nullable(),
      title: z.string().nullable(),
    })
    .nullable(),
  /** Episodes in a batched 'watched' entry (1 for a single one). */
  episodeCount: z.number().int(),
  rating: z.number().nullable(),
  /** Review title or excerpt, or the list's name. */
  content: z.string().nullable(),
  reviewId: z.number().int().nullable(),
  list: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  targetUser: userRefSchema.nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** Feeds are endless: no total (counting a million rows per page is not worth it), just hasMore. */
export const feedScopes = ['following', 'community'] as const;
export const feedPageSchema = z.object({
  /** Whose activity: the people the viewer follows, or the whole community (anonymous visitors). */
  scope: z.enum(feedScopes),
  data: z.array(activityItemSchema),
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;
export const activityPageSchema = pageSchema(activityItemSchema);

const count = z.number().int();
const named = z.object({ name: z.string(), episodes: count, minutes: count });

/** Library counts with TV-native labels, and the legacy manga-era aliases (spec §2 Library Stats). */
export const libraryStatsSchema = z.object({
  total: count,
  watching: count,
  completed: count,
  planToWatch: count,
  onHold: count,
  dropped: count,
  /** Legacy aliases of the old client: reading = watching, finished = completed. */
  animeWatching: count,
  animeCompleted: count,
  mangaReading: count,
  mangaCompleted: count,
});

/** GET /stats/me, /stats/users/{id}, /users/{id}/stats: a member's viewing, all time or one year (UTC). */
export const personalStatsSchema = z.object({
  userId: z.number().int(),
  year: z.number().int().nullable(),
  /** Years with watched episodes, newest first (for the year picker). */
  years: z.array(count),
  /** Distinct episodes played in the period (ADR 130). */
  episodesWatched: count,
  /** Every play in the period: first watches and rewatches. */
  plays: count,
  /** Plays of an episode the member had played before. */
  rewatches: count,
  /** Minutes of every play (a rewatch is viewing time too). */
  minutesWatched: count,
  hoursWatched: z.number(),
  showsCompleted: count,
  library: libraryStatsSchema,
  /** 12 entries, January first: plays. */
  byMonth: z.array(count),
  /** 7 entries, Monday first. */
  byWeekday: z.array(count),
  /** 24 entries, hour 0 (of `timeZone`) first. */
  byHour: z.array(count),
  /** 7 × 24: weekday (Monday first) by hour. */
  heatmap: z.array(z.array(count)),
  /**
   * The clock months, weekdays, hours, the heat map and streak days are counted on (ADR 176):
   * the member's saved calendar time zone, so a profile reads the same for every viewer and
   * agrees with the member's calendar; `tz` of the request (else UTC) only when none is saved.
   * Named only to the member themself (a zone says where someone lives): null for others.
   */
  timeZone: z.string().nullable(),
  topGenres: z.array(named),
  topNetworks: z.array(named),
  /** Watchlist scores 1..10: index 0 is score 1. */
  ratingDistribution: z.array(count),
  averageScore: z.number().nullable(),
  longestStreak: z.object({
    days: count,
    start: z.string().nullable(),
    end: z.string().nullable(),
  }),
  /** Public reviews and lists written (own stats include private ones). */
  reviewsWritten: count,
  listsCreated: count,
});
export type PersonalStats = z.infer<typeof personalStatsSchema>;
export const statsYearQuerySchema = z.object({
  year: z.coerce
    .number({ error: peopleMessages.yearInvalid })
    .int(peopleMessages.yearInvalid)
    .min(1900, peopleMessages.yearInvalid)
    .max(2100, peopleMessages.yearInvalid)
    .optional(),
  /**
   * The time zone months, weekdays, hours and the heat map are counted in when the member has
   * no saved calendar time zone (issue 22; ADR 176: a saved zone wins). UTC when absent.
   */
  tz: z
    .string()
    .max(64, peopleMessages.timeZoneInvalid)
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, peopleMessages.timeZoneInvalid)
    .refine(isTimeZone, peopleMessages.timeZoneInvalid)
    .optional(),
});

export const compareUsersBodySchema = z.object({
  usernames: z
    .array(z.string().trim().min(1).max(60), { error: peopleMessages.compareCount })
    .min(peopleLimits.compareMin, peopleMessages.compareCount)
    .max(peopleLimits.compareMax, peopleMessages.compareCount)
    .refine(
      (names) => new Set(names.map((n) => n.toLowerCase())).size === names.length,
      peopleMessages.compareDuplicate,
    ),
});
export type CompareUsersBody = z.infer<typeof compareUsersBodySchema>;
export const compareUsersSchema = z.object({
  users: z.array(
    userRefSchema.extend({
      showsCount: count,
      episodesWatched: count,
      hoursWatched: z.number(),
      averageScore: z.number().nullable(),
      topGenres: z.array(z.string()),
    }),
  ),
  /** Shows on every compared member's watchlist. */
  showsInCommon: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      coverImageUrl: z.string().nullable(),
      /** Each member's score, in the order of `users`. */
      scores: z.array(z.number().int().nullable()),
    }),
  ),
  showsInCommonCount: count,
  /** 0-100 from score differences on shows all of them scored; null when none. */
  ratingAgreement: z.number().nullable(),
  ratedInCommon: count,
  /** Genres in every member's top ten. */
  sharedGenres: z.array(z.string()),
});
export type CompareUsers = z.infer<typeof compareUsersSchema>;

export const statsPeriods = ['week', 'month', 'year', 'all'] as const;
export type StatsPeriod = (typeof statsPeriods)[number];
export const statsPeriodQuerySchema = z.object({
  period: z.enum(statsPeriods, { error: peopleMessages.periodInvalid }).default('month'),
});

export const genreStatsSchema = z.object({
  data: z.array(
    z.object({ genre: z.string(), shows: count, members: count, episodesWatched: count }),
  ),
});
export const platformStatsSchema = z.object({
  period: z.enum(statsPeriods),
  since: z.string().nullable(),
  newUsers: count,
  episodesWatched: count,
  showsAdded: count,
  showsCompleted: count,
  follows: count,
  activeUsers: count,
});
export const contentStatsSchema = z.object({
  totalShows: count,
  totalEpisodes: count,
  byStatus: z.array(z.object({ status: z.string(), shows: count })),
  byKind: z.array(z.object({ kind: z.string(), shows: count })),
  topNetworks: z.array(z.object({ name: z.string(), shows: count })),
  topGenres: z.array(z.object({ name: z.string(), shows: count })),
});
export const engagementStatsSchema = z.object({
  totalUsers: count,
  activeUsers7d: count,
  activeUsers30d: count,
  averageWatchlistSize: z.number(),
  totalFollows: count,
  totalEpisodesWatched: count,
  totalWatchlistItems: count,
  totalFavorites: count,
});
export const showStatsSchema = z.object({
  showId: z.number().int(),
  members: count,
  byStatus: z.object({
    watching: count,
    completed: count,
    planToWatch: count,
    onHold: count,
    dropped: count,
  }),
  favorites: count,
  averageScore: z.number().nullable(),
  scoreDistribution: z.array(count),
  episodesWatched: count,
});
export const trendPointSchema = z.object({
  bucket: z.string(),
  episodesWatched: count,
  added: count,
});
export const showTrendsSchema = z.object({
  showId: z.number().int(),
  period: z.enum(statsPeriods),
  granularity: z.enum(['day', 'month']),
  data: z.array(trendPointSchema),
});
export const timeframes = ['day', 'week', 'month', 'year'] as const;
export const timeStatsSchema = z.object({
  timeframe: z.enum(timeframes),
  granularity: z.enum(['hour', 'day', 'month']),
  data: z.array(
    z.object({ bucket: z.string(), episodesWatched: count, newUsers: count, added: count }),
  ),
});

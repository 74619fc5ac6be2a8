import { z } from 'zod';
import { servicesFilterQuerySchema } from './watch';
import { pageSchema } from './common';
import { showKinds, showSorts, showStatuses } from './constants';

export { searchLimits, showKinds, showSorts, showStatuses } from './constants';

/** A show as lists and cards need it (spec §3 Show). */
export const showSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  titleEnglish: z.string().nullable(),
  titleJapanese: z.string().nullable(),
  titleOriginal: z.string().nullable(),
  kind: z.enum(showKinds),
  coverImageUrl: z.string().nullable(),
  coverThumbUrl: z.string().nullable(),
  backdropImageUrl: z.string().nullable(),
  status: z.enum(showStatuses),
  /**
   * Set when `status` is 'unknown' only because our copy of the record is old (ADR 120): the
   * status the source gave and the day it was valid, e.g. airing as of 2020-04-05.
   */
  lastKnownStatus: z.object({ status: z.enum(showStatuses), asOf: z.string() }).nullable(),
  episodes: z.number().int().nullable(),
  seasons: z.number().int().nullable(),
  genres: z.array(z.string()),
  synopsis: z.string().nullable(),
  /**
   * The synopsis again, under the name older clients read (spec §3: "synopsis (also
   * description)"). Sent on the show page only: lists and search results would carry every
   * synopsis twice. Read `synopsis`.
   */
  description: z.string().nullable().optional(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  averageRating: z.number().nullable(),
  totalUsers: z.number().int(),
  totalReviews: z.number().int(),
  network: z.string().nullable(),
  relevanceScore: z.number().optional(),
});
export type ShowSummary = z.infer<typeof showSummarySchema>;

export const externalIdsSchema = z.object({
  tvmaze: z.number().int().nullable(),
  imdb: z.string().nullable(),
  tvdb: z.number().int().nullable(),
  tmdb: z.number().int().nullable(),
  mal: z.number().int().nullable(),
  anilist: z.number().int().nullable(),
  anidb: z.number().int().nullable(),
  bangumi: z.number().int().nullable(),
});

/** GET /api/shows/{id}: everything the show page shows. */
export const showDetailSchema = showSummarySchema.extend({
  description: z.string().nullable(),
  alternativeTitles: z.array(z.string()),
  director: z.string().nullable(),
  language: z.string().nullable(),
  country: z.string().nullable(),
  format: z.string().nullable(),
  streamingService: z.string().nullable(),
  runtimeMinutes: z.number().int().nullable(),
  schedule: z
    .object({
      days: z.array(z.string()),
      time: z.string().nullable(),
      timezone: z.string().nullable(),
    })
    .nullable(),
  officialSite: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  source: z.string(),
  externalIds: externalIdsSchema,
  watchLinks: z.array(z.object({ site: z.string(), title: z.string(), url: z.string() })),
  episodesComplete: z.boolean(),
  seasonList: z.array(
    z.object({
      number: z.number().int(),
      episodeCount: z.number().int().nullable(),
      premiereDate: z.string().nullable(),
      endDate: z.string().nullable(),
    }),
  ),
  metadataSyncedAt: z.string().nullable(),
  attribution: z.string(),
  /**
   * Where the page's `averageRating` comes from (ADR 070): `members` once at least three
   * members rated the show (public review ratings, plus watchlist scores of members who did not
   * review it), else `catalogue` (the catalogue's rating, or null). Absent on older servers.
   */
  ratingSource: z.enum(['members', 'catalogue']).optional(),
  /** How many members' ratings the members' average is made of. */
  memberRatingCount: z.number().int().optional(),
  /** The catalogue's own rating, whatever `averageRating` shows. */
  catalogueRating: z.number().nullable().optional(),
});
export type ShowDetail = z.infer<typeof showDetailSchema>;

export const episodeSchema = z.object({
  id: z.number().int(),
  showId: z.number().int(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  type: z.enum(['regular', 'special']),
  title: z.string().nullable(),
  overview: z.string().nullable(),
  airDate: z.string().nullable(),
  airStamp: z.string().nullable(),
  runtime: z.number().int().nullable(),
  stillPath: z.string().nullable(),
  stillThumbPath: z.string().nullable(),
  voteAverage: z.number().nullable(),
  voteCount: z.number().int().nullable(),
});
export type Episode = z.infer<typeof episodeSchema>;

/**
 * GET /api/episodes/{id}. `retired`: the catalogue no longer lists this episode; it is kept (and
 * its page still answers) because watch history points at it, but no list or total includes it.
 */
/** A neighbouring episode on an episode page (Previous / Next episode). */
export const episodeLinkSchema = z.object({
  id: z.number().int(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  title: z.string().nullable(),
});
export type EpisodeLink = z.infer<typeof episodeLinkSchema>;

export const episodeWithShowSchema = episodeSchema.extend({
  show: showSummarySchema,
  retired: z.boolean(),
  /**
   * The live episodes before and after this one in the Episodes tab's order
   * (`compareEpisodes`: seasons in order, specials last); null at either end.
   */
  previousEpisode: episodeLinkSchema.nullable(),
  nextEpisode: episodeLinkSchema.nullable(),
});
export type EpisodeWithShow = z.infer<typeof episodeWithShowSchema>;

const yearSchema = z.coerce.number().int().min(1900).max(2100);

/** Filters of GET /api/shows and /api/search/advanced. */
export const showFiltersSchema = z.object({
  genre: z.string().trim().min(1).max(50).optional(),
  status: z.enum(showStatuses).optional(),
  kind: z.enum(showKinds).optional(),
  yearFrom: yearSchema.optional(),
  yearTo: yearSchema.optional(),
  minRating: z.coerce.number().min(0).max(10).optional(),
  sort: z.enum(showSorts).default('popular'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  // "On my services" (ADR 182): browse and search within the member's streaming services.
  ...servicesFilterQuerySchema.shape,
});
export type ShowFilters = z.infer<typeof showFiltersSchema>;

export const globalStatsSchema = z.object({
  totalShows: z.number().int(),
  totalUsers: z.number().int(),
  totalReviews: z.number().int(),
  totalLists: z.number().int(),
  totalFavorites: z.number().int(),
  averageRating: z.number().nullable(),
  recentActivity: z.object({ newLists: z.number().int(), newUsers: z.number().int() }),
});
export type GlobalStats = z.infer<typeof globalStatsSchema>;

/** Lists of shows that are not paged (similar, recommendations, popular). */
export const showListSchema = z.object({ data: z.array(showSummarySchema) });

/** Trending shows and what the ranking was based on (ADR 041). */
export const trendingResponseSchema = z.object({
  data: z.array(showSummarySchema),
  /** `activity`: members' tracking in the last week; `catalogue`: catalogue popularity. */
  basis: z.enum(['activity', 'catalogue']),
});
export type TrendingResponse = z.infer<typeof trendingResponseSchema>;

export const genresResponseSchema = z.object({ data: z.array(z.string()) });

export const showPageSchema = pageSchema(showSummarySchema);
export const genrePageSchema = showPageSchema.extend({ genre: z.string() });

/** A show with the episodes it airs on the day asked for. */
export const airingShowSchema = showSummarySchema.extend({
  airingEpisodes: z.array(episodeSchema),
});
export type AiringShow = z.infer<typeof airingShowSchema>;
export const todayPageSchema = pageSchema(airingShowSchema).extend({ date: z.string() });
export type TodayPage = z.infer<typeof todayPageSchema>;

import { z } from 'zod';
import { traktEpisodeSchema, traktSeasonSchema, traktShowSchema } from './trakt-shapes';

/**
 * The Trakt API v2 sync calls under /trakt/sync (issue 27, ADR 171): request bodies as Trakt
 * apps send them and the answers they read back. Objects are loose where Trakt's are open
 * (an app may send `title`, `year` or fields of its own beside `ids`; `extended=full` adds
 * fields to a show), strict where a wrong type would make the request mean something else.
 */
export const traktSyncLimits = {
  /** Items in one body, all arrays together (a whole library sync fits). */
  itemsMax: 20_000,
} as const;

export const traktSyncMessages = {
  bodyInvalid:
    'The body must be a JSON object of movies, shows, seasons, episodes (and ids) arrays',
  watchedAtInvalid: 'watched_at must be an ISO 8601 date-time or "released"',
  tooMany: `At most ${traktSyncLimits.itemsMax} items in one request`,
  ratingFilterInvalid: 'rating must be whole numbers from 1 to 10, comma separated',
} as const;

const idValue = z
  .union([z.number(), z.string().max(200)])
  .nullable()
  .optional();
const traktIdsInput = z.looseObject({
  trakt: idValue,
  slug: z.string().max(200).nullable().optional(),
  tvdb: idValue,
  imdb: z.string().max(200).nullable().optional(),
  tmdb: idValue,
  tvrage: idValue,
});
const when = z.string().max(64).nullable().optional();
const episodeNumberItem = z.looseObject({
  number: z.number().int(),
  watched_at: when,
  rated_at: when,
  rating: z.unknown().optional(),
});
const seasonNumberItem = z.looseObject({
  number: z.number().int(),
  watched_at: when,
  rated_at: when,
  rating: z.unknown().optional(),
  episodes: z.array(episodeNumberItem).optional(),
});
const mediaItem = z.looseObject({
  ids: traktIdsInput.optional(),
  watched_at: when,
  rated_at: when,
  listed_at: when,
  rating: z.unknown().optional(),
  notes: z.string().max(1000).nullable().optional(),
});
export const traktShowItemSchema = mediaItem.extend({
  seasons: z.array(seasonNumberItem).optional(),
});
export type TraktShowItem = z.infer<typeof traktShowItemSchema>;
export type TraktMediaItem = z.infer<typeof mediaItem>;
export type TraktSeasonNumberItem = z.infer<typeof seasonNumberItem>;
export type TraktEpisodeNumberItem = z.infer<typeof episodeNumberItem>;

/** POST /sync/history, /sync/ratings, /sync/watchlist (and their /remove). */
export const traktSyncBodySchema = z
  .looseObject({
    movies: z.array(z.looseObject({})).optional(),
    shows: z.array(traktShowItemSchema).optional(),
    seasons: z.array(mediaItem).optional(),
    episodes: z.array(mediaItem).optional(),
    /** History removal: play ids. */
    ids: z.array(z.number().int()).optional(),
  })
  .refine(
    (b) =>
      (b.movies?.length ?? 0) +
        (b.shows?.length ?? 0) +
        (b.seasons?.length ?? 0) +
        (b.episodes?.length ?? 0) +
        (b.ids?.length ?? 0) <=
      traktSyncLimits.itemsMax,
    { message: traktSyncMessages.tooMany },
  );
export type TraktSyncBody = z.infer<typeof traktSyncBodySchema>;

// --- answers ---

const instant = z.string();

const stamps = (keys: readonly string[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, instant])) as Record<string, typeof instant>);
export const traktLastActivitiesSchema = z.object({
  all: instant,
  movies: stamps([
    'watched_at',
    'collected_at',
    'rated_at',
    'watchlisted_at',
    'favorited_at',
    'recommendations_at',
    'commented_at',
    'paused_at',
    'hidden_at',
  ]),
  episodes: stamps([
    'watched_at',
    'collected_at',
    'rated_at',
    'watchlisted_at',
    'commented_at',
    'paused_at',
  ]),
  shows: stamps([
    'rated_at',
    'watchlisted_at',
    'favorited_at',
    'recommendations_at',
    'commented_at',
    'hidden_at',
    'dropped_at',
  ]),
  seasons: stamps(['rated_at', 'watchlisted_at', 'commented_at', 'hidden_at']),
  comments: stamps(['liked_at', 'blocked_at']),
  lists: stamps(['liked_at', 'updated_at', 'commented_at']),
  watchlist: stamps(['updated_at']),
  favorites: stamps(['updated_at']),
  recommendations: stamps(['updated_at']),
  collaborations: stamps(['updated_at']),
  account: stamps(['settings_at', 'followed_at', 'following_at', 'pending_at', 'requested_at']),
  saved_filters: stamps(['updated_at']),
  notes: stamps(['updated_at']),
});
export type TraktLastActivities = z.infer<typeof traktLastActivitiesSchema>;

export const traktWatchedShowSchema = z.object({
  plays: z.number().int(),
  last_watched_at: instant,
  last_updated_at: instant,
  reset_at: instant.nullable(),
  show: traktShowSchema,
  seasons: z
    .array(
      z.object({
        number: z.number().int(),
        episodes: z.array(
          z.object({ number: z.number().int(), plays: z.number().int(), last_watched_at: instant }),
        ),
      }),
    )
    .optional(),
});
export const traktWatchedSchema = z.array(traktWatchedShowSchema);

export const traktHistoryEntrySchema = z.object({
  id: z.number().int(),
  watched_at: instant,
  action: z.enum(['watch', 'scrobble', 'checkin']),
  type: z.literal('episode'),
  episode: traktEpisodeSchema,
  show: traktShowSchema,
});
export const traktHistorySchema = z.array(traktHistoryEntrySchema);

export const traktWatchlistEntrySchema = z.object({
  rank: z.number().int(),
  id: z.number().int(),
  listed_at: instant,
  notes: z.string().nullable(),
  type: z.literal('show'),
  show: traktShowSchema,
});
export const traktWatchlistSchema = z.array(traktWatchlistEntrySchema);

export const traktRatingEntrySchema = z.object({
  rated_at: instant,
  rating: z.number().int(),
  type: z.enum(['show', 'season', 'episode']),
  show: traktShowSchema,
  season: traktSeasonSchema.optional(),
  episode: traktEpisodeSchema.optional(),
});
export const traktRatingsSchema = z.array(traktRatingEntrySchema);

const echoes = z.array(z.unknown());
const notFound = z.object({
  movies: echoes,
  shows: echoes,
  seasons: echoes,
  episodes: echoes,
  people: echoes.optional(),
  ids: z.array(z.number()).optional(),
});
const counts = (keys: readonly string[]) =>
  z.object(
    Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<string, z.ZodNumber>,
  );
export const traktHistoryAddedSchema = z.object({
  added: counts(['movies', 'episodes']),
  not_found: notFound,
});
export const traktHistoryDeletedSchema = z.object({
  deleted: counts(['movies', 'episodes']),
  not_found: notFound,
});
export const traktListAddedSchema = z.object({
  added: counts(['movies', 'shows', 'seasons', 'episodes']),
  existing: counts(['movies', 'shows', 'seasons', 'episodes']).optional(),
  not_found: notFound,
  list: z.object({ updated_at: instant, item_count: z.number().int() }).optional(),
});
export const traktListDeletedSchema = z.object({
  deleted: counts(['movies', 'shows', 'seasons', 'episodes']),
  not_found: notFound,
  list: z.object({ updated_at: instant, item_count: z.number().int() }).optional(),
});
export type TraktNotFound = z.infer<typeof notFound>;

import { z } from 'zod';
import { watchStatuses } from './constants';

export const trackingMessages = {
  statusInvalid: 'Status must be one of want_to_watch, watching, completed, paused, dropped',
  scoreInvalid: 'Score must be a whole number from 1 to 10',
  progressInvalid: 'Progress must be a whole number of episodes, 0 or more',
  alreadyTracked: 'This show is already in your watchlist',
  alreadyFavorite: 'This show is already one of your favorites',
  notTracked: 'This show is not in your watchlist',
  notFavorite: 'This show is not one of your favorites',
  itemNotFound: 'Watchlist item not found',
  showNotFound: 'Show not found',
  episodeNotFound: 'Episode not found',
  bulkTarget: 'Give either season or upToEpisodeId, not both',
  timestampInvalid: 'Use an ISO 8601 date-time',
} as const;

const status = z.enum(watchStatuses, { error: trackingMessages.statusInvalid });
const score = z
  .number({ error: trackingMessages.scoreInvalid })
  .int(trackingMessages.scoreInvalid)
  .min(1, trackingMessages.scoreInvalid)
  .max(10, trackingMessages.scoreInvalid)
  .nullable();
const progress = z
  .number({ error: trackingMessages.progressInvalid })
  .int(trackingMessages.progressInvalid)
  .min(0, trackingMessages.progressInvalid)
  .max(100_000, trackingMessages.progressInvalid);
const timestamp = z.iso
  .datetime({ offset: true, error: trackingMessages.timestampInvalid })
  .nullable();

export const createWatchlistItemSchema = z.object({
  showId: z.number().int().positive(),
  /**
   * Omitted: the server picks — watching when the viewer has watched episodes of the show
   * (history survives removal), completed when those finish it, plan to watch otherwise.
   */
  status: status.optional(),
  score: score.optional(),
  progress: progress.optional(),
});
export type CreateWatchlistItem = z.infer<typeof createWatchlistItemSchema>;

export const updateWatchlistItemSchema = z
  .object({
    status: status.optional(),
    score: score.optional(),
    progress: progress.optional(),
    startedAt: timestamp.optional(),
    completedAt: timestamp.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type UpdateWatchlistItem = z.infer<typeof updateWatchlistItemSchema>;

export const watchlistShowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  titleEnglish: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  status: z.string(),
  episodes: z.number().int().nullable(),
  averageRating: z.number().nullable(),
  description: z.string().nullable(),
});

export const nextEpisodeSchema = z.object({
  id: z.number().int(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  title: z.string().nullable(),
  airDate: z.string().nullable(),
  /** Unwatched and protected for this member (ADR 181): the web shows "Episode N" instead. */
  spoiler: z.boolean().optional(),
});

/** Spec §3 Watchlist item. */
export const watchlistItemSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  showId: z.number().int(),
  status: z.enum(watchStatuses),
  progress: z.number().int(),
  score: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  lastWatchedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The watch-through the member is on (1 for the first; "Rewatch" starts the next, ADR 130). */
  run: z.number().int().optional(),
  show: watchlistShowSchema,
});
export type WatchlistItem = z.infer<typeof watchlistItemSchema>;

export const episodeProgressSchema = z.object({
  episodeId: z.number().int(),
  watched: z.boolean(),
  watchedAt: z.string().nullable(),
});

/** POST /api/episodes/{id}/progress: the episode's new state and the show's watchlist item. */
export const episodeProgressResultSchema = episodeProgressSchema.extend({
  item: watchlistItemSchema.nullable(),
});
export type EpisodeProgressResult = z.infer<typeof episodeProgressResultSchema>;

export const showProgressSchema = z.object({
  showId: z.number().int(),
  data: z.array(z.object({ episodeId: z.number().int(), watchedAt: z.string() })),
  watchedCount: z.number().int(),
  /** Regular episodes that have aired, as far as the catalogue knows. */
  airedCount: z.number().int(),
  /** Of those, how many the viewer has watched ("N of M watched" is watchedAiredCount of airedCount). */
  watchedAiredCount: z.number().int(),
  item: watchlistItemSchema.nullable(),
  /**
   * The member's next episode by the up-next rule (ADR 009: the live regular episode after the
   * furthest watched one), aired or not; null when caught up. The Episodes tab opens its season.
   */
  nextEpisodeId: z.number().int().nullable(),
});
export type ShowProgress = z.infer<typeof showProgressSchema>;

export const bulkProgressSchema = z
  .object({
    season: z.number().int().min(0).max(10_000).optional(),
    upToEpisodeId: z.number().int().positive().optional(),
    watched: z.boolean().default(true),
    /** false: regular episodes only ('Mark all n aired episodes as watched' on completing). */
    includeSpecials: z.boolean().default(true),
  })
  .refine((v) => v.season === undefined || v.upToEpisodeId === undefined, {
    message: trackingMessages.bulkTarget,
    path: ['season'],
  });

/** Result of a bulk mark: how many episodes changed, and the item as it now is. */
export const bulkProgressResultSchema = z.object({
  changed: z.number().int(),
  item: watchlistItemSchema.nullable(),
});
export type BulkProgressResult = z.infer<typeof bulkProgressResultSchema>;

export const favoriteSchema = z.object({
  id: z.number().int(),
  showId: z.number().int(),
  createdAt: z.string(),
  show: watchlistShowSchema,
});

export const upNextEntrySchema = z.object({
  item: watchlistItemSchema,
  episode: nextEpisodeSchema,
});
export type UpNextEntry = z.infer<typeof upNextEntrySchema>;

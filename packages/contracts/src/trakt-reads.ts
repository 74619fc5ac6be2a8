import { z } from 'zod';
import { traktEpisodeSchema, traktShowSchema } from './trakt-shapes';

/**
 * Answers of the Trakt API v2-compatible catalogue and member reads (issue 27, ADR 172).
 * Objects are loose: `extended=full` adds Trakt's keys to the minimal shapes.
 */

export const traktSearchTypes = ['movie', 'show', 'episode', 'person', 'list'] as const;
export const traktIdTypes = ['trakt', 'imdb', 'tmdb', 'tvdb', 'tvrage'] as const;
/** Trakt answers at most this many days of a calendar. */
export const traktCalendarMaxDays = 33;

export const traktProgressSchema = z.object({
  aired: z.number().int(),
  completed: z.number().int(),
  last_watched_at: z.string().nullable(),
  reset_at: z.string().nullable(),
  seasons: z.array(
    z.object({
      number: z.number().int(),
      title: z.string().nullable(),
      aired: z.number().int(),
      completed: z.number().int(),
      episodes: z.array(
        z.object({
          number: z.number().int(),
          completed: z.boolean(),
          last_watched_at: z.string().nullable(),
        }),
      ),
    }),
  ),
  hidden_seasons: z.array(z.unknown()),
  next_episode: traktEpisodeSchema.nullable(),
  last_episode: traktEpisodeSchema.nullable(),
});

export const traktSearchResultSchema = z.object({
  type: z.enum(['show', 'episode']),
  score: z.number().nullable(),
  show: traktShowSchema,
  episode: traktEpisodeSchema.optional(),
});

export const traktCalendarEntrySchema = z.object({
  first_aired: z.string(),
  episode: traktEpisodeSchema,
  show: traktShowSchema,
});

export const traktSettingsSchema = z.looseObject({
  user: z.looseObject({
    username: z.string(),
    private: z.boolean(),
    name: z.string().nullable(),
    vip: z.boolean(),
    ids: z.object({ slug: z.string() }),
    joined_at: z.string().nullable(),
  }),
  account: z.looseObject({ timezone: z.string() }),
});

const counts = z.record(z.string(), z.number());
export const traktStatsSchema = z.object({
  movies: counts,
  shows: counts,
  seasons: counts,
  episodes: counts,
  network: counts,
  ratings: z.object({ total: z.number().int(), distribution: counts }),
});

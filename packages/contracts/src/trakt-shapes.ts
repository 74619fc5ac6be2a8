import { z } from 'zod';

/**
 * The show, season and episode objects every Trakt-compatible answer carries (issues 27,
 * ADRs 170-172). Objects are loose: `extended=full` adds Trakt's keys to the minimal shapes.
 */
export const traktShowIdsSchema = z.object({
  trakt: z.number().int(),
  slug: z.string(),
  tvdb: z.number().int().nullable(),
  imdb: z.string().nullable(),
  tmdb: z.number().int().nullable(),
  tvrage: z.number().int().nullable(),
});
/** A show, minimal or extended. */
export const traktShowSchema = z.looseObject({
  title: z.string(),
  year: z.number().int().nullable(),
  ids: traktShowIdsSchema,
});
/** An episode, minimal or extended. */
export const traktEpisodeSchema = z.looseObject({
  season: z.number().int(),
  number: z.number().int(),
  title: z.string().nullable(),
  ids: z.object({
    trakt: z.number().int(),
    tvdb: z.number().int().nullable(),
    imdb: z.string().nullable(),
    tmdb: z.number().int().nullable(),
    tvrage: z.number().int().nullable(),
  }),
});
/** A season, minimal or extended (`extended=episodes` adds its episodes). */
export const traktSeasonSchema = z.looseObject({
  number: z.number().int(),
  ids: z.object({
    trakt: z.number().int().nullable(),
    tvdb: z.number().int().nullable(),
    tmdb: z.number().int().nullable(),
    tvrage: z.number().int().nullable(),
  }),
  episodes: z.array(traktEpisodeSchema).optional(),
});

import { z } from 'zod';

/** The bundled catalogue file (docs/catalog-format.md, a copy of the catalogue build's SCHEMA.md; schemaVersion 1). Checked before import. */
const nullableString = z.string().nullable();
const nullableInt = z.number().int().nullable();

export const catalogEpisodeSchema = z.object({
  id: z.string().min(1),
  season: nullableInt,
  number: nullableInt,
  type: z.enum(['regular', 'special']),
  typeRaw: nullableString,
  title: nullableString,
  overview: nullableString,
  airDate: nullableString,
  airStamp: nullableString,
  runtimeMinutes: nullableInt,
  stillUrl: nullableString,
  stillThumbUrl: nullableString,
  rating: z.number().nullable(),
  voteCount: nullableInt,
  url: nullableString,
});

export const catalogShowSchema = z.object({
  id: z.string().min(1),
  source: z.string().min(1),
  sourceUrl: nullableString,
  kind: z.enum(['series', 'anime']),
  format: nullableString,
  externalIds: z.object({
    tvmaze: nullableInt,
    tmdb: nullableInt,
    imdb: nullableString,
    tvdb: nullableInt,
    tvrage: nullableInt,
    mal: nullableInt,
    anilist: nullableInt,
    anidb: nullableInt,
    bangumi: nullableInt,
  }),
  title: z.string().min(1),
  titleEnglish: nullableString,
  titleOriginal: nullableString,
  titleAlternatives: z.array(z.string()),
  language: nullableString,
  languageCode: nullableString,
  country: nullableString,
  status: z.enum(['airing', 'completed', 'upcoming', 'tbd', 'unknown']),
  statusRaw: nullableString,
  statusAsOf: nullableString,
  genres: z.array(z.string()),
  synopsis: nullableString,
  firstAirDate: nullableString,
  firstAirStamp: nullableString,
  lastAirDate: nullableString,
  seasonCount: nullableInt,
  episodeCount: nullableInt,
  network: z.object({ name: z.string(), country: nullableString }).nullable(),
  streamingService: nullableString,
  runtimeMinutes: nullableInt,
  schedule: z
    .object({ days: z.array(z.string()), time: nullableString, timezone: nullableString })
    .nullable(),
  broadcast: nullableString,
  officialSite: nullableString,
  posterUrl: nullableString,
  posterThumbUrl: nullableString,
  backdropUrl: nullableString,
  rating: z.number().nullable(),
  ratingCount: nullableInt,
  watchLinks: z.array(z.unknown()),
  episodesComplete: z.boolean(),
  episodesAsOf: nullableString,
  episodes: z.array(catalogEpisodeSchema),
});

export const catalogFileSchema = z.object({
  schemaVersion: z.literal(1),
  generatedAt: z.string(),
  attribution: z.string(),
  shows: z.array(catalogShowSchema),
});

export type CatalogFile = z.infer<typeof catalogFileSchema>;
export type CatalogShow = z.infer<typeof catalogShowSchema>;
export type CatalogEpisode = z.infer<typeof catalogEpisodeSchema>;

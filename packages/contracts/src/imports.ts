import { z } from 'zod';

/** Sources an import can read (detected by content; `source` on the upload overrides). */
export const importSources = ['trakt', 'tvtime', 'mal', 'imdb', 'simkl', 'series-tracker'] as const;
export type ImportSource = (typeof importSources)[number];

export const importSourceLabels: Record<ImportSource, string> = {
  trakt: 'Trakt export (ZIP)',
  tvtime: 'TV Time GDPR export',
  mal: 'MyAnimeList XML',
  imdb: 'IMDb CSV',
  simkl: 'Simkl backup (JSON)',
  'series-tracker': 'Series Tracker export (JSON)',
};

export const importStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** Upload limit of POST /api/imports (bytes). */
export const importMaxBytes = 200 * 1024 * 1024;
/** Unmatched rows kept in a report (the rest are counted). */
export const importMaxUnmatchedRows = 500;
/** Version of the JSON export (GET /api/users/me/export?format=json). */
/** Version of the JSON export (GET /api/users/me/export?format=json); 2 adds held history. */
export const exportSchemaVersion = 2;

export const importMessages = {
  fileMissing: 'Choose a file to import',
  fileTooLarge: 'The file is larger than 200 MB',
  sourceInvalid: `Source must be one of ${importSources.join(', ')}`,
  running: 'An import is already running for your account; wait for it to finish',
  notFound: 'Import not found',
  rowNotFound: 'That row is not in the report',
  rowApplied: 'That row has already been applied',
  showNotFound: 'Show not found',
  unknownFormat:
    'We could not recognise this file. Upload a Trakt export ZIP, a TV Time GDPR export, a MyAnimeList XML export, an IMDb CSV, a Simkl backup or a Series Tracker export.',
  empty: 'The file holds nothing to import',
  formatInvalid: 'Export format must be json or csv',
  uploadGone: 'The uploaded file is no longer available; upload it again',
  valueTooLong: 'A value in the file is longer than 1 MB; nothing was imported',
  compressionBomb:
    'The file looks like a compression bomb (it expands more than 200 times); nothing was imported',
  expandsTooMuch: 'The file expands to more than 1 GB; nothing was imported',
  jsonTooLarge: 'The JSON file is larger than 64 MB once unpacked; nothing was imported',
} as const;

/** Caps on what an uploaded file may expand to (ADR 150); the messages above name them. */
export const importCaps = {
  /** One field / line / XML text run. */
  maxValueBytes: 1024 * 1024,
  /** A JSON document parsed whole (Simkl, Trakt members, a reformatted own export). */
  maxJsonBytes: 64 * 1024 * 1024,
  /** Everything a lone .gz or a ZIP inflates to. */
  maxExpandedBytes: 1024 * 1024 * 1024,
  /** Inflated / compressed, checked once past 1 MB inflated. */
  maxRatio: 200,
} as const;

const showRef = z.object({
  title: z.string().nullable(),
  year: z.number().int().nullable(),
  /** External ids the file carried (tvdb, imdb, tmdb, mal, trakt, slug…). */
  ids: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ImportShowRef = z.infer<typeof showRef>;

export const unmatchedRowSchema = z.object({
  /** Position in the report: POST /api/imports/:id/rows/:index applies this row. */
  index: z.number().int(),
  kind: z.enum(['show', 'episode']),
  show: showRef,
  /** For episode rows: what the file said. */
  season: z.number().int().nullable(),
  episode: z.number().int().nullable(),
  /** Plays, ratings and flags carried by the row (what applying it adds). */
  plays: z.number().int(),
  reason: z.string(),
  /** Set once the row was applied to a show picked by the user. */
  appliedShowId: z.number().int().nullable(),
});
export type UnmatchedRow = z.infer<typeof unmatchedRowSchema>;

export const importReportSchema = z.object({
  shows: z.object({
    matched: z.number().int(),
    added: z.number().int(),
    unmatched: z.number().int(),
  }),
  episodes: z.object({
    marked: z.number().int(),
    /** Plays the account already had (the same episode at the same instant): not added again. */
    alreadyWatched: z.number().int(),
    /** Plays kept beyond an episode's first watch: rewatches (ADR 130). Absent in old reports. */
    rewatches: z.number().int().optional(),
    held: z.number().int(),
    unmatched: z.number().int(),
  }),
  ratings: z.number().int(),
  watchlist: z.number().int(),
  favorites: z.number().int(),
  lists: z.number().int(),
  reviews: z.number().int(),
  /** Members followed again (our own export's follows; absent in reports made before). */
  follows: z.number().int().optional(),
  /** What the file held that we do not import, by kind (movies, people, manga, seasonRatings…). */
  skipped: z.record(z.string(), z.number().int()),
  /** Notes about how the file was read (e.g. TV Time times taken as UTC). */
  notes: z.array(z.string()),
  unmatchedRows: z.array(unmatchedRowSchema),
  /** Unmatched rows beyond the first 500 (counted, not listed). */
  unmatchedRowsOmitted: z.number().int(),
  /** MyAnimeList counts kept as held counts (mapping uncertain); absent in older reports. */
  heldCounts: z.number().int().optional(),
  /** Episode ratings imported as private episode ratings; absent in older reports. */
  episodeRatings: z.number().int().optional(),
  /** Season ratings imported (Trakt's ratings-seasons.json, our export); absent in older reports. */
  seasonRatings: z.number().int().optional(),
  /** Held history of this import per show (first 200 shows); absent in older reports. */
  heldShows: z
    .array(
      z.object({
        showId: z.number().int(),
        title: z.string(),
        watches: z.number().int(),
        count: z.number().int().nullable(),
        reason: z.enum(['no-episode-list', 'episodes-missing', 'count-uncertain']),
      }),
    )
    .optional(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importSchema = z.object({
  id: z.string(),
  status: z.enum(importStatuses),
  source: z.enum(importSources).nullable(),
  fileName: z.string().nullable(),
  progress: z.object({ done: z.number(), total: z.number(), message: z.string().nullable() }),
  report: importReportSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

export const importIdParamsSchema = z.object({
  id: z.uuid({ error: importMessages.notFound }),
});

export const applyRowSchema = z.object({
  showId: z.number({ error: importMessages.showNotFound }).int().positive(),
});
export type ApplyRow = z.infer<typeof applyRowSchema>;

export const exportFormats = ['json', 'csv'] as const;
export const exportQuerySchema = z.object({
  format: z.enum(exportFormats, { error: importMessages.formatInvalid }).default('json'),
});

/**
 * Why history is held rather than marked (issue 19): the show has no episode list yet, its
 * partial list lacks these episodes, or a MyAnimeList count cannot be mapped onto its seasons
 * with certainty.
 */
export const heldReasons = ['no-episode-list', 'episodes-missing', 'count-uncertain'] as const;
export type HeldReason = (typeof heldReasons)[number];

export const heldReasonText: Record<HeldReason, { why: string; resolves: string }> = {
  'no-episode-list': {
    why: "This show's episode list has not arrived from TVmaze yet.",
    resolves: 'Marked as watched automatically when the episode list arrives.',
  },
  'episodes-missing': {
    why: "These episodes are not in the show's episode list yet (the list is incomplete).",
    resolves: 'Marked as watched automatically when TVmaze lists them; nothing is lost meanwhile.',
  },
  'count-uncertain': {
    why: "MyAnimeList keeps only a count of watched episodes, and this show's seasons do not map onto it with certainty.",
    resolves:
      'Kept as a count, never put on guessed episodes. Applied when the show has one complete season; or mark the episodes yourself.',
  },
};

export const heldWatchSchema = z.object({
  season: z.number().int().nullable(),
  number: z.number().int().nullable(),
  airDate: z.string().nullable(),
  watchedAt: z.string(),
});
export type HeldWatch = z.infer<typeof heldWatchSchema>;

export const heldShowSchema = z.object({
  show: z.object({
    id: z.number().int(),
    title: z.string(),
    year: z.number().int().nullable(),
    posterUrl: z.string().nullable(),
  }),
  /** Held watches (one per episode), in episode order. */
  watches: z.array(heldWatchSchema),
  watchesReason: z.enum(heldReasons).nullable(),
  /** A held MyAnimeList count: `watched` episodes, dated when the file gave a date. */
  count: z.object({ watched: z.number().int(), watchedAt: z.string().nullable() }).nullable(),
  reasons: z.array(
    z.object({ reason: z.enum(heldReasons), why: z.string(), resolves: z.string() }),
  ),
});
export type HeldShow = z.infer<typeof heldShowSchema>;

export const heldPageSchema = z.object({
  data: z.array(heldShowSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
  /** Held watches and held counts of the whole account. */
  totals: z.object({ watches: z.number().int(), counts: z.number().int() }),
});
export type HeldPage = z.infer<typeof heldPageSchema>;

export const heldQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

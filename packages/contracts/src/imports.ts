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
export const exportSchemaVersion = 1;

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
    alreadyWatched: z.number().int(),
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

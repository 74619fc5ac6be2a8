import {
  importMaxUnmatchedRows,
  type Import,
  type ImportReport,
  type ImportSource,
  type UnmatchedRow,
} from '@series-tracker/contracts';
import type { ShowAgg } from './collect';
import type { ShowRef } from './import-records';
import type { ImportsRepository } from './imports.repository';

/** An unmatched row as stored: with what the file said, so it can be applied later. */
export interface StoredRow extends UnmatchedRow {
  agg: ShowAgg;
}

export interface StoredReport extends Omit<ImportReport, 'unmatchedRows'> {
  unmatchedRows: StoredRow[];
}

export const emptyReport = (): StoredReport => ({
  shows: { matched: 0, added: 0, unmatched: 0 },
  episodes: { marked: 0, alreadyWatched: 0, held: 0, unmatched: 0 },
  ratings: 0,
  watchlist: 0,
  favorites: 0,
  lists: 0,
  reviews: 0,
  skipped: {},
  notes: [],
  unmatchedRows: [],
  unmatchedRowsOmitted: 0,
});

export function addUnmatched(
  report: StoredReport,
  row: Omit<StoredRow, 'index' | 'appliedShowId'>,
) {
  if (row.kind === 'show') report.shows.unmatched++;
  else report.episodes.unmatched++;
  if (report.unmatchedRows.length >= importMaxUnmatchedRows) {
    report.unmatchedRowsOmitted++;
    return;
  }
  report.unmatchedRows.push({ ...row, index: report.unmatchedRows.length, appliedShowId: null });
}

/** The ids a member may see (our catalogue key stays inside). */
export const publicIds = (ref: ShowRef) =>
  Object.fromEntries(Object.entries(ref.ids).filter(([k]) => k !== 'sourceId')) as Record<
    string,
    string | number
  >;

/** An import row as the API shows it: the stored rows without what the file said. */
export function toImport(
  row: NonNullable<Awaited<ReturnType<ImportsRepository['findImport']>>>,
  progress: Import['progress'],
): Import {
  const stored = row.report ? (JSON.parse(row.report) as StoredReport) : null;
  return {
    id: row.id,
    status: row.status as Import['status'],
    source: (row.source as ImportSource | null) ?? null,
    fileName: row.file_name,
    progress,
    report: stored
      ? {
          ...stored,
          unmatchedRows: stored.unmatchedRows.map(({ agg: _agg, ...rest }) => rest),
        }
      : null,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

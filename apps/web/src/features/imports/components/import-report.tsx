import { heldReasonText, type Import, type UnmatchedRow } from '@series-tracker/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorReason } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useApplyRow } from '../api/imports';
import { ShowPicker } from './show-picker';

const skippedLabels: Record<string, string> = {
  movies: 'Movies',
  people: 'People',
  manga: 'Manga',
  // Reports of imports made before every play was kept (ADR 130).
  rewatches: 'Rewatches (this import kept only the first watch date)',
  duplicatePlays: 'Plays listed twice in the file',
  episodeRatings: 'Episode ratings',
  episodeRatingsUnmatched: 'Episode ratings without a matching episode',
  episodeRatingsExisting: 'Episode ratings you had already given',
  episodeRatingsInvalid: 'Unreadable episode ratings',
  episodeRatingsOverLimit: 'Episode ratings beyond 200,000 in one file',
  movieAggregates: 'Movie totals (the movies are counted above)',
  seasonRatings: 'Season ratings',
  seasonRatingsUnmatched: 'Season ratings of a season the catalogue does not have',
  episodes: 'Episode rows (no progress in this file)',
  otherTitles: 'Other title types',
  comments: 'Comments',
  lists: 'Lists',
  reviews: 'Reviews',
  listItemsUnmatched: 'List items without a matching show',
  reviewsUnmatched: 'Reviews without a matching show',
  follows: 'Follows',
  followsUnknown: 'Follows of members who left',
  followsRefused: 'Follows refused (blocked, or yourself)',
  unreadableRows: 'Unreadable rows',
};

/** One figure of the report; none for a figure this kind of file does not have (undefined). */
function Count({ label, value }: { label: string; value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <div className="rounded-lg border border-slate-800 bg-slate-900/60 px-3 py-2">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold text-white tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

function Ids({ row }: { row: UnmatchedRow }) {
  const entries = Object.entries(row.show.ids).filter(([k]) => k !== 'slug');
  if (!entries.length) return <>none</>;
  return (
    <>
      {entries.map(([k, v], i) => (
        <span key={k} className="whitespace-nowrap">
          {k} {v}
          {i < entries.length - 1 ? ', ' : ''}
        </span>
      ))}
    </>
  );
}

/** On a phone each row is a card: the cell names itself (the table head is hidden). */
function CellLabel({ children }: { children: string }) {
  return <span className="mr-1 text-xs text-slate-400 sm:hidden">{children}:</span>;
}

function UnmatchedRowView({ row, importId }: { row: UnmatchedRow; importId: string }) {
  const [picking, setPicking] = useState(false);
  const apply = useApplyRow(importId);
  const label =
    row.kind === 'episode'
      ? `${row.show.title ?? 'Untitled'} S${row.season ?? '?'}E${row.episode ?? '?'}`
      : (row.show.title ?? 'Untitled');
  return (
    <tr className="block border-t border-slate-800 py-2 align-top sm:table-row sm:py-0">
      <td
        dir="auto"
        className="block py-0.5 pr-3 font-medium text-slate-100 sm:table-cell sm:py-2 sm:font-normal"
      >
        {label}
      </td>
      <td className="block py-0.5 pr-3 text-slate-300 tabular-nums sm:table-cell sm:py-2">
        <CellLabel>Year</CellLabel>
        {row.show.year ?? '—'}
      </td>
      <td className="block py-0.5 pr-3 text-xs text-slate-400 sm:table-cell sm:py-2">
        <CellLabel>Ids</CellLabel>
        <Ids row={row} />
      </td>
      <td className="block py-0.5 pr-3 text-slate-300 sm:table-cell sm:py-2">
        <CellLabel>Reason</CellLabel>
        {row.reason}
      </td>
      <td className="block pt-1.5 sm:table-cell sm:py-2">
        {row.appliedShowId !== null ? (
          <span className="text-sm text-emerald-300">Applied</span>
        ) : picking ? (
          <>
            <ShowPicker
              initialQuery={row.show.title ?? ''}
              busy={apply.isPending}
              onCancel={() => setPicking(false)}
              onPick={(show) =>
                apply.mutate(
                  { index: row.index, showId: show.id },
                  { onSuccess: () => setPicking(false) },
                )
              }
            />
            {apply.isError ? (
              <p role="alert" className="mt-1 text-xs text-rose-300">
                Could not apply: {errorReason(apply.error)}.
              </p>
            ) : null}
          </>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
            Pick show
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The report of a finished import: counts, notes, what was skipped, every unmatched row. */
export function ImportReport({ value }: { value: Import }) {
  const report = value.report;
  if (!report) return null;
  const skipped = Object.entries(report.skipped).filter(([, n]) => n > 0);
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label="Shows matched" value={report.shows.matched} />
        <Count label="Shows added from TVmaze" value={report.shows.added} />
        <Count label="Shows not found" value={report.shows.unmatched} />
        <Count label="Episodes marked" value={report.episodes.marked} />
        <Count label="Already watched" value={report.episodes.alreadyWatched} />
        <Count label="Rewatches kept" value={report.episodes.rewatches ?? 0} />
        <Count label="Episodes held" value={report.episodes.held} />
        <Count label="Episodes not found" value={report.episodes.unmatched} />
        <Count label="Ratings" value={report.ratings} />
        <Count label="Added to watchlist" value={report.watchlist} />
        <Count label="Favorites" value={report.favorites} />
        <Count label="Lists" value={report.lists} />
        <Count label="Reviews" value={report.reviews} />
        <Count label="Episode ratings (private)" value={report.episodeRatings} />
        <Count label="Season ratings" value={report.seasonRatings} />
        <Count label="Episode counts held" value={report.heldCounts} />
        <Count label="Members followed" value={report.follows} />
      </dl>
      {report.notes.length ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-300">
          {report.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {skipped.length ? (
        <div>
          <h4 className="text-sm font-semibold text-white">Not imported</h4>
          <ul className="mt-1 flex flex-wrap gap-2 text-sm text-slate-300">
            {skipped.map(([k, n]) => (
              <li key={k} className="rounded-md bg-slate-800/70 px-2 py-1">
                {skippedLabels[k] ?? k}: <span className="tabular-nums">{formatCount(n)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.heldShows?.length ? (
        <div>
          <h4 className="text-sm font-semibold text-white">Held until they can be placed</h4>
          <p className="mt-1 text-xs text-slate-400">
            Kept, not lost: these are marked by themselves when the episodes arrive. Held history
            below lists every one.
          </p>
          <ul className="mt-2 divide-y divide-slate-800 text-sm">
            {report.heldShows.map((h) => (
              <li key={h.showId} className="py-1.5">
                <span dir="auto" className="font-medium text-slate-100">
                  {h.title}
                </span>
                <span className="text-slate-300 tabular-nums">
                  {' '}
                  —{' '}
                  {[
                    h.watches
                      ? `${formatCount(h.watches)} ${h.watches === 1 ? 'watch' : 'watches'}`
                      : null,
                    h.count !== null ? `a count of ${formatCount(h.count)} episodes` : null,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </span>
                <span className="block text-xs text-slate-400">{heldReasonText[h.reason].why}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h4 className="text-sm font-semibold text-white">Rows we could not place</h4>
        {report.unmatchedRows.length === 0 ? (
          <p className="mt-1 text-sm text-slate-400">Every row found its show.</p>
        ) : (
          <div className="mt-2">
            <table className="block w-full text-left text-sm sm:table">
              <thead className="hidden text-xs text-slate-400 sm:table-header-group">
                <tr>
                  <th className="py-1 pr-3 font-medium">Show</th>
                  <th className="py-1 pr-3 font-medium">Year</th>
                  <th className="py-1 pr-3 font-medium">Ids</th>
                  <th className="py-1 pr-3 font-medium">Reason</th>
                  <th className="py-1 font-medium">Fix</th>
                </tr>
              </thead>
              <tbody className="block sm:table-row-group">
                {report.unmatchedRows.map((row) => (
                  <UnmatchedRowView key={row.index} row={row} importId={value.id} />
                ))}
              </tbody>
            </table>
            {report.unmatchedRowsOmitted ? (
              <p className="mt-2 text-xs text-slate-400">
                {formatCount(report.unmatchedRowsOmitted)} more rows could not be placed; only the
                first 500 are listed.
              </p>
            ) : null}
          </div>
        )}
      </div>
    </div>
  );
}

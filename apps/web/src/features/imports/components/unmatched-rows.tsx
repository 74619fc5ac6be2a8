import { importMaxUnmatchedRows, type Import, type UnmatchedRow } from '@series-tracker/contracts';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '@/components/ui/button';
import { errorReason } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useApplyRow } from '../api/imports';
import { ShowPicker } from './show-picker';

/** An unknown year; the same in every language. */
const noYear = '—';

/** The table's columns; on a phone each cell names itself with the same words. */
const columns = defineMessages({
  show: { id: 'imports.column.show', defaultMessage: 'Show' },
  year: { id: 'imports.column.year', defaultMessage: 'Year' },
  ids: { id: 'imports.column.ids', defaultMessage: 'Ids' },
  reason: { id: 'imports.column.reason', defaultMessage: 'Reason' },
  fix: { id: 'imports.column.fix', defaultMessage: 'Fix' },
});

/** The row's ids as the file gave them ("tvdb 9999, imdb tt0001"): codes, not words. */
function Ids({ row }: { row: UnmatchedRow }) {
  const entries = Object.entries(row.show.ids).filter(([k]) => k !== 'slug');
  if (!entries.length) return <FormattedMessage id="imports.idsNone" defaultMessage="none" />;
  const texts = entries.map(([k, v], i) => `${k} ${v}${i < entries.length - 1 ? ', ' : ''}`);
  return (
    <span dir="ltr">
      {texts.map((text) => (
        <span key={text} className="whitespace-nowrap">
          {text}
        </span>
      ))}
    </span>
  );
}

/** On a phone each row is a card: the cell names itself (the table head is hidden). */
function CellLabel({ label }: { label: MessageDescriptor }) {
  const intl = useIntl();
  return (
    <span className="me-1 text-xs text-slate-400 sm:hidden">
      <FormattedMessage
        id="imports.cellLabel"
        defaultMessage="{label}:"
        values={{ label: intl.formatMessage(label) }}
      />
    </span>
  );
}

function UnmatchedRowView({ row, importId }: { row: UnmatchedRow; importId: string }) {
  const intl = useIntl();
  const [picking, setPicking] = useState(false);
  const apply = useApplyRow(importId);
  const title =
    row.show.title ?? intl.formatMessage({ id: 'imports.untitled', defaultMessage: 'Untitled' });
  const label =
    row.kind === 'episode' ? `${title} S${row.season ?? '?'}E${row.episode ?? '?'}` : title;
  return (
    <tr className="block border-t border-slate-800 py-2 align-top sm:table-row sm:py-0">
      <td
        dir="auto"
        className="block py-0.5 pe-3 font-medium text-slate-100 sm:table-cell sm:py-2 sm:font-normal"
      >
        {label}
      </td>
      <td className="block py-0.5 pe-3 text-slate-300 tabular-nums sm:table-cell sm:py-2">
        <CellLabel label={columns.year} />
        {row.show.year ?? noYear}
      </td>
      <td className="block py-0.5 pe-3 text-xs text-slate-400 sm:table-cell sm:py-2">
        <CellLabel label={columns.ids} />
        <Ids row={row} />
      </td>
      <td className="block py-0.5 pe-3 text-slate-300 sm:table-cell sm:py-2">
        <CellLabel label={columns.reason} />
        {/* Written by the server when the file was read. */}
        {row.reason}
      </td>
      <td className="block pt-1.5 sm:table-cell sm:py-2">
        {row.appliedShowId !== null ? (
          <span className="text-sm text-emerald-300">
            <FormattedMessage id="imports.applied" defaultMessage="Applied" />
          </span>
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
                <FormattedMessage
                  id="imports.applyFailed"
                  defaultMessage="Could not apply: {reason}."
                  values={{ reason: errorReason(apply.error) }}
                />
              </p>
            ) : null}
          </>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
            <FormattedMessage id="imports.pickShow" defaultMessage="Pick show" />
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The rows of a report that found no show, each with a way to pick the right one. */
export function UnmatchedRows({ value }: { value: Import }) {
  const intl = useIntl();
  const report = value.report;
  if (!report) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold text-white">
        <FormattedMessage id="imports.unmatchedHeading" defaultMessage="Rows we could not place" />
      </h4>
      {report.unmatchedRows.length === 0 ? (
        <p className="mt-1 text-sm text-slate-400">
          <FormattedMessage id="imports.allMatched" defaultMessage="Every row found its show." />
        </p>
      ) : (
        <div className="mt-2">
          <table className="block w-full text-start text-sm sm:table">
            <thead className="hidden text-xs text-slate-400 sm:table-header-group">
              <tr>
                <th className="py-1 pe-3 font-medium">{intl.formatMessage(columns.show)}</th>
                <th className="py-1 pe-3 font-medium">{intl.formatMessage(columns.year)}</th>
                <th className="py-1 pe-3 font-medium">{intl.formatMessage(columns.ids)}</th>
                <th className="py-1 pe-3 font-medium">{intl.formatMessage(columns.reason)}</th>
                <th className="py-1 font-medium">{intl.formatMessage(columns.fix)}</th>
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
              <FormattedMessage
                id="imports.moreUnmatched"
                defaultMessage="{count, plural, one {# more row could not be placed} other {# more rows could not be placed}}; only the first {limit} are listed."
                values={{
                  count: report.unmatchedRowsOmitted,
                  limit: formatCount(importMaxUnmatchedRows),
                }}
              />
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

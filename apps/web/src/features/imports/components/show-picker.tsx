import type { Page, ShowSummary } from '@series-tracker/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { api, errorReason } from '@/lib/api-client';
import { yearOf } from '@/lib/format';

/** A small show search for fixing an unmatched row: type, then pick a result. */
export function ShowPicker({
  initialQuery,
  onPick,
  onCancel,
  busy,
}: {
  initialQuery: string;
  onPick: (show: ShowSummary) => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const intl = useIntl();
  const [text, setText] = useState(initialQuery);
  const [q, setQ] = useState(initialQuery.trim());
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // The picker opens on a click: the search field takes the focus from the button.
  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery({
    queryKey: ['imports', 'pick', q],
    queryFn: ({ signal }) =>
      api.get<Page<ShowSummary>>('/search/advanced', { params: { q, limit: 6 }, signal }),
    enabled: q.length >= 1,
  });
  return (
    <div className="mt-2 rounded-lg border border-slate-700 bg-slate-950 p-3">
      <label htmlFor={inputId} className="text-xs font-medium text-slate-300">
        <FormattedMessage id="imports.pickerLabel" defaultMessage="Search for the right show" />
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="h-9 min-w-0 flex-1 rounded-md border border-slate-700 bg-slate-900 px-2 text-sm text-white placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-violet-400"
          placeholder={intl.formatMessage({
            id: 'imports.pickerPlaceholder',
            defaultMessage: 'Show title',
          })}
          dir="auto"
          ref={inputRef}
        />
        <Button variant="ghost" size="sm" onClick={onCancel}>
          <FormattedMessage id="imports.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
      {results.isPending && q ? (
        <p className="mt-2 flex items-center gap-2 text-xs text-slate-400">
          <Spinner className="size-3" />
          <FormattedMessage id="imports.searching" defaultMessage="Searching…" />
        </p>
      ) : results.isError ? (
        <p role="alert" className="mt-2 text-xs text-rose-300">
          <FormattedMessage
            id="imports.searchFailed"
            defaultMessage="Could not search: {reason}."
            values={{ reason: errorReason(results.error) }}
          />
        </p>
      ) : results.data && results.data.data.length === 0 ? (
        <p className="mt-2 text-xs text-slate-400">
          <FormattedMessage
            id="imports.noMatches"
            defaultMessage="No shows match “{query}”."
            values={{ query: q }}
          />
        </p>
      ) : (
        <ul className="mt-2 space-y-1">
          {results.data?.data.map((show) => (
            <li key={show.id}>
              <button
                type="button"
                disabled={busy}
                onClick={() => onPick(show)}
                className="flex w-full items-center justify-between gap-2 rounded-md px-2 py-1.5 text-start text-sm text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-50"
              >
                <span className="truncate" dir="auto">
                  {show.title}
                </span>
                <span className="shrink-0 text-xs text-slate-400">
                  {yearOf(show.startDate) ??
                    intl.formatMessage({
                      id: 'imports.yearUnknown',
                      defaultMessage: 'Year unknown',
                    })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

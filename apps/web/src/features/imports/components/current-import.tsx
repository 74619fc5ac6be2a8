import type { Import } from '@series-tracker/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { contractText } from '@/i18n/contract-text';
import { cn } from '@/lib/cn';
import { importSourceLabels, refreshAfterImport, useImport } from '../api/imports';
import { ImportReport } from './import-report';
import { statusLabels } from './import-messages';
import { ImportsQueryState } from './query-state';

function ProgressBar({ value }: { value: Import }) {
  const intl = useIntl();
  const { done, total, message } = value.progress;
  const known = total > 0;
  const pct = known ? Math.min(100, Math.round((done / total) * 100)) : null;
  // The step comes from the server as it works; the status is ours.
  const step = message ?? intl.formatMessage(statusLabels[value.status]);
  return (
    <div>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-slate-200">{step}</span>
        {pct !== null ? (
          <span className="text-slate-400 tabular-nums">
            {intl.formatNumber(pct / 100, { style: 'percent' })}
          </span>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label={intl.formatMessage({
          id: 'imports.progressLabel',
          defaultMessage: 'Import progress',
        })}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(pct !== null ? { 'aria-valuenow': pct } : {})}
        aria-valuetext={step}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-800"
      >
        <div
          className={cn(
            'h-full rounded-full bg-violet-500 transition-[width]',
            pct === null && 'w-1/3 animate-pulse',
          )}
          style={pct !== null ? { width: `${Math.max(pct, 3)}%` } : undefined}
        />
      </div>
    </div>
  );
}

/** The import picked in the address (`?import=`): its progress while it runs, then its report. */
export function CurrentImport({ id }: { id: string }) {
  const intl = useIntl();
  const query = useImport(id);
  const client = useQueryClient();
  const status = query.data?.status;
  const sectionRef = useRef<HTMLElement>(null);
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (status !== 'done' && status !== 'failed') return;
    refreshAfterImport(client);
    // The import just finished (ADR 176): on a phone the report is below the fold, so it is
    // brought into view and focused (a screen reader reads where it landed).
    if (before !== status) {
      const el = sectionRef.current;
      el?.focus({ preventScroll: true });
      el?.scrollIntoView?.({ block: 'start' });
    }
  }, [status, client]);
  if (query.isPending || query.isError)
    return (
      <ImportsQueryState
        query={query}
        loading={intl.formatMessage({
          id: 'imports.loadingImport',
          defaultMessage: 'Loading the import…',
        })}
        failedTitle={intl.formatMessage({
          id: 'imports.loadImportFailed',
          defaultMessage: 'Could not load this import',
        })}
      />
    );
  const value = query.data;
  return (
    <section
      ref={sectionRef}
      tabIndex={-1}
      aria-labelledby="current-import"
      data-testid="current-import"
      className="scroll-mt-20 space-y-4 rounded-xl border border-slate-800 bg-slate-900/40 p-4 focus:outline-none focus-visible:outline-2 focus-visible:outline-violet-400"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="current-import" className="text-base font-semibold text-white" dir="auto">
          {value.fileName ??
            intl.formatMessage({ id: 'imports.untitledImport', defaultMessage: 'Import' })}
        </h3>
        <p className="text-sm text-slate-300">
          {value.source ? (
            <FormattedMessage
              id="imports.detectedSource"
              defaultMessage="Detected source: <b>{source}</b>"
              values={{
                source: contractText(importSourceLabels[value.source]),
                b: (chunks) => <span className="font-medium text-white">{chunks}</span>,
              }}
            />
          ) : (
            <FormattedMessage id="imports.detectingSource" defaultMessage="Detecting the source…" />
          )}
        </p>
      </div>
      {value.status === 'queued' || value.status === 'running' ? (
        <ProgressBar value={value} />
      ) : null}
      {value.status === 'failed' ? (
        <FormAlert>
          {value.error ??
            intl.formatMessage({ id: 'imports.failed', defaultMessage: 'The import failed.' })}
        </FormAlert>
      ) : null}
      {value.status === 'done' ? (
        <>
          <p className="text-sm text-emerald-300" role="status">
            <FormattedMessage
              id="imports.complete"
              defaultMessage="Import complete. <link>Open your watchlist</link>"
              values={{
                link: (chunks) => (
                  <Link
                    to="/watchlist"
                    className="font-medium text-violet-300 underline underline-offset-2 hover:text-violet-200"
                  >
                    {chunks}
                  </Link>
                ),
              }}
            />
          </p>
          <ImportReport value={value} />
        </>
      ) : null}
    </section>
  );
}

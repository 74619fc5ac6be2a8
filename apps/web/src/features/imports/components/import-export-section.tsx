import type { Import, ImportSource } from '@series-tracker/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileUp } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorReason } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCount, lazily } from '@/lib/format';
import {
  downloadExport,
  importMaxBytes,
  importSourceLabels,
  refreshAfterImport,
  uploadImport,
  useImport,
  useImports,
} from '../api/imports';
import { HeldHistory } from './held-history';
import { ImportReport } from './import-report';
import { ImportsQueryState } from './query-state';

const sources = Object.keys(importSourceLabels) as ImportSource[];
const statusLabels: Record<Import['status'], string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Done',
  failed: 'Failed',
};
const plural = (n: number, word: string) => `${formatCount(n)} ${n === 1 ? word : `${word}s`}`;
const dateTime = lazily(
  () => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }),
);

function ProgressBar({ value }: { value: Import }) {
  const { done, total, message } = value.progress;
  const known = total > 0;
  const pct = known ? Math.min(100, Math.round((done / total) * 100)) : null;
  return (
    <div>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-slate-200">{message ?? statusLabels[value.status]}</span>
        {pct !== null ? <span className="text-slate-400 tabular-nums">{pct}%</span> : null}
      </div>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        {...(pct !== null ? { 'aria-valuenow': pct } : {})}
        aria-valuetext={message ?? statusLabels[value.status]}
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

/** The export's files: one JSON file, or a ZIP of CSV files. */
const exportFormats = ['json', 'csv'] as const;
type ExportFormat = (typeof exportFormats)[number];

function CurrentImport({ id }: { id: string }) {
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
        loading="Loading the import…"
        failedTitle="Could not load this import"
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
        <h3 id="current-import" className="text-base font-semibold text-white">
          {value.fileName ?? 'Import'}
        </h3>
        <p className="text-sm text-slate-300">
          {value.source ? (
            <>
              Detected source:{' '}
              <span className="font-medium text-white">{importSourceLabels[value.source]}</span>
            </>
          ) : (
            'Detecting the source…'
          )}
        </p>
      </div>
      {value.status === 'queued' || value.status === 'running' ? (
        <ProgressBar value={value} />
      ) : null}
      {value.status === 'failed' ? (
        <FormAlert>{value.error ?? 'The import failed.'}</FormAlert>
      ) : null}
      {value.status === 'done' ? (
        <>
          <p className="text-sm text-emerald-300" role="status">
            Import complete.{' '}
            <Link
              to="/watchlist"
              className="font-medium text-violet-300 underline underline-offset-2 hover:text-violet-200"
            >
              Open your watchlist
            </Link>
          </p>
          <ImportReport value={value} />
        </>
      ) : null}
    </section>
  );
}

function PastImports({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const list = useImports();
  if (list.isPending || list.isError)
    return (
      <ImportsQueryState
        query={list}
        loading="Loading past imports…"
        failedTitle="Could not load your imports"
      />
    );
  if (list.data.data.length === 0)
    return <p className="text-sm text-slate-400">You have not imported anything yet.</p>;
  return (
    <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800">
      {list.data.data.map((item) => {
        const r = item.report;
        return (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onSelect(item.id)}
              aria-current={selected === item.id ? 'true' : undefined}
              className={cn(
                'flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-left text-sm hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-violet-400',
                selected === item.id && 'bg-slate-900',
              )}
            >
              <span className="min-w-0">
                <span className="block truncate font-medium text-white">
                  {item.source ? importSourceLabels[item.source] : (item.fileName ?? 'Import')}
                </span>
                <span className="text-xs text-slate-400">
                  {dateTime().format(new Date(item.createdAt))}
                </span>
              </span>
              <span className="text-xs text-slate-300">
                {statusLabels[item.status]}
                {r
                  ? ` · ${plural(r.shows.matched + r.shows.added, 'show')}, ${plural(r.episodes.marked, 'episode')}, ${r.shows.unmatched + r.episodes.unmatched} not placed`
                  : ''}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Import & export (issue 13): upload a file from another tracker, follow its progress, read
 * and fix its report; past imports; export everything as JSON or CSV. A section of its own so
 * /settings can embed it.
 */
export function ImportExportSection() {
  const [params, setParams] = useSearchParams();
  const current = params.get('import');
  const client = useQueryClient();
  const inputId = useId();
  const sourceId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<ImportSource | ''>('');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const select = (id: string) => setParams({ import: id }, { replace: false });

  function choose(f: File | null) {
    setError(null);
    if (f && f.size > importMaxBytes) {
      setFile(null);
      setError('The file is larger than 200 MB');
      return;
    }
    setFile(f);
  }

  async function start() {
    if (!file) {
      setError('Choose a file to import');
      return;
    }
    setUploading(true);
    setError(null);
    try {
      const { id } = await uploadImport(file, source || null);
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
      refreshAfterImport(client);
      select(id);
    } catch (err) {
      setError(`Could not start the import: ${errorReason(err)}.`);
    } finally {
      setUploading(false);
    }
  }

  async function exportAs(format: ExportFormat) {
    setExporting(format);
    setExportError(null);
    try {
      await downloadExport(format);
    } catch (err) {
      setExportError(`Could not export: ${errorReason(err)}.`);
    } finally {
      setExporting(null);
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0] ?? null);
  };

  return (
    <div className="space-y-10">
      <section aria-labelledby="import-heading" className="space-y-4">
        <div>
          <h2 id="import-heading" className="text-lg font-semibold text-white">
            Import
          </h2>
          <p className="mt-1 text-sm text-slate-300">
            Bring your history from Trakt (export ZIP), TV Time (GDPR export), MyAnimeList (XML),
            IMDb (ratings or watchlist CSV), Simkl (backup JSON) or a Series Tracker export. Each
            watch keeps its original date; importing the same file again adds nothing twice.
          </p>
        </div>
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'rounded-xl border-2 border-dashed p-5 transition-colors',
            dragging ? 'border-violet-400 bg-violet-950/30' : 'border-slate-700 bg-slate-900/40',
          )}
        >
          <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
            <FileUp aria-hidden className="size-8 shrink-0 text-slate-400" />
            <div className="min-w-0 flex-1">
              <label htmlFor={inputId} className="text-sm font-medium text-white">
                Choose a file or drop it here
              </label>
              <p className="truncate text-xs text-slate-400">
                {file
                  ? `${file.name} (${(file.size / 1024 / 1024).toFixed(1)} MB)`
                  : 'Up to 200 MB'}
              </p>
            </div>
            <input
              ref={fileRef}
              id={inputId}
              type="file"
              accept=".zip,.csv,.json,.xml,.gz,application/zip,text/csv,application/json,text/xml,application/gzip"
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-300 file:mr-3 file:rounded-md file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-slate-700 sm:w-auto"
            />
          </div>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
            <div>
              <label htmlFor={sourceId} className="block text-xs font-medium text-slate-300">
                Source
              </label>
              <select
                id={sourceId}
                value={source}
                onChange={(e) => setSource(e.target.value as ImportSource | '')}
                className="mt-1 h-10 w-full rounded-md border border-slate-700 bg-slate-900 px-2 text-sm text-white sm:w-64"
              >
                <option value="">Detect automatically</option>
                {sources.map((s) => (
                  <option key={s} value={s}>
                    {importSourceLabels[s]}
                  </option>
                ))}
              </select>
            </div>
            <Button onClick={() => void start()} disabled={uploading}>
              {uploading ? (
                <>
                  <Spinner className="size-4" /> Uploading…
                </>
              ) : (
                'Start import'
              )}
            </Button>
          </div>
          {error ? (
            <div className="mt-3">
              <FormAlert>{error}</FormAlert>
            </div>
          ) : null}
        </div>
        {current ? <CurrentImport key={current} id={current} /> : null}
        <div className="space-y-2">
          <h3 className="text-base font-semibold text-white">Past imports</h3>
          <PastImports selected={current} onSelect={select} />
        </div>
        <div className="space-y-2">
          <h3 className="text-base font-semibold text-white">Held history</h3>
          <HeldHistory />
        </div>
      </section>

      <section aria-labelledby="export-heading" className="space-y-3">
        <h2 id="export-heading" className="text-lg font-semibold text-white">
          Export
        </h2>
        <p className="text-sm text-slate-300">
          Everything in your account — profile, watchlist, watched episodes with their dates, held
          history, favorites, ratings, lists and reviews — as one JSON file (it imports back here)
          or a ZIP of CSV files.
        </p>
        <div className="flex flex-wrap gap-3">
          {exportFormats.map((format) => (
            <Button
              key={format}
              variant="secondary"
              onClick={() => void exportAs(format)}
              disabled={exporting !== null}
            >
              {exporting === format ? (
                <Spinner className="size-4" />
              ) : (
                <Download aria-hidden className="size-4" />
              )}
              {`Export ${format.toUpperCase()}`}
            </Button>
          ))}
        </div>
        {exportError ? <FormAlert>{exportError}</FormAlert> : null}
      </section>
    </div>
  );
}

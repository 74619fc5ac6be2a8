import { importMessages, type ImportSource } from '@series-tracker/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { contractText } from '@/i18n/contract-text';
import { errorReason } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import {
  downloadExport,
  importMaxBytes,
  importSourceLabels,
  refreshAfterImport,
  uploadImport,
} from '../api/imports';
import { CurrentImport } from './current-import';
import { HeldHistory } from './held-history';
import { PastImports } from './past-imports';

const sources = Object.keys(importSourceLabels) as ImportSource[];

/** The export's files: one JSON file, or a ZIP of CSV files. */
const exportFormats = ['json', 'csv'] as const;
type ExportFormat = (typeof exportFormats)[number];

/**
 * Import & export (issue 13): upload a file from another tracker, follow its progress, read
 * and fix its report; past imports; export everything as JSON or CSV. A section of its own so
 * /settings can embed it.
 */
export function ImportExportSection() {
  const intl = useIntl();
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
      setError(contractText(importMessages.fileTooLarge));
      return;
    }
    setFile(f);
  }

  async function start() {
    if (!file) {
      setError(contractText(importMessages.fileMissing));
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
      setError(
        intl.formatMessage(
          {
            id: 'imports.startFailed',
            defaultMessage: 'Could not start the import: {reason}.',
          },
          { reason: errorReason(err) },
        ),
      );
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
      setExportError(
        intl.formatMessage(
          { id: 'imports.exportFailed', defaultMessage: 'Could not export: {reason}.' },
          { reason: errorReason(err) },
        ),
      );
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
            <FormattedMessage id="imports.importHeading" defaultMessage="Import" />
          </h2>
          <p className="mt-1 text-sm text-slate-300">
            <FormattedMessage
              id="imports.intro"
              defaultMessage="Bring your history from Trakt (export ZIP), TV Time (GDPR export), MyAnimeList (XML), IMDb (ratings or watchlist CSV), Simkl (backup JSON) or a Series Tracker export. Each watch keeps its original date; importing the same file again adds nothing twice."
            />
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
                <FormattedMessage
                  id="imports.chooseFile"
                  defaultMessage="Choose a file or drop it here"
                />
              </label>
              <p className="truncate text-xs text-slate-400">
                {file ? (
                  <FormattedMessage
                    id="imports.chosenFile"
                    defaultMessage="{name} ({size} MB)"
                    values={{
                      name: <bdi>{file.name}</bdi>,
                      size: intl.formatNumber(file.size / 1024 / 1024, {
                        minimumFractionDigits: 1,
                        maximumFractionDigits: 1,
                      }),
                    }}
                  />
                ) : (
                  <FormattedMessage id="imports.sizeLimit" defaultMessage="Up to 200 MB" />
                )}
              </p>
            </div>
            <input
              ref={fileRef}
              id={inputId}
              type="file"
              accept=".zip,.csv,.json,.xml,.gz,application/zip,text/csv,application/json,text/xml,application/gzip"
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-300 file:me-3 file:rounded-md file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-slate-700 sm:w-auto"
            />
          </div>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
            <div>
              <label htmlFor={sourceId} className="block text-xs font-medium text-slate-300">
                <FormattedMessage id="imports.sourceLabel" defaultMessage="Source" />
              </label>
              <select
                id={sourceId}
                value={source}
                onChange={(e) => setSource(e.target.value as ImportSource | '')}
                className="mt-1 h-10 w-full rounded-md border border-slate-700 bg-slate-900 px-2 text-sm text-white sm:w-64"
              >
                <option value="">
                  {intl.formatMessage({
                    id: 'imports.detectAutomatically',
                    defaultMessage: 'Detect automatically',
                  })}
                </option>
                {sources.map((s) => (
                  <option key={s} value={s}>
                    {contractText(importSourceLabels[s])}
                  </option>
                ))}
              </select>
            </div>
            <Button onClick={() => void start()} disabled={uploading}>
              {uploading ? (
                <>
                  <Spinner className="size-4" />
                  <FormattedMessage id="imports.uploading" defaultMessage="Uploading…" />
                </>
              ) : (
                <FormattedMessage id="imports.startImport" defaultMessage="Start import" />
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
          <h3 className="text-base font-semibold text-white">
            <FormattedMessage id="imports.pastImports" defaultMessage="Past imports" />
          </h3>
          <PastImports selected={current} onSelect={select} />
        </div>
        <div className="space-y-2">
          <h3 className="text-base font-semibold text-white">
            <FormattedMessage id="imports.heldHistory" defaultMessage="Held history" />
          </h3>
          <HeldHistory />
        </div>
      </section>

      <section aria-labelledby="export-heading" className="space-y-3">
        <h2 id="export-heading" className="text-lg font-semibold text-white">
          <FormattedMessage id="imports.exportHeading" defaultMessage="Export" />
        </h2>
        <p className="text-sm text-slate-300">
          <FormattedMessage
            id="imports.exportIntro"
            defaultMessage="Everything in your account — profile, watchlist, watched episodes with their dates, held history, favorites, ratings, lists and reviews — as one JSON file (it imports back here) or a ZIP of CSV files."
          />
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
              <FormattedMessage
                id="imports.exportAs"
                defaultMessage="Export {format}"
                values={{ format: format.toUpperCase() }}
              />
            </Button>
          ))}
        </div>
        {exportError ? <FormAlert>{exportError}</FormAlert> : null}
      </section>
    </div>
  );
}

import { TriangleAlert } from 'lucide-react';
import { intl } from '@/i18n/locale-state';
import { errorReason } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button } from './button';

/**
 * A refresh of something already on screen failed (ADR 162): what is shown stays, with this
 * line above it and a way to try again. Never the full-page error, which would wipe it.
 */
export function RefreshError({
  error,
  onRetry,
  retrying = false,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  const { formatMessage } = intl();
  return (
    <div
      role="alert"
      data-testid="refresh-error"
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-100',
        className,
      )}
    >
      <TriangleAlert aria-hidden className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        {formatMessage(
          {
            id: 'ui.refreshFailed',
            defaultMessage: 'Could not refresh: {reason}. Showing what was loaded before.',
          },
          { reason: errorReason(error) },
        )}
      </p>
      <Button size="sm" variant="secondary" onClick={onRetry} disabled={retrying}>
        {retrying
          ? formatMessage({ id: 'ui.retrying', defaultMessage: 'Retrying...' })
          : formatMessage({ id: 'ui.tryAgain', defaultMessage: 'Try Again' })}
      </Button>
    </div>
  );
}

interface RefreshableQuery {
  isError: boolean;
  data: unknown;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
  /** An infinite query's "load more" failing is said by its own line, not this one. */
  isFetchNextPageError?: boolean;
}

/**
 * `RefreshError` for a query whose refresh failed while its data is on screen (ADR 176); nothing
 * when it has no data (the caller shows the full `ErrorState`) or did not fail.
 */
export function QueryRefreshError({
  query,
  className,
}: {
  query: RefreshableQuery;
  className?: string;
}) {
  if (!query.isError || query.data === undefined || query.isFetchNextPageError) return null;
  return (
    <RefreshError
      className={className}
      error={query.error}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}

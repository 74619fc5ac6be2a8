import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

/**
 * A part of the imports page whose data is not in: a spinner line (`loading`) while it loads,
 * the error with a retry (`failedTitle`) after it failed. `retrying` shows a retry at work;
 * `muted` greys the line.
 */
export function ImportsQueryState({
  query,
  loading,
  failedTitle,
  retrying = false,
  muted = false,
}: {
  query: { isPending: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  loading: string;
  failedTitle: string;
  retrying?: boolean;
  muted?: boolean;
}) {
  if (query.isPending)
    return (
      <p
        className={cn(
          'flex items-center gap-2 text-sm',
          muted ? 'text-slate-400' : 'text-slate-300',
        )}
      >
        <Spinner className="size-4" /> {loading}
      </p>
    );
  return (
    <ErrorState
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={retrying && query.isFetching}
      title={failedTitle}
      headingLevel={3}
    />
  );
}

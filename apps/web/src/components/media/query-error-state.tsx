import { ErrorState } from '@/components/ui/error-state';

/** What `QueryErrorState` needs of a TanStack query. */
interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * `ErrorState` for a query whose first load failed: its error, and Try again refetches it
 * (the button waits while it does).
 */
export function QueryErrorState({
  query,
  title,
  headingLevel,
  className,
}: {
  query: FailedQuery;
  title: string;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  return (
    <ErrorState
      title={title}
      error={query.error}
      headingLevel={headingLevel}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
      className={className}
    />
  );
}

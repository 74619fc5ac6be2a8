import { TriangleAlert } from 'lucide-react';
import { intl } from '@/i18n/locale-state';
import { defaultErrorMessage, isApiError, isNoAnswer } from '@/lib/api-client';
import { Button } from './button';
import { EmptyState } from './empty-state';

/**
 * A failed load: what went wrong in plain words and a way to try again. Never an empty
 * state: "nothing here" and "could not ask" are different answers (ADR 031). The title says
 * what failed, the line under it why: when no answer came (outage, offline), that the server
 * cannot be reached, whatever generic wording the caller has; never the title twice (ADR 176).
 */
interface ErrorStateProps {
  error: unknown;
  onRetry: () => void;
  title?: string;
  /** Overrides the message taken from the error. */
  message?: string;
  /** A retry is running: the button waits. */
  retrying?: boolean;
  headingLevel?: 2 | 3;
  className?: string;
}

export function ErrorState({
  error,
  onRetry,
  title: givenTitle,
  message,
  retrying = false,
  headingLevel = 2,
  className,
}: ErrorStateProps) {
  const { formatMessage } = intl();
  const title =
    givenTitle ??
    formatMessage({ id: 'ui.somethingWentWrong', defaultMessage: 'Something went wrong' });
  const reason = isNoAnswer(error)
    ? (error as Error).message
    : (message ?? (isApiError(error) ? error.message : defaultErrorMessage()));
  const text = reason.trim() === title.trim() ? undefined : reason;
  return (
    <div role="alert">
      <EmptyState
        icon={TriangleAlert}
        title={title}
        message={text}
        headingLevel={headingLevel}
        className={className}
      >
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          {retrying
            ? formatMessage({ id: 'ui.retrying', defaultMessage: 'Retrying...' })
            : formatMessage({ id: 'ui.tryAgain', defaultMessage: 'Try Again' })}
        </Button>
      </EmptyState>
    </div>
  );
}

/** `ErrorState` for a query's failed first load: Try Again refetches it and waits while it runs. */
export function QueryErrorState({
  query,
  ...props
}: Omit<ErrorStateProps, 'error' | 'onRetry' | 'retrying'> & {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
}) {
  return (
    <ErrorState
      {...props}
      error={query.error}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}

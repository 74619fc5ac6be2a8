import { TriangleAlert } from 'lucide-react';
import { DEFAULT_ERROR_MESSAGE, isApiError } from '@/lib/api-client';
import { Button } from './button';
import { EmptyState } from './empty-state';

/** A failed load: what went wrong in plain words and a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title = 'Something went wrong',
  className,
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
  className?: string;
}) {
  const message = isApiError(error) ? error.message : DEFAULT_ERROR_MESSAGE;
  return (
    <div role="alert">
      <EmptyState icon={TriangleAlert} title={title} message={message} className={className}>
        <Button variant="secondary" onClick={onRetry}>
          Try Again
        </Button>
      </EmptyState>
    </div>
  );
}

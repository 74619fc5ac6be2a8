import { cn } from '@/lib/cn';

/** A short line that a load failed, with an underlined 'Try again' that asks again. */
export function RetryAlert({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <p role="alert" className={cn('text-sm text-rose-300', className)}>
      {message}{' '}
      <button type="button" className="underline" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}

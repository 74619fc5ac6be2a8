import { FormattedMessage } from 'react-intl';
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
      <FormattedMessage
        id="tracking.retryAlert"
        defaultMessage="{message} <retry>Try again</retry>"
        values={{
          message,
          retry: (chunks) => (
            <button type="button" className="underline" onClick={onRetry}>
              {chunks}
            </button>
          ),
        }}
      />
    </p>
  );
}

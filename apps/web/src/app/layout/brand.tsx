import { TvMinimalPlay } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { cn } from '@/lib/cn';

/**
 * The wordmark: 'Series' plus an accented 'Tracker' (spec §2). The product's name is the same
 * in every language, but a message like all text (the pseudo-locale shows it was not missed).
 */
export function BrandName({ className }: { className?: string }) {
  return (
    <span className={cn('font-bold tracking-tight', className)} data-testid="brand">
      <FormattedMessage
        id="app.brandName"
        defaultMessage="<first>Series</first> <second>Tracker</second>"
        values={{
          first: (chunks) => <span className="text-white">{chunks}</span>,
          second: (chunks) => <span className="text-violet-400">{chunks}</span>,
        }}
      />
    </span>
  );
}

export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-lg bg-violet-600/90 text-white shadow-lg shadow-violet-900/40',
        className,
      )}
    >
      <TvMinimalPlay className="size-[18px]" strokeWidth={2.25} />
    </span>
  );
}

import { TvMinimalPlay } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The wordmark: 'Series' plus an accented 'Tracker' (spec §2). */
export function BrandName({ className }: { className?: string }) {
  return (
    <span className={cn('font-bold tracking-tight', className)} data-testid="brand">
      <span className="text-white">Series</span> <span className="text-violet-400">Tracker</span>
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

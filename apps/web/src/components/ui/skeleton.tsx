import { cn } from '@/lib/cn';

/** A grey placeholder block with a gentle pulse; decorative, so screen readers skip it. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden
      data-testid="skeleton"
      className={cn(
        'animate-pulse rounded-lg bg-slate-800/80 motion-reduce:animate-none',
        className,
      )}
    />
  );
}

import type { ReactNode } from 'react';
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

/**
 * A list still loading: `count` items of the same placeholder card. Named for screen readers
 * by `label` ("Loading reviews"), or only marked busy.
 */
export function SkeletonList({
  count,
  item,
  className,
  label,
}: {
  count: number;
  item: ReactNode;
  className: string;
  label?: string;
}) {
  return (
    <ul className={className} aria-label={label} aria-busy={label ? undefined : true}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

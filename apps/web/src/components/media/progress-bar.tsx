import { cn } from '@/lib/cn';

/**
 * A thin bar filled to `value` of `max` (never past full; empty when `max` is 0). Decorative:
 * the figures are printed beside it. `className` sizes the track.
 */
export function ProgressBar({
  value,
  max,
  className,
  fillClassName,
}: {
  value: number;
  max: number;
  className?: string;
  fillClassName?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div aria-hidden className={cn('overflow-hidden rounded-full bg-slate-800', className)}>
      <div
        className={cn('h-full rounded-full bg-violet-500', fillClassName)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

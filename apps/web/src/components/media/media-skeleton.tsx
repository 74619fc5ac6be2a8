import { Skeleton } from '@/components/ui/skeleton';

/**
 * The text of a loading card or header: one `Skeleton` bar a line, each sized by its class
 * (`h-5 w-40`), stacked in a box with `className` (its spacing and flex). The cover beside it
 * stays the caller's.
 */
export function SkeletonLines({ lines, className }: { lines: string[]; className?: string }) {
  return (
    <div className={className}>
      {lines.map((line, i) => (
        <Skeleton key={i} className={line} />
      ))}
    </div>
  );
}

/**
 * A loading card or header: the cover's `Skeleton` (`cover` sizes it) beside or above its
 * `SkeletonLines`, in a box with `className`.
 */
export function CoverSkeleton({
  className,
  testId,
  cover,
  linesClassName,
  lines,
}: {
  className: string;
  testId?: string;
  cover: string;
  linesClassName: string;
  lines: string[];
}) {
  return (
    <div className={className} data-testid={testId}>
      <Skeleton className={cover} />
      <SkeletonLines className={linesClassName} lines={lines} />
    </div>
  );
}

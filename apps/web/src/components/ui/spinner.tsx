import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A decorative spinner; pair it with visible text or give it a `label`. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn(
        'inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none',
        className,
      )}
    />
  );
}

/**
 * A button's label while its action runs: the spinner and `busyText` ("Saving..."), else
 * `children`.
 */
export function BusyLabel({
  busy,
  busyText,
  children,
}: {
  busy: boolean;
  busyText: string;
  children: ReactNode;
}) {
  if (!busy) return children;
  return (
    <>
      <Spinner />
      {busyText}
    </>
  );
}

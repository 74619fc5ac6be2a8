import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** A form-level error, announced to screen readers as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2.5 rounded-lg border border-rose-500/40 bg-rose-500/10 px-3.5 py-3 text-sm text-rose-200"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-rose-300" />
      <div>{children}</div>
    </div>
  );
}

import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input, announced, and tied to it with aria-describedby. */
  error?: string | undefined;
  /** Helper text under the input, replaced by the error when there is one. */
  hint?: string | undefined;
  /** Something to put at the right end of the label row (e.g. a "Forgot?" link). */
  labelAside?: ReactNode;
  id?: string;
}

/** A labelled input with its error message. */
export function TextField({
  label,
  error,
  hint,
  labelAside,
  id,
  className,
  ...props
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-200">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'block h-11 w-full rounded-lg border bg-slate-900/80 px-3 text-base text-slate-100 placeholder:text-slate-500 sm:text-sm',
          'transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400/70',
          error
            ? 'border-rose-500/70 focus-visible:border-rose-400'
            : 'border-slate-700 hover:border-slate-600 focus-visible:border-violet-400',
          className,
        )}
        {...props}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

import type { TextareaHTMLAttributes } from 'react';
import { FormattedMessage } from 'react-intl';
import { cn } from '@/lib/cn';

const textareaClass =
  'block w-full rounded-lg border bg-slate-900/80 px-3 py-2 text-base text-slate-100 placeholder:text-slate-500 sm:text-sm ' +
  'transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400/70';

/**
 * A labelled multi-line input with how much of `max` is used (announced politely) and its
 * error message (`${id}-error`), which it is described by.
 */
export function TextareaField({
  id,
  label,
  value,
  max,
  error,
  onValue,
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'maxLength' | 'onChange'> & {
  id: string;
  label: string;
  value: string;
  max: number;
  error: string | undefined;
  onValue: (value: string) => void;
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-200">
          {label}
        </label>
        <span className="text-xs text-slate-400" aria-live="polite">
          <FormattedMessage
            id="forms.characterCount"
            defaultMessage="{count, number}/{max, number}"
            values={{ count: value.length, max }}
          />
        </span>
      </div>
      <textarea
        id={id}
        maxLength={max}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onValue(e.target.value)}
        className={cn(
          textareaClass,
          error ? 'border-rose-500/70' : 'border-slate-700 hover:border-slate-600',
        )}
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

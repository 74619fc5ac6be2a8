import { spoilerMessages } from '@series-tracker/contracts/constants';
import { EyeOff } from 'lucide-react';
import { contractText } from '@/i18n/contract-text';
import { cn } from '@/lib/cn';

/** Stands in for an unwatched episode's summary, with the one-episode Reveal (ADR 181). */
export function HiddenSummary({
  onReveal,
  label,
  className,
}: {
  onReveal: () => void;
  /** The accessible name of Reveal, e.g. "Reveal S1E2". */
  label: string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      <p className="inline-flex items-start gap-1.5 text-sm text-slate-400 italic">
        <EyeOff aria-hidden className="mt-0.5 size-4 shrink-0" />
        {contractText(spoilerMessages.summaryHidden)}
      </p>
      <button
        type="button"
        aria-label={label}
        onClick={onReveal}
        className="inline-flex min-h-6 items-center rounded px-1 text-sm font-semibold text-violet-300 underline underline-offset-4 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
      >
        {contractText(spoilerMessages.reveal)}
      </button>
    </div>
  );
}

/** A neutral stand-in for a hidden still (decorative: the text says what is hidden). */
export function HiddenStill({ className }: { className?: string }) {
  return (
    <div
      aria-hidden
      data-testid="hidden-still"
      className={cn(
        'flex items-center justify-center bg-gradient-to-br from-slate-800 to-slate-900 text-slate-500',
        className,
      )}
    >
      <EyeOff className="size-6" />
    </div>
  );
}

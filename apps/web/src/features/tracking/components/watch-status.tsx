import type { WatchStatus } from '@series-tracker/contracts';
import { ChevronDown } from 'lucide-react';
import { contractText } from '@/i18n/contract-text';
import { cn } from '@/lib/cn';
import { statusOrder, watchStatusLabels, watchStatusTone } from '../lib/watch-status';

export function WatchStatusBadge({
  status,
  className,
}: {
  status: WatchStatus;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap backdrop-blur',
        watchStatusTone[status],
        className,
      )}
    >
      {contractText(watchStatusLabels[status])}
    </span>
  );
}

/** A native select: keyboard, screen readers and phones all know how to use it. */
export function WatchStatusSelect({
  value,
  onChange,
  label,
  className,
  disabled,
}: {
  value: WatchStatus;
  onChange: (status: WatchStatus) => void;
  /** Accessible name, e.g. 'Status of Dark'. */
  label: string;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <span className={cn('relative inline-flex', className)}>
      <select
        aria-label={label}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as WatchStatus)}
        className="h-9 w-full cursor-pointer appearance-none rounded-lg border border-slate-700 bg-slate-800/80 pe-8 ps-3 text-sm font-medium text-slate-100 transition-colors hover:border-slate-500 focus-visible:border-violet-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-violet-400 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {statusOrder.map((status) => (
          <option key={status} value={status}>
            {contractText(watchStatusLabels[status])}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute end-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-400"
      />
    </span>
  );
}

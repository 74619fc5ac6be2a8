import type { ShowSummary } from '@series-tracker/contracts';
import { cn } from '@/lib/cn';

const labels: Record<string, string> = {
  airing: 'Airing',
  completed: 'Completed',
  upcoming: 'Upcoming',
  tbd: 'TBD',
  unknown: 'Unknown',
};

const longDate = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * The label for a status. A show whose record is too old to say anything about today
 * (ADR 120) is named by what it last said and when, quietly (ADR 176): "Airing in 2020" —
 * a fact about the record, not an alarm about the show — never "TBD".
 */
export function statusLabel(status: string, lastKnown?: ShowSummary['lastKnownStatus']) {
  if (status === 'unknown' && lastKnown) {
    return `${labels[lastKnown.status] ?? lastKnown.status} in ${lastKnown.asOf.slice(0, 4)}`;
  }
  return labels[status] ?? status;
}

/** Spec §4: airing green, completed blue, anything else grey. */
export function StatusBadge({
  status,
  lastKnown,
  className,
}: {
  status: string;
  /** The show's `lastKnownStatus`, where the caller has it. */
  lastKnown?: ShowSummary['lastKnownStatus'];
  className?: string;
}) {
  const stale =
    status === 'unknown' && lastKnown
      ? `Last known status, from our record of ${longDate.format(new Date(`${lastKnown.asOf}T00:00:00Z`))}`
      : undefined;
  // A stale record reads as a note (dashed, no fill), not as a status of today.
  const tone = stale
    ? 'border-dashed border-slate-600 bg-transparent text-slate-400'
    : status === 'airing'
      ? 'border-emerald-500/30 bg-emerald-500/15 text-emerald-300'
      : status === 'completed'
        ? 'border-sky-500/30 bg-sky-500/15 text-sky-300'
        : 'border-slate-600/50 bg-slate-700/40 text-slate-300';
  return (
    <span
      title={stale}
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone,
        className,
      )}
    >
      {statusLabel(status, lastKnown)}
      {stale ? <span className="sr-only"> ({stale})</span> : null}
    </span>
  );
}

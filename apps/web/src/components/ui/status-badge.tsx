import type { ShowSummary } from '@series-tracker/contracts';
import { defineMessages } from 'react-intl';
import { intl, perLocale } from '@/i18n/locale-state';
import { cn } from '@/lib/cn';

const labels = defineMessages({
  airing: { id: 'ui.status.airing', defaultMessage: 'Airing' },
  completed: { id: 'ui.status.completed', defaultMessage: 'Completed' },
  upcoming: { id: 'ui.status.upcoming', defaultMessage: 'Upcoming' },
  tbd: { id: 'ui.status.tbd', defaultMessage: 'TBD' },
  unknown: { id: 'ui.status.unknown', defaultMessage: 'Unknown' },
});

function label(status: string): string {
  const message = labels[status as keyof typeof labels];
  return message ? intl().formatMessage(message) : status;
}

const longDate = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
);

/**
 * The label for a status. A show whose record is too old to say anything about today
 * (ADR 120) is named by what it last said and when, quietly (ADR 176): "Airing in 2020" —
 * a fact about the record, not an alarm about the show — never "TBD".
 */
export function statusLabel(status: string, lastKnown?: ShowSummary['lastKnownStatus']) {
  if (status === 'unknown' && lastKnown) {
    return intl().formatMessage(
      { id: 'ui.status.lastKnown', defaultMessage: '{status} in {year}' },
      { status: label(lastKnown.status), year: lastKnown.asOf.slice(0, 4) },
    );
  }
  return label(status);
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
      ? intl().formatMessage(
          {
            id: 'ui.status.staleNote',
            defaultMessage: 'Last known status, from our record of {date}',
          },
          { date: longDate().format(new Date(`${lastKnown.asOf}T00:00:00Z`)) },
        )
      : undefined;
  const aside =
    stale &&
    intl().formatMessage(
      { id: 'ui.status.staleAside', defaultMessage: '({note})' },
      { note: stale },
    );
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
      {aside ? <span className="sr-only"> {aside}</span> : null}
    </span>
  );
}

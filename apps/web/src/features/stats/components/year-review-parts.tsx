import type { YearReview } from '@series-tracker/contracts';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { episodeCode } from '@/lib/format';
import { instantLabel, monthName } from '../lib/review-dates';

/** The pieces the year in review is built of (year-review-view.tsx). */

/** One figure of the review: its name over its value, which has the look `valueClassName`. */
export function Fact({
  label,
  className,
  valueClassName,
  children,
}: {
  label: string;
  className?: string;
  valueClassName: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-slate-400">{label}</dt>
      <dd className={`mt-1 ${valueClassName}`}>{children}</dd>
    </div>
  );
}

export function Tile({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Fact
      label={label}
      className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
      valueClassName="text-2xl font-bold text-white tabular-nums"
    >
      {value}
    </Fact>
  );
}

export function Bars({
  items,
}: {
  items: { key: string; label: ReactNode; value: number; note: string }[];
}) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <ol className="space-y-2.5">
      {items.map((i) => (
        <li key={i.key}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-slate-100">{i.label}</span>
            <span className="shrink-0 text-xs text-slate-400 tabular-nums">{i.note}</span>
          </div>
          <div aria-hidden className="mt-1 h-2 overflow-hidden rounded-full bg-slate-800">
            <div
              className="h-full rounded-full bg-violet-500"
              style={{ width: `${Math.max(2, (i.value / max) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

export function Months({ byMonth }: { byMonth: number[] }) {
  const intl = useIntl();
  const max = Math.max(1, ...byMonth);
  return (
    <ol
      className="flex h-40 items-end gap-1 sm:gap-2"
      aria-label={intl.formatMessage({
        id: 'stats.episodesByMonth',
        defaultMessage: 'Episodes by month',
      })}
    >
      {byMonth.map((n, i) => (
        <li key={i} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
          <span className="text-[11px] text-slate-400 tabular-nums">
            {n ? intl.formatNumber(n) : ''}
          </span>
          <div
            aria-hidden
            className="w-full rounded-t bg-violet-500"
            style={{ height: `${Math.max(n ? 4 : 1, (n / max) * 100)}%` }}
          />
          <span className="text-[11px] text-slate-400">
            <span aria-hidden>{monthName(i, 'narrow')}</span>
            <span className="sr-only">
              <FormattedMessage
                id="stats.monthEpisodes"
                defaultMessage="{month}: {count, plural, one {# episode} other {# episodes}}"
                values={{ month: monthName(i), count: n }}
              />
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-800 bg-slate-900/40 p-4 sm:p-5">
      <h2 className="mb-4 text-base font-semibold text-white">{title}</h2>
      {children}
    </section>
  );
}

export function Watch({
  label,
  watch,
  timeZone,
}: {
  label: string;
  watch: YearReview['firstWatch'];
  timeZone: string | null;
}) {
  if (!watch) return null;
  return (
    <Fact label={label} valueClassName="text-sm text-slate-100">
      <FormattedMessage
        id="stats.watchValue"
        defaultMessage="{show} <muted>{code} · {date}</muted>"
        values={{
          show: (
            <Link
              to={`/show/${watch.showId}`}
              dir="auto"
              className="font-semibold hover:text-violet-300"
            >
              {watch.showTitle}
            </Link>
          ),
          code: episodeCode(watch.seasonNumber, watch.episodeNumber),
          date: instantLabel(watch.at, timeZone),
          muted: (chunks) => <span className="text-slate-400">{chunks}</span>,
        }}
      />
    </Fact>
  );
}

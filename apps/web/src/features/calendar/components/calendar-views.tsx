import type { CalendarEpisode } from '@series-tracker/contracts';
import { FormattedMessage } from 'react-intl';
import { formatDay, monthOf, weekdays } from '../lib/dates';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { CalendarEpisodeChip, CalendarEpisodeRow } from './calendar-episode';

/** The month grid (Monday first), with the month's episodes listed below it on phones. */
export function MonthView({
  days,
  month,
  today,
  byDay,
}: {
  days: string[];
  month: string;
  today: string;
  byDay: Map<string, CalendarEpisode[]>;
}) {
  const inMonth = days.filter((d) => monthOf(d) === month && byDay.has(d));
  return (
    <>
      <div className="grid grid-cols-7 overflow-hidden rounded-2xl border border-slate-800 bg-slate-800 [gap:1px]">
        {weekdays().map((w, i) => (
          <div
            key={i}
            aria-hidden
            className="bg-slate-900 py-2 text-center text-xs font-semibold text-slate-400"
          >
            {w}
          </div>
        ))}
        {days.map((d) => {
          const eps = byDay.get(d) ?? [];
          const outside = monthOf(d) !== month;
          return (
            <div
              key={d}
              className={cn(
                'min-h-14 bg-slate-950 p-1 sm:min-h-28 sm:p-1.5',
                outside && 'bg-slate-950/60 text-slate-500',
              )}
            >
              <div className="flex items-center justify-between">
                <span
                  className={cn(
                    'flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                    d === today
                      ? 'bg-violet-600 text-white'
                      : outside
                        ? 'text-slate-500'
                        : 'text-slate-300',
                  )}
                >
                  <span className="sr-only">{formatDay(d)}</span>
                  <span aria-hidden>{formatCount(Number(d.slice(8)))}</span>
                </span>
                {eps.length ? (
                  <span className="rounded-full bg-violet-500/20 px-1.5 text-[11px] font-semibold text-violet-200 sm:hidden">
                    <span aria-hidden>{formatCount(eps.length)}</span>
                    <span className="sr-only">
                      <FormattedMessage
                        id="calendar.episodeCount"
                        defaultMessage="{count, plural, one {# episode} other {# episodes}}"
                        values={{ count: eps.length }}
                      />
                    </span>
                  </span>
                ) : null}
              </div>
              <ul className="mt-1 hidden space-y-0.5 sm:block">
                {eps.slice(0, 3).map((ep) => (
                  <li key={ep.episodeId}>
                    <CalendarEpisodeChip episode={ep} />
                  </li>
                ))}
                {eps.length > 3 ? (
                  <li className="px-1.5 text-xs text-slate-400">
                    <FormattedMessage
                      id="calendar.moreEpisodes"
                      defaultMessage="+{count} more"
                      values={{ count: eps.length - 3 }}
                    />
                  </li>
                ) : null}
              </ul>
            </div>
          );
        })}
      </div>
      {/* Phones: the grid shows counts; the month's episodes follow as a list. */}
      <div className="mt-6 sm:hidden">
        {inMonth.length ? (
          <AgendaView days={inMonth} today={today} byDay={byDay} />
        ) : (
          <p className="text-sm text-slate-400">
            <NoEpisodesThisMonth />
          </p>
        )}
      </div>
      {inMonth.length === 0 ? (
        <p className="mt-4 hidden text-sm text-slate-400 sm:block">
          <NoEpisodesThisMonth />
        </p>
      ) : null}
    </>
  );
}

function NoEpisodesThisMonth() {
  return (
    <FormattedMessage id="calendar.noEpisodesMonth" defaultMessage="No episodes this month." />
  );
}

/** Days with episodes, one list per day. */
export function AgendaView({
  days,
  today,
  byDay,
}: {
  days: string[];
  today: string;
  byDay: Map<string, CalendarEpisode[]>;
}) {
  if (!days.length)
    return (
      <p className="text-sm text-slate-400">
        <FormattedMessage
          id="calendar.noEpisodesDays"
          defaultMessage="No episodes in these days."
        />
      </p>
    );
  return (
    <ol className="space-y-6">
      {days.map((d) => (
        <li key={d}>
          <h3 className="mb-1 text-sm font-semibold text-slate-200">
            {formatDay(d)}
            {d === today ? (
              <span className="ms-2 rounded-full bg-violet-600 px-2 py-0.5 text-xs text-white">
                <FormattedMessage id="calendar.today" defaultMessage="Today" />
              </span>
            ) : null}
          </h3>
          <ul className="divide-y divide-slate-800/70 rounded-xl border border-slate-800 bg-slate-900/40 px-1">
            {(byDay.get(d) ?? []).map((ep) => (
              <li key={ep.episodeId}>
                <CalendarEpisodeRow episode={ep} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

import {
  calendarDefaultStatuses,
  calendarMessages,
  watchStatuses,
  watchStatusLabels,
  type CalendarEpisode,
  type WatchStatus,
} from '@series-tracker/contracts';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SignInCheckFailed } from '@/features/auth/components/sign-in-check-failed';
import {
  useAdoptBrowserTimeZone,
  useCalendar,
  useCalendarSettings,
} from '@/features/calendar/api/calendar';
import { AgendaView, MonthView } from '@/features/calendar/components/calendar-views';
import {
  addDays,
  addMonths,
  formatMonth,
  isMonth,
  monthGrid,
  monthOf,
  todayIn,
} from '@/features/calendar/lib/dates';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { contractText } from '@/i18n/contract-text';
import { errorReason } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { pageTitle } from '@/lib/site';

const frame = 'mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10';
const AGENDA_BACK = 7;
const AGENDA_AHEAD = 30;

/** The page's name: its heading, and its document title. */
function CalendarHeading({ className }: { className: string }) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: 'calendar.title', defaultMessage: 'Calendar' });
  return (
    <>
      <title>{pageTitle(name)}</title>
      <h1 className={className}>{name}</h1>
    </>
  );
}

/** /calendar: signed-in only; visitors sign in and come straight back. */
export function CalendarRoute() {
  const intl = useIntl();
  const { status, redirect } = useSignedInPage();
  if (redirect) return redirect;
  if (status === 'unavailable')
    return (
      <div className={frame}>
        <CalendarHeading className="mb-6 text-3xl font-extrabold tracking-tight text-white" />
        <SignInCheckFailed
          what={intl.formatMessage({ id: 'calendar.signInWhat', defaultMessage: 'your calendar' })}
        />
      </div>
    );
  if (status === 'loading') return <CalendarSkeleton />;
  return <CalendarPage />;
}

function CalendarSkeleton() {
  return (
    <div className={frame} aria-busy="true">
      <CalendarHeading className="text-3xl font-extrabold tracking-tight text-white" />
      <p className="mt-1 text-sm text-slate-400" aria-live="polite">
        <FormattedMessage id="calendar.loading" defaultMessage="Loading..." />
      </p>
      <Skeleton className="mt-8 h-96 w-full rounded-2xl" />
    </div>
  );
}

function parseStatuses(value: string | null): WatchStatus[] {
  if (value === null) return [...calendarDefaultStatuses];
  return value
    .split(',')
    .filter((s): s is WatchStatus => (watchStatuses as readonly string[]).includes(s));
}

function CalendarPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const settings = useCalendarSettings();
  useAdoptBrowserTimeZone(settings.data);
  const zone = settings.data?.timeZone ?? 'UTC';
  const today = todayIn(zone);
  const view = params.get('view') === 'agenda' ? 'agenda' : 'month';
  const rawMonth = params.get('month');
  const month = isMonth(rawMonth) ? rawMonth : monthOf(today);
  const statuses = parseStatuses(params.get('status'));
  const grid = monthGrid(month);
  const from = view === 'month' ? grid.from : addDays(today, -AGENDA_BACK);
  const to = view === 'month' ? grid.to : addDays(today, AGENDA_AHEAD);
  // The calendar waits for the member's time zone: days depend on it.
  const calendar = useCalendar(from, to, statuses);
  const ready = settings.isSuccess;

  function set(next: Record<string, string | null>) {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    setParams(p, { replace: true });
  }

  function toggleStatus(s: WatchStatus) {
    const next = statuses.includes(s) ? statuses.filter((x) => x !== s) : [...statuses, s];
    set({ status: next.join(',') });
  }

  const data = calendar.data;
  // Nothing tracked: only the invitation to track, no filters or months to page through.
  const nothingTracked = data?.trackedShows === 0;
  const byDay = new Map<string, CalendarEpisode[]>();
  for (const ep of data?.data ?? []) byDay.set(ep.date, [...(byDay.get(ep.date) ?? []), ep]);

  return (
    <div className={frame}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <CalendarHeading className="text-3xl font-extrabold tracking-tight text-white" />
          <p className="mt-1 text-sm text-slate-400">
            <FormattedMessage
              id="calendar.intro"
              defaultMessage="Episodes of the shows you track, in your time zone ({zone})."
              values={{ zone }}
            />
          </p>
          {/* A target of its own, 24 px tall (WCAG 2.5.8, ADR 176), not a word in a sentence. */}
          <Link
            to="/settings#calendar-heading"
            className="mt-1 inline-flex min-h-6 items-center rounded text-sm text-violet-300 underline underline-offset-2 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
          >
            <FormattedMessage
              id="calendar.subscribeLink"
              defaultMessage="Subscribe in your calendar app"
            />
          </Link>
        </div>
        <div
          role="group"
          aria-label={intl.formatMessage({ id: 'calendar.viewGroup', defaultMessage: 'View' })}
          className="flex rounded-lg border border-slate-700 p-0.5"
        >
          {(['month', 'agenda'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => set({ view: v === 'month' ? null : v })}
              className={cn(
                'h-9 rounded-md px-3 text-sm font-medium',
                view === v ? 'bg-slate-800 text-white' : 'text-slate-300 hover:text-white',
              )}
            >
              {v === 'month' ? (
                <FormattedMessage id="calendar.viewMonth" defaultMessage="Month" />
              ) : (
                <FormattedMessage id="calendar.viewAgenda" defaultMessage="Agenda" />
              )}
            </button>
          ))}
        </div>
      </div>

      <fieldset className={cn('mt-6', nothingTracked && 'hidden')}>
        <legend className="mb-2 text-sm font-medium text-slate-300">
          <FormattedMessage id="calendar.statusLegend" defaultMessage="Shows you have as" />
        </legend>
        <div className="flex flex-wrap gap-2">
          {watchStatuses.map((s) => (
            <label
              key={s}
              className={cn(
                'flex h-9 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-400',
                statuses.includes(s)
                  ? 'border-violet-500/60 bg-violet-500/15 text-violet-100'
                  : 'border-slate-700 text-slate-400',
              )}
            >
              <input
                type="checkbox"
                className="size-4 accent-violet-500"
                checked={statuses.includes(s)}
                onChange={() => toggleStatus(s)}
              />
              {contractText(watchStatusLabels[s])}
            </label>
          ))}
        </div>
      </fieldset>

      {nothingTracked ? null : view === 'month' ? (
        <div className="mt-6 flex items-center justify-between gap-2">
          <Button
            variant="ghost"
            size="sm"
            aria-label={intl.formatMessage({
              id: 'calendar.previousMonth',
              defaultMessage: 'Previous month',
            })}
            onClick={() => set({ month: addMonths(month, -1) })}
          >
            <ChevronLeft aria-hidden className="size-5 rtl:-scale-x-100" />
          </Button>
          <h2 className="text-lg font-bold text-white" aria-live="polite">
            {formatMonth(month)}
          </h2>
          <div className="flex items-center gap-1">
            {month !== monthOf(today) ? (
              <Button variant="ghost" size="sm" onClick={() => set({ month: null })}>
                <FormattedMessage id="calendar.today" defaultMessage="Today" />
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              aria-label={intl.formatMessage({
                id: 'calendar.nextMonth',
                defaultMessage: 'Next month',
              })}
              onClick={() => set({ month: addMonths(month, 1) })}
            >
              <ChevronRight aria-hidden className="size-5 rtl:-scale-x-100" />
            </Button>
          </div>
        </div>
      ) : (
        <h2 className="mt-6 text-lg font-bold text-white">
          <FormattedMessage
            id="calendar.agendaHeading"
            defaultMessage="The last {back, plural, one {# day} other {# days}} and the next {ahead}"
            values={{ back: AGENDA_BACK, ahead: AGENDA_AHEAD }}
          />
        </h2>
      )}

      <div className="mt-4">
        {!ready && settings.isError ? (
          <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
        ) : !data && calendar.isError ? (
          <ErrorState
            title={intl.formatMessage({
              id: 'calendar.loadFailed',
              defaultMessage: 'Could not load your calendar',
            })}
            error={calendar.error}
            onRetry={() => void calendar.refetch()}
          />
        ) : !data || !ready ? (
          <Skeleton className="h-96 w-full rounded-2xl" />
        ) : data.trackedShows === 0 ? (
          <EmptyState
            icon={CalendarDays}
            title={contractText(calendarMessages.calendarEmpty)}
            message={intl.formatMessage({
              id: 'calendar.emptyMessage',
              defaultMessage:
                'Add shows to your watchlist and their new and recent episodes appear on your calendar, on your own days.',
            })}
            link={{
              to: '/browse',
              label: intl.formatMessage({
                id: 'calendar.browseShows',
                defaultMessage: 'Browse Shows',
              }),
            }}
          />
        ) : (
          <>
            {calendar.isError ? (
              // What is on screen stays; the failure is said above it.
              <p role="alert" className="mb-4 text-sm text-rose-300">
                <FormattedMessage
                  id="calendar.datesFailed"
                  defaultMessage="Could not load these dates: {reason}. <retry>Try again</retry>"
                  values={{
                    reason: errorReason(calendar.error),
                    retry: (chunks) => (
                      <button
                        type="button"
                        className="underline"
                        onClick={() => void calendar.refetch()}
                      >
                        {chunks}
                      </button>
                    ),
                  }}
                />
              </p>
            ) : null}
            <div
              aria-busy={calendar.isFetching}
              className={cn(calendar.isPlaceholderData && 'opacity-60')}
            >
              {view === 'month' ? (
                <MonthView days={grid.days} month={month} today={today} byDay={byDay} />
              ) : (
                <AgendaView days={[...byDay.keys()]} today={today} byDay={byDay} />
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

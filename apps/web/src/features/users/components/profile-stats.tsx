import type { PersonalStats } from '@series-tracker/contracts';
import { lazy, Suspense } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';

const ProfileCharts = lazy(() => import('@/features/stats/components/profile-charts'));

/** Spec §9 library stat colours: over 200 green, over 100 blue, over 50 orange, else grey. */
export function libraryColor(n: number): string {
  if (n > 200) return 'text-emerald-300';
  if (n > 100) return 'text-sky-300';
  if (n > 50) return 'text-orange-300';
  return 'text-slate-200';
}

const libraryLabels = defineMessages({
  watching: { id: 'users.libraryWatching', defaultMessage: 'Watching' },
  completed: { id: 'users.libraryCompleted', defaultMessage: 'Completed' },
  planToWatch: { id: 'users.libraryPlanToWatch', defaultMessage: 'Plan to Watch' },
  onHold: { id: 'users.libraryOnHold', defaultMessage: 'On Hold' },
  dropped: { id: 'users.libraryDropped', defaultMessage: 'Dropped' },
});

/** Each figure's label for all time, and for one year ('Episodes watched in 2025'). */
type FigureLabel =
  | 'episodes'
  | 'episodesIn'
  | 'hours'
  | 'hoursIn'
  | 'completed'
  | 'completedIn'
  | 'streak'
  | 'streakIn';
const figureLabels: Record<FigureLabel, MessageDescriptor> = defineMessages({
  episodes: { id: 'users.episodesWatched', defaultMessage: 'Episodes watched' },
  episodesIn: { id: 'users.episodesWatchedIn', defaultMessage: 'Episodes watched in {year}' },
  hours: { id: 'users.hoursWatched', defaultMessage: 'Hours watched' },
  hoursIn: { id: 'users.hoursWatchedIn', defaultMessage: 'Hours watched in {year}' },
  completed: { id: 'users.showsCompleted', defaultMessage: 'Shows completed' },
  completedIn: { id: 'users.showsCompletedIn', defaultMessage: 'Shows completed in {year}' },
  streak: { id: 'users.longestStreak', defaultMessage: 'Longest streak' },
  streakIn: { id: 'users.longestStreakIn', defaultMessage: 'Longest streak in {year}' },
});

/** The member's library and watching figures, then the charts (loaded apart). */
export function ProfileStats({ stats }: { stats: PersonalStats }) {
  const intl = useIntl();
  const lib = (['watching', 'completed', 'planToWatch', 'onHold', 'dropped'] as const).map(
    (key) => ({ label: intl.formatMessage(libraryLabels[key]), value: stats.library[key] }),
  );
  // A year, not an amount: no digit grouping.
  const year = stats.year ? String(stats.year) : null;
  const label = (all: FigureLabel, inYear: FigureLabel) =>
    year
      ? intl.formatMessage(figureLabels[inYear], { year })
      : intl.formatMessage(figureLabels[all]);
  const figures = [
    { label: label('episodes', 'episodesIn'), value: formatCount(stats.episodesWatched) },
    { label: label('hours', 'hoursIn'), value: formatCount(Math.round(stats.hoursWatched)) },
    { label: label('completed', 'completedIn'), value: formatCount(stats.showsCompleted) },
    {
      label: label('streak', 'streakIn'),
      value: intl.formatMessage(
        { id: 'users.streakDays', defaultMessage: '{days, plural, one {# day} other {# days}}' },
        { days: stats.longestStreak.days },
      ),
    },
  ];
  const networks = intl.formatList(
    stats.topNetworks.slice(0, 5).map((n) => `${n.name} (${formatCount(n.episodes)})`),
    { type: 'unit', style: 'short' },
  );
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {lib.map((s) => (
          <div key={s.label} className="rounded-xl border border-slate-800 bg-slate-900/50 p-3">
            <dt className="text-xs font-medium text-slate-400">{s.label}</dt>
            <dd className={cn('mt-1 text-2xl font-bold tabular-nums', libraryColor(s.value))}>
              {formatCount(s.value)}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((s) => (
          <div key={s.label} className="rounded-xl border border-slate-800 bg-slate-900/30 p-3">
            <dt className="text-xs font-medium text-slate-400">{s.label}</dt>
            <dd className="mt-1 text-xl font-bold text-white tabular-nums">{s.value}</dd>
          </div>
        ))}
      </dl>
      {stats.topNetworks.length ? (
        <p className="text-sm text-slate-400">
          <FormattedMessage
            id="users.topNetworks"
            defaultMessage="Top networks: <names>{networks}</names>"
            values={{
              networks,
              names: (chunks) => <span className="text-slate-200">{chunks}</span>,
            }}
          />
        </p>
      ) : null}
      <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
        <ProfileCharts stats={stats} />
      </Suspense>
    </div>
  );
}

import type { PersonalStats } from '@series-tracker/contracts';
import { lazy, Suspense } from 'react';
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

/** The member's library and watching figures, then the charts (loaded apart). */
export function ProfileStats({ stats }: { stats: PersonalStats }) {
  const lib = [
    { label: 'Watching', value: stats.library.watching },
    { label: 'Completed', value: stats.library.completed },
    { label: 'Plan to Watch', value: stats.library.planToWatch },
    { label: 'On Hold', value: stats.library.onHold },
    { label: 'Dropped', value: stats.library.dropped },
  ];
  const figures = [
    { label: 'Episodes watched', value: formatCount(stats.episodesWatched) },
    { label: 'Hours watched', value: formatCount(Math.round(stats.hoursWatched)) },
    { label: 'Shows completed', value: formatCount(stats.showsCompleted) },
    {
      label: 'Longest streak',
      value: `${stats.longestStreak.days} ${stats.longestStreak.days === 1 ? 'day' : 'days'}`,
    },
  ];
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
            <dt className="text-xs font-medium text-slate-400">
              {s.label}
              {stats.year ? ` in ${stats.year}` : ''}
            </dt>
            <dd className="mt-1 text-xl font-bold text-white tabular-nums">{s.value}</dd>
          </div>
        ))}
      </dl>
      {stats.topNetworks.length ? (
        <p className="text-sm text-slate-400">
          Top networks:{' '}
          <span className="text-slate-200">
            {stats.topNetworks
              .slice(0, 5)
              .map((n) => `${n.name} (${n.episodes})`)
              .join(', ')}
          </span>
        </p>
      ) : null}
      <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
        <ProfileCharts stats={stats} />
      </Suspense>
    </div>
  );
}

import { cn } from '@/lib/cn';

const labels: Record<string, string> = {
  airing: 'Airing',
  completed: 'Completed',
  upcoming: 'Upcoming',
  tbd: 'TBD',
  unknown: 'Unknown',
};

/** Spec §4: airing green, completed blue, anything else grey. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const tone =
    status === 'airing'
      ? 'border-emerald-500/30 bg-emerald-500/15 text-emerald-300'
      : status === 'completed'
        ? 'border-sky-500/30 bg-sky-500/15 text-sky-300'
        : 'border-slate-600/50 bg-slate-700/40 text-slate-300';
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone,
        className,
      )}
    >
      {labels[status] ?? status}
    </span>
  );
}

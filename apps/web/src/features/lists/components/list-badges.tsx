import { Globe, Lock, Trophy } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { cn } from '@/lib/cn';

const pill =
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

export function RankedBadge({ className }: { className?: string }) {
  return (
    <span className={cn(pill, 'border-amber-400/40 bg-amber-400/15 text-amber-200', className)}>
      <Trophy aria-hidden className="size-3" />
      <FormattedMessage id="lists.ranked" defaultMessage="Ranked" />
    </span>
  );
}

/** 'Public' marker (spec §2); the owner also sees 'Private' on their own private lists. */
export function VisibilityBadge({
  isPublic,
  className,
}: {
  isPublic: boolean;
  className?: string;
}) {
  return isPublic ? (
    <span
      className={cn(pill, 'border-emerald-400/30 bg-emerald-400/10 text-emerald-200', className)}
    >
      <Globe aria-hidden className="size-3" />
      <FormattedMessage id="lists.public" defaultMessage="Public" />
    </span>
  ) : (
    <span className={cn(pill, 'border-slate-500/50 bg-slate-700/50 text-slate-200', className)}>
      <Lock aria-hidden className="size-3" />
      <FormattedMessage id="lists.private" defaultMessage="Private" />
    </span>
  );
}

/** A place on a ranked list: '#1'. */
export function RankText({ rank }: { rank: number }) {
  return <FormattedMessage id="lists.rank" defaultMessage="#{rank}" values={{ rank }} />;
}

import { Star } from 'lucide-react';
import { useState } from 'react';
import { seasonRatingMessages } from '@series-tracker/contracts/constants';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { RateDialog } from '@/features/tracking/components/rate-dialog';
import { useRequireSignIn } from '@/features/auth/hooks/use-require-sign-in';
import { serverMessageOr } from '@/lib/api-client';
import { useRateSeason, useShowSeasonRatings } from '../api/season-ratings';

const ratings = (n: number) => `${n} ${n === 1 ? 'rating' : 'ratings'}`;

/**
 * A season's rating on the show page's Episodes tab (issue 29): the community's average and
 * the member's own 1–10 rating, set, changed or removed through the score dialog. Visitors see
 * the average; pressing Rate sends them to sign in.
 */
export function SeasonRating({
  showId,
  season,
  label,
}: {
  showId: number;
  season: number;
  /** 'Season 2', 'Specials': the dialog's title and the button's name. */
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const { status, requireSignIn } = useRequireSignIn();
  const query = useShowSeasonRatings(showId);
  const rate = useRateSeason(showId);
  const figures = query.data?.seasons.find((s) => s.seasonNumber === season);
  const mine = status === 'authenticated' ? (figures?.mine ?? null) : null;

  function onRate(rating: number | null) {
    rate.mutate(
      { season, rating },
      {
        onSuccess: (s) =>
          toast.info(
            s.mine === null ? `Rating removed from ${label}` : `Rated ${label} ${s.mine}/10`,
          ),
        onError: (error) => toast.error(serverMessageOr(error, seasonRatingMessages.saveFailed)),
      },
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="season-rating">
      <p className="text-xs whitespace-nowrap text-slate-300">
        {figures && figures.average !== null ? (
          <>
            <Star aria-hidden className="mr-1 inline size-3.5 fill-amber-400 text-amber-400" />
            <span className="font-semibold text-white tabular-nums">{figures.average}</span>
            <span className="text-slate-400"> avg · {ratings(figures.count)}</span>
          </>
        ) : query.isSuccess ? (
          <span className="text-slate-400">No ratings yet</span>
        ) : null}
      </p>
      <button
        type="button"
        onClick={() => requireSignIn() && setOpen(true)}
        disabled={rate.isPending}
        aria-label={
          mine === null ? `Rate ${label}` : `Your rating of ${label}: ${mine}/10. Change it`
        }
        className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border border-slate-700 bg-slate-900 px-3 text-xs font-semibold whitespace-nowrap text-slate-200 hover:border-slate-500 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-50"
      >
        {rate.isPending ? (
          <Spinner className="size-3" />
        ) : (
          <Star
            aria-hidden
            className={mine === null ? 'size-3.5' : 'size-3.5 fill-violet-400 text-violet-400'}
          />
        )}
        {mine === null ? 'Rate season' : `You: ${mine}/10`}
      </button>
      <RateDialog open={open} onOpenChange={setOpen} title={label} score={mine} onRate={onRate} />
    </div>
  );
}

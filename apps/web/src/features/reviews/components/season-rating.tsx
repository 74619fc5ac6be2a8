import { Star } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { seasonRatingMessages } from '@series-tracker/contracts/constants';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { RateDialog } from '@/features/tracking/components/rate-dialog';
import { useRequireSignIn } from '@/features/auth/hooks/use-require-sign-in';
import { contractText } from '@/i18n/contract-text';
import { serverMessageOr } from '@/lib/api-client';
import { useRateSeason, useShowSeasonRatings } from '../api/season-ratings';
import { outOfTen } from '../lib/format';

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
  const intl = useIntl();
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
            s.mine === null
              ? intl.formatMessage(
                  {
                    id: 'reviews.seasonRatingRemoved',
                    defaultMessage: 'Rating removed from {season}',
                  },
                  { season: label },
                )
              : intl.formatMessage(
                  {
                    id: 'reviews.seasonRated',
                    defaultMessage: 'Rated {season} {rating, number}/10',
                  },
                  { season: label, rating: s.mine },
                ),
          ),
        onError: (error) =>
          toast.error(serverMessageOr(error, contractText(seasonRatingMessages.saveFailed))),
      },
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="season-rating">
      <p className="text-xs whitespace-nowrap text-slate-300">
        {figures && figures.average !== null ? (
          <>
            <Star aria-hidden className="me-1 inline size-3.5 fill-amber-400 text-amber-400" />
            <FormattedMessage
              id="reviews.seasonAverage"
              defaultMessage="<avg>{average, number}</avg><muted> avg · {count, plural, one {# rating} other {# ratings}}</muted>"
              values={{
                average: figures.average,
                count: figures.count,
                avg: (chunks) => (
                  <span className="font-semibold text-white tabular-nums">{chunks}</span>
                ),
                muted: (chunks) => <span className="text-slate-400">{chunks}</span>,
              }}
            />
          </>
        ) : query.isSuccess ? (
          <span className="text-slate-400">
            <FormattedMessage id="reviews.noSeasonRatings" defaultMessage="No ratings yet" />
          </span>
        ) : null}
      </p>
      <button
        type="button"
        onClick={() => requireSignIn() && setOpen(true)}
        disabled={rate.isPending}
        aria-label={
          mine === null
            ? intl.formatMessage(
                { id: 'reviews.rateSeasonNamed', defaultMessage: 'Rate {season}' },
                { season: label },
              )
            : intl.formatMessage(
                {
                  id: 'reviews.changeSeasonRating',
                  defaultMessage: 'Your rating of {season}: {rating, number}/10. Change it',
                },
                { season: label, rating: mine },
              )
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
        {mine === null
          ? intl.formatMessage({ id: 'reviews.rateSeason', defaultMessage: 'Rate season' })
          : intl.formatMessage(
              { id: 'reviews.yourSeasonRating', defaultMessage: 'You: {rating}' },
              { rating: outOfTen(mine) },
            )}
      </button>
      <RateDialog open={open} onOpenChange={setOpen} title={label} score={mine} onRate={onRate} />
    </div>
  );
}

import type { Review } from '@series-tracker/contracts';
import { Heart, MessageSquareText, PenLine } from 'lucide-react';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { formatCount } from '@/lib/format';
import { useShowReviews } from '../api/reviews';
import { daysAgo, outOfTen } from '../lib/format';
import { reviewWords } from '../lib/messages';
import { ReviewCardSkeleton } from './review-card';
import { SpoilerExcerpt } from './spoiler';
import { Stars } from './stars';
import { AuthorLink } from './author-link';

/** The show page's Reviews tab (spec §2 Show detail). */
export function ShowReviews({ showId }: { showId: number }) {
  const intl = useIntl();
  const query = useShowReviews(showId);
  const reviews = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const write = `/reviews/write?showId=${showId}`;

  if (query.isPending) {
    return (
      <div className="space-y-4" aria-label={intl.formatMessage(reviewWords.loadingReviews)}>
        {[0, 1, 2].map((i) => (
          <ReviewCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (query.isError && reviews.length === 0) {
    return (
      <QueryErrorState
        query={query}
        title={intl.formatMessage(reviewWords.loadFailedTitle)}
        message={intl.formatMessage(reviewWords.loadFailed)}
      />
    );
  }
  if (reviews.length === 0) {
    return (
      <EmptyState
        icon={MessageSquareText}
        title={intl.formatMessage({
          id: 'reviews.noneForShow',
          defaultMessage: 'No reviews yet for this show.',
        })}
      >
        <Link to={write} className={buttonStyles({ size: 'lg' })}>
          {intl.formatMessage(reviewWords.beFirst)}
        </Link>
      </EmptyState>
    );
  }
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-white">
          <FormattedMessage id="reviews.memberReviews" defaultMessage="Member reviews" />
        </h2>
        <Link to={write} className={buttonStyles()}>
          <PenLine aria-hidden className="size-4" />
          {intl.formatMessage(reviewWords.writeReview)}
        </Link>
      </div>
      <ul className="mt-5 space-y-4">
        {reviews.map((r) => (
          <li key={r.id}>
            <ShowReview review={r} />
          </li>
        ))}
      </ul>
      <LoadMore
        query={query}
        label={intl.formatMessage(reviewWords.loadMore)}
        loadingLabel={intl.formatMessage(reviewWords.loadingMore)}
      />
    </div>
  );
}

function ShowReview({ review }: { review: Review }) {
  const intl = useIntl();
  return (
    <article className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4 sm:p-5">
      <div className="flex items-center gap-3">
        <Avatar user={review.user} size="sm" />
        <div className="min-w-0 text-sm">
          <p className="truncate">
            <AuthorLink user={review.user} />
          </p>
          <p className="text-slate-400">
            <time dateTime={review.createdAt}>{daysAgo(review.createdAt)}</time>
          </p>
        </div>
      </div>
      <div className="mt-3 flex items-center gap-2">
        <Stars rating={review.rating} />
        <span className="font-semibold text-slate-100 tabular-nums">{outOfTen(review.rating)}</span>
      </div>
      <h3 dir="auto" className="mt-2 text-lg font-bold break-words text-white">
        {review.title}
      </h3>
      <SpoilerExcerpt review={review} className="mt-2" clampClassName="line-clamp-4" />
      <div className="mt-3 flex items-center justify-between gap-3 text-sm">
        <Link
          to={`/review/${review.id}`}
          className="rounded font-semibold text-violet-300 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
        >
          <FormattedMessage id="reviews.readFull" defaultMessage="Read Full Review" />
        </Link>
        <span className="inline-flex items-center gap-1 text-slate-400">
          <Heart aria-hidden className="size-3.5" />
          <span className="sr-only">{intl.formatMessage(reviewWords.likes)}</span>
          {formatCount(review.likesCount)}
        </span>
      </div>
    </article>
  );
}

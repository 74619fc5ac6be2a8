import type { Review } from '@series-tracker/contracts';
import { Heart, MessageCircle } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CoverImage } from '@/components/ui/cover-image';
import { CoverSkeleton } from '@/components/media/media-skeleton';
import { formatCount } from '@/lib/format';
import { daysAgo, DOT, outOfTen } from '../lib/format';
import { reviewWords } from '../lib/messages';
import { AuthorLink } from './author-link';
import { SpoilerExcerpt } from './spoiler';
import { Stars } from './stars';

const linkFocus =
  'rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

/** A review in the feed (spec §2 Reviews feed card). */
export function ReviewCard({ review }: { review: Review }) {
  const intl = useIntl();
  return (
    <article
      aria-labelledby={`review-${review.id}-title`}
      className="flex gap-3 rounded-2xl border border-slate-800 bg-slate-900/60 p-4 sm:gap-5 sm:p-5"
    >
      <Link
        to={`/show/${review.showId}`}
        className={`${linkFocus} shrink-0 self-start`}
        aria-label={review.show.title}
      >
        <CoverImage
          src={review.show.coverImageUrl}
          title={review.show.title}
          decorative
          showTitle={false}
          className="aspect-[2/3] w-16 rounded-lg sm:w-24"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="truncate text-xs font-semibold tracking-wide text-violet-300 uppercase">
          {review.show.title}
        </p>
        <h3 id={`review-${review.id}-title`} className="mt-0.5 text-lg font-bold text-white">
          <Link
            dir="auto"
            to={`/review/${review.id}`}
            className={`${linkFocus} break-words hover:text-violet-200`}
          >
            {review.title}
          </Link>
        </h3>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-400">
          <span>
            <FormattedMessage
              id="reviews.byAuthor"
              defaultMessage="by {author}"
              values={{ author: <AuthorLink user={review.user} /> }}
            />
          </span>
          <span aria-hidden>{DOT}</span>
          <time dateTime={review.createdAt}>{daysAgo(review.createdAt)}</time>
          {!review.isPublic ? (
            <span className="rounded-full border border-slate-600 px-2 text-xs text-slate-300">
              <FormattedMessage id="reviews.private" defaultMessage="Private" />
            </span>
          ) : null}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <Stars rating={review.rating} />
          <span className="font-semibold text-slate-200 tabular-nums">
            {outOfTen(review.rating)}
          </span>
          <span
            className="inline-flex items-center gap-1 text-slate-400"
            title={intl.formatMessage({ id: 'reviews.likesTitle', defaultMessage: 'Likes' })}
          >
            <Heart aria-hidden className="size-3.5" />
            <span className="sr-only">{intl.formatMessage(reviewWords.likes)}</span>
            {formatCount(review.likesCount)}
          </span>
          <span
            className="inline-flex items-center gap-1 text-slate-400"
            title={intl.formatMessage({ id: 'reviews.commentsTitle', defaultMessage: 'Comments' })}
          >
            <MessageCircle aria-hidden className="size-3.5" />
            <span className="sr-only">{intl.formatMessage(reviewWords.comments)}</span>
            {formatCount(review.commentsCount ?? 0)}
          </span>
        </div>
        <SpoilerExcerpt review={review} className="mt-3" clampClassName="line-clamp-3" />
        <Link
          to={`/review/${review.id}`}
          className={`${linkFocus} mt-3 inline-block text-sm font-semibold text-violet-300 hover:text-violet-200`}
        >
          <FormattedMessage id="reviews.readFullArrow" defaultMessage="Read full review →" />
        </Link>
      </div>
    </article>
  );
}

export function ReviewCardSkeleton() {
  return (
    <CoverSkeleton
      className="flex gap-3 rounded-2xl border border-slate-800 bg-slate-900/60 p-4 sm:gap-5 sm:p-5"
      testId="review-card-skeleton"
      cover="aspect-[2/3] w-16 shrink-0 sm:w-24"
      linesClassName="flex-1 space-y-2.5"
      lines={['h-3 w-24', 'h-5 w-3/4', 'h-4 w-40', 'h-4 w-48', 'h-12 w-full']}
    />
  );
}

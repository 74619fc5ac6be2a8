import type { Review } from '@series-tracker/contracts';
import { Heart, MessageCircle, Star } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { CoverLink } from '@/components/ui/cover-link';
import { timeAgo } from '@/features/activity/components/activity-entry';

/** Between the show, the date and 'Private': punctuation, the same in every language here. */
const dot = ' · ';

/** One of a member's reviews on their profile: show, title, rating, excerpt, counts. */
export function ProfileReviewCard({ review }: { review: Review }) {
  return (
    <article className="flex gap-4 rounded-xl border border-slate-800 bg-slate-900/50 p-4">
      <CoverLink
        to={`/show/${review.showId}`}
        src={review.show.coverImageUrl}
        title={review.show.title}
        className="h-24 w-16 rounded-md"
        linkClassName="shrink-0"
      />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold break-words text-white">
          <Link to={`/review/${review.id}`} className="hover:text-violet-300 hover:underline">
            {review.title}
          </Link>
        </h3>
        <p className="text-sm text-slate-400">
          <Link to={`/show/${review.showId}`} className="hover:text-violet-300 hover:underline">
            {review.show.title}
          </Link>
          {dot}
          <time dateTime={review.createdAt}>{timeAgo(review.createdAt)}</time>
          {!review.isPublic ? (
            <>
              {dot}
              <FormattedMessage id="users.reviewPrivate" defaultMessage="Private" />
            </>
          ) : null}
        </p>
        <p className="mt-1 flex items-center gap-1 text-sm font-semibold text-amber-300">
          <Star aria-hidden className="size-4 fill-current" />
          <FormattedMessage
            id="users.scoreOutOfTen"
            defaultMessage="{score}/10"
            values={{ score: review.rating }}
          />
        </p>
        {review.isSpoiler ? (
          <p className="mt-2 text-sm text-orange-300">
            <FormattedMessage
              id="users.reviewHasSpoilers"
              defaultMessage="This review contains spoilers"
            />
          </p>
        ) : (
          <p dir="auto" className="mt-2 line-clamp-3 text-sm text-slate-300">
            {review.content}
          </p>
        )}
        <p className="mt-2 flex gap-4 text-xs text-slate-400">
          <span className="inline-flex items-center gap-1">
            <Heart aria-hidden className="size-3.5" /> {review.likesCount}
            <span className="sr-only">
              <FormattedMessage id="users.likes" defaultMessage="likes" />
            </span>
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageCircle aria-hidden className="size-3.5" /> {review.commentsCount}
            <span className="sr-only">
              <FormattedMessage id="users.comments" defaultMessage="comments" />
            </span>
          </span>
        </p>
      </div>
    </article>
  );
}

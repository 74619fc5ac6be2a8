import type { ReviewSearchResult } from '@series-tracker/contracts';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareText, SearchX } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { Skeleton } from '@/components/ui/skeleton';
import { reviewsKeys, searchReviews } from '../api/reviews';
import { daysAgo, DOT, outOfTen } from '../lib/format';
import { reviewWords } from '../lib/messages';
import { Spoiler } from './spoiler';
import { Stars } from './stars';
import { AuthorLink, reviewAuthor } from './author-link';

/** The search page's Reviews tab: public reviews, best match first. */
export function ReviewSearchResults({ q, emptyHint }: { q: string; emptyHint: string }) {
  const intl = useIntl();
  const query = useQuery({
    queryKey: reviewsKeys.search(q),
    queryFn: ({ signal }) => searchReviews(q, signal),
    select: (page) => page.data,
    enabled: q.length > 0,
  });
  if (!q) {
    return (
      <EmptyState
        icon={MessageSquareText}
        title={intl.formatMessage({ id: 'reviews.searchTitle', defaultMessage: 'Find reviews' })}
        message={intl.formatMessage({
          id: 'reviews.searchHint',
          defaultMessage:
            "Type words from a review's title or text in the search box to find members' reviews.",
        })}
      />
    );
  }
  if (query.isPending) {
    return (
      <div className="space-y-3" data-testid="results-loading">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return (
      <EmptyState
        icon={SearchX}
        title={intl.formatMessage(reviewWords.noneFound)}
        message={emptyHint}
      />
    );
  return (
    <>
      {/* A failed refresh keeps the results shown (ADR 176). */}
      <QueryRefreshError query={query} className="mb-3" />
      <ul className="space-y-3">
        {query.data.map((r) => (
          <li key={r.id}>
            <ReviewResult review={r} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ReviewResult({ review }: { review: ReviewSearchResult }) {
  const user = reviewAuthor(review);
  return (
    <article className="rounded-xl border border-slate-800 bg-slate-900/50 p-4">
      <p className="truncate text-xs font-semibold tracking-wide text-violet-300 uppercase">
        {review.showTitle}
      </p>
      <h3 className="mt-0.5 font-bold break-words text-white">{review.title}</h3>
      <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-400">
        <Avatar user={user} size="sm" className="size-6 text-xs" />
        <AuthorLink user={user} className="font-normal text-slate-200" />
        <span aria-hidden>{DOT}</span>
        <time dateTime={review.createdAt}>{daysAgo(review.createdAt)}</time>
        <span aria-hidden>{DOT}</span>
        <Stars rating={review.rating} />
        <span className="font-semibold text-slate-200 tabular-nums">{outOfTen(review.rating)}</span>
      </div>
      <Spoiler isSpoiler={review.isSpoiler} className="mt-2">
        <p className="line-clamp-3 text-sm leading-relaxed break-words whitespace-pre-line text-slate-300">
          {review.excerpt}
        </p>
      </Spoiler>
      <Link
        to={`/review/${review.id}`}
        className={buttonStyles({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
      >
        <FormattedMessage id="reviews.viewFull" defaultMessage="View Full Review" />
      </Link>
    </article>
  );
}

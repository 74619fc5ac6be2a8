import type { ReviewFilter, ReviewSort } from '@series-tracker/contracts';
import { MessageSquareText, PenLine } from 'lucide-react';
import { useMemo } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { ItemList } from '@/components/ui/item-list';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonList } from '@/components/ui/skeleton';
import { QueryErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useReviewFeed } from '@/features/reviews/api/reviews';
import { ReviewCard, ReviewCardSkeleton } from '@/features/reviews/components/review-card';
import { reviewsLoadedText } from '@/features/reviews/lib/format';
import { reviewWords } from '@/features/reviews/lib/messages';
import { cn } from '@/lib/cn';
import { uniqueItems } from '@/lib/paging';
import { pageTitle } from '@/lib/site';

/** Spec §9: 3 skeleton cards while the feed loads. */
export const REVIEW_SKELETONS = 3;

const labels = defineMessages({
  latest: { id: 'reviews.filterLatest', defaultMessage: 'Latest' },
  topRated: { id: 'reviews.filterTopRated', defaultMessage: 'Top Rated' },
  mostLiked: { id: 'reviews.filterMostLiked', defaultMessage: 'Most Liked' },
  date: { id: 'reviews.sortDate', defaultMessage: 'Date' },
  rating: { id: 'reviews.sortRating', defaultMessage: 'Rating' },
  likes: { id: 'reviews.sortLikes', defaultMessage: 'Likes' },
});

const filters: { value: ReviewFilter; label: MessageDescriptor }[] = [
  { value: 'latest', label: labels.latest },
  { value: 'top_rated', label: labels.topRated },
  { value: 'most_liked', label: labels.mostLiked },
];
const sorts: { value: ReviewSort; label: MessageDescriptor }[] = [
  { value: 'created_at', label: labels.date },
  { value: 'rating', label: labels.rating },
  { value: 'likes_count', label: labels.likes },
];
/** The order a filter implies until a sort is picked. */
const impliedSort: Record<ReviewFilter, ReviewSort> = {
  latest: 'created_at',
  top_rated: 'rating',
  most_liked: 'likes_count',
};

const pill = (active: boolean) =>
  cn(
    'h-9 shrink-0 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400',
    active
      ? 'border-violet-500 bg-violet-600 text-white'
      : 'border-slate-700 bg-slate-900 text-slate-300 hover:border-slate-500 hover:text-white',
  );

/** /reviews: the community's public reviews (spec §2 Reviews feed). */
export function ReviewsRoute() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const filter = filters.find((f) => f.value === params.get('filter'))?.value ?? 'latest';
  const sort = sorts.find((s) => s.value === params.get('sort'))?.value;
  const query = useReviewFeed(filter, sort);

  const reviews = useMemo(() => uniqueItems(query.data?.pages), [query.data]);

  function setParam(key: 'filter' | 'sort', value: string | undefined) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  }

  const activeSort = sort ?? impliedSort[filter];
  const title = intl.formatMessage({ id: 'reviews.title', defaultMessage: 'Reviews' });
  const feedFailed = intl.formatMessage(reviewWords.loadFailed);

  return (
    <div className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{title}</h1>
          <p className="mt-1 min-h-6 text-slate-400" aria-live="polite">
            {query.isSuccess ? reviewsLoadedText(reviews.length) : null}
          </p>
        </div>
        <Link to="/reviews/write" className={buttonStyles()}>
          <PenLine aria-hidden className="size-4" />
          {intl.formatMessage(reviewWords.writeReview)}
        </Link>
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div
          role="group"
          aria-label={intl.formatMessage({
            id: 'reviews.filterGroup',
            defaultMessage: 'Filter reviews',
          })}
          className="-mx-4 flex gap-1.5 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:gap-2 sm:px-0"
        >
          {filters.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={filter === f.value}
              onClick={() => setParam('filter', f.value === 'latest' ? undefined : f.value)}
              className={pill(filter === f.value)}
            >
              {intl.formatMessage(f.label)}
            </button>
          ))}
        </div>
        <div
          role="group"
          aria-label={intl.formatMessage({
            id: 'reviews.sortGroup',
            defaultMessage: 'Sort reviews by',
          })}
          className="-mx-4 flex items-center gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:px-0"
        >
          <span className="shrink-0 text-sm text-slate-400">
            <FormattedMessage id="reviews.sortBy" defaultMessage="Sort by" />
          </span>
          {sorts.map((s) => (
            <button
              key={s.value}
              type="button"
              aria-pressed={activeSort === s.value}
              onClick={() =>
                setParam('sort', s.value === impliedSort[filter] ? undefined : s.value)
              }
              className={cn(pill(activeSort === s.value), 'h-8 px-3')}
            >
              {intl.formatMessage(s.label)}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-6">
        {query.isPending ? (
          <SkeletonList
            count={REVIEW_SKELETONS}
            item={<ReviewCardSkeleton />}
            className="space-y-4"
            label={intl.formatMessage(reviewWords.loadingReviews)}
          />
        ) : query.isError && reviews.length === 0 ? (
          <QueryErrorState
            title={intl.formatMessage(reviewWords.loadFailedTitle)}
            query={query}
            message={feedFailed}
          />
        ) : reviews.length === 0 ? (
          <EmptyState
            icon={MessageSquareText}
            title={intl.formatMessage(reviewWords.noneFound)}
            message={intl.formatMessage({
              id: 'reviews.emptyHint',
              defaultMessage: 'Be the first to write a review!',
            })}
            link={{
              to: '/reviews/write',
              label: intl.formatMessage({
                id: 'reviews.writeTitle',
                defaultMessage: 'Write a Review',
              }),
              size: 'lg',
            }}
          />
        ) : (
          <>
            <h2 className="sr-only">{title}</h2>
            <ItemList items={reviews} className="space-y-4">
              {(r) => <ReviewCard review={r} />}
            </ItemList>
            <div className="mt-8 flex flex-col items-center gap-3" aria-live="polite">
              {query.isFetchNextPageError ? <FormAlert>{feedFailed}</FormAlert> : null}
              {query.isFetchingNextPage ? (
                <p className="inline-flex items-center gap-2 text-sm text-slate-400">
                  <Spinner />
                  {intl.formatMessage(reviewWords.loadingMore)}
                </p>
              ) : query.hasNextPage ? (
                <Button
                  variant="secondary"
                  size="lg"
                  onClick={() => {
                    if (!query.isFetching) void query.fetchNextPage();
                  }}
                >
                  {intl.formatMessage(reviewWords.loadMore)}
                </Button>
              ) : (
                <p className="text-sm text-slate-400">
                  <FormattedMessage id="reviews.noMore" defaultMessage="No more reviews to load" />
                </p>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

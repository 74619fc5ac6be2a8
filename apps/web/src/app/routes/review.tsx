import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonStyles } from '@/components/ui/button';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { CoverImage } from '@/components/ui/cover-image';
import { CoverSkeleton } from '@/components/media/media-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { useAuth } from '@/features/auth/hooks/use-auth';
import {
  useDeleteReview,
  useLikeReview,
  useReview,
  useReviewLikeStatus,
} from '@/features/reviews/api/reviews';
import { AuthorLink } from '@/features/reviews/components/author-link';
import { ModerationNotice } from '@/features/moderation/components/moderation-notice';
import { ReportButton } from '@/features/moderation/components/report-dialog';
import { CommentsSection } from '@/features/reviews/components/comments';
import { LikeButton } from '@/features/reviews/components/like-button';
import { PlainText } from '@/features/reviews/components/plain-text';
import { Spoiler } from '@/features/reviews/components/spoiler';
import { Stars } from '@/features/reviews/components/stars';
import { longFormDate, outOfTen } from '@/features/reviews/lib/format';
import { reviewWords } from '@/features/reviews/lib/messages';
import { errorReason, isApiError } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';
import { StatusPage } from './not-found';
import { parseId } from './route-id';

const ConfirmDeleteReviewDialog = lazy(() =>
  import('@/features/reviews/components/confirm-delete-review').then((m) => ({
    default: m.ConfirmDeleteReviewDialog,
  })),
);

function BackLink() {
  const intl = useIntl();
  return (
    <Link to="/reviews" className={buttonStyles({ size: 'lg', variant: 'secondary' })}>
      {intl.formatMessage(reviewWords.backToReviews)}
    </Link>
  );
}

export function ReviewNotFound() {
  const intl = useIntl();
  return (
    <StatusPage
      title={intl.formatMessage({
        id: 'reviews.notFoundTitle',
        defaultMessage: 'Review Not Found',
      })}
      message={intl.formatMessage(reviewWords.notFound)}
    >
      <BackLink />
    </StatusPage>
  );
}

export function ReviewRoute() {
  const id = parseId(useParams().id);
  if (id === null) return <ReviewNotFound />;
  return <ReviewPage key={id} id={id} />;
}

function ReviewPage({ id }: { id: number }) {
  const intl = useIntl();
  const query = useReview(id);
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  const likeStatus = useReviewLikeStatus(id, { enabled: signedIn && query.isSuccess });
  const like = useLikeReview(id);
  const remove = useDeleteReview();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  if (query.isPending) {
    return (
      <div
        className="mx-auto w-full max-w-3xl flex-1 space-y-5 px-4 py-8 sm:px-6"
        data-testid="review-skeleton"
      >
        <Skeleton className="h-4 w-32" />
        <CoverSkeleton
          className="flex gap-4"
          cover="aspect-[2/3] w-20"
          linesClassName="flex-1 space-y-3"
          lines={['h-5 w-1/2', 'h-8 w-3/4', 'h-4 w-40']}
        />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  // A failed refresh keeps the review (ADR 162).
  if (query.isLoadingError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
      return <ReviewNotFound />;
    return (
      <StatusPage
        title={intl.formatMessage(reviewWords.loadError)}
        message={
          isApiError(query.error) && query.error.fromServer
            ? query.error.message
            : intl.formatMessage({
                id: 'reviews.loadOneFailed',
                defaultMessage: 'Failed to load review',
              })
        }
      >
        <Button size="lg" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching
            ? intl.formatMessage({ id: 'reviews.retrying', defaultMessage: 'Retrying...' })
            : intl.formatMessage({ id: 'reviews.tryAgain', defaultMessage: 'Try Again' })}
        </Button>
        <BackLink />
      </StatusPage>
    );
  }

  const review = query.data;
  const own = user?.id === review.userId;
  const liked = likeStatus.data?.isLiked ?? review.isLiked ?? false;

  return (
    <article className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(review.title)}</title>
      <QueryRefreshError className="mb-4" query={query} />
      <Link
        to="/reviews"
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-violet-300 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
      >
        <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
        {intl.formatMessage(reviewWords.backToReviews)}
      </Link>

      <header className="mt-6 flex gap-4 sm:gap-6">
        <Link
          to={`/show/${review.showId}`}
          className="shrink-0 self-start rounded focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          <CoverImage
            src={review.show.coverImageUrl}
            title={review.show.title}
            showTitle={false}
            priority
            className="aspect-[2/3] w-20 rounded-lg sm:w-28"
          />
        </Link>
        <div className="min-w-0 flex-1">
          <Link
            to={`/show/${review.showId}`}
            className="rounded text-sm font-semibold text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            {review.show.title}
          </Link>
          <h1
            dir="auto"
            className="mt-1 text-2xl font-extrabold tracking-tight break-words text-white sm:text-3xl"
          >
            {review.title}
          </h1>
          <div className="mt-3 flex items-center gap-2.5">
            <Avatar user={review.user} size="sm" />
            <div className="min-w-0 text-sm">
              <FormattedMessage
                id="reviews.authorAndHandle"
                defaultMessage="{author} <handle>@{username}</handle>"
                values={{
                  author: <AuthorLink user={review.user} />,
                  username: review.user.username,
                  handle: (chunks) => <span className="text-slate-400">{chunks}</span>,
                }}
              />
              <p className="text-slate-400">
                {review.isPublic ? (
                  <time dateTime={review.createdAt}>{longFormDate(review.createdAt)}</time>
                ) : (
                  <FormattedMessage
                    id="reviews.datePrivate"
                    defaultMessage="{date} · Private (only you can see it)"
                    values={{
                      date: (
                        <time dateTime={review.createdAt}>{longFormDate(review.createdAt)}</time>
                      ),
                    }}
                  />
                )}
              </p>
            </div>
          </div>
        </div>
      </header>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Stars rating={review.rating} size="md" />
        <span className="text-lg font-bold text-white tabular-nums">{outOfTen(review.rating)}</span>
        <LikeButton
          liked={liked}
          count={review.likesCount}
          signedIn={signedIn}
          own={own}
          pending={like.isPending}
          onToggle={(l) =>
            like.mutate(l, {
              onError: (e) =>
                toast.error(intl.formatMessage(reviewWords.likeFailed, { reason: errorReason(e) })),
            })
          }
        />
        {own ? (
          <div className="ms-auto flex gap-2">
            <Link
              to={`/reviews/write?reviewId=${review.id}`}
              className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            >
              <Pencil aria-hidden className="size-4" />
              <FormattedMessage id="reviews.edit" defaultMessage="Edit" />
            </Link>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden className="size-4" />
              {intl.formatMessage(reviewWords.delete)}
            </Button>
          </div>
        ) : signedIn ? (
          <div className="ms-auto">
            <ReportButton itemType="review" itemId={review.id} />
          </div>
        ) : null}
      </div>
      <ModerationNotice moderation={review.moderation} />

      <Spoiler isSpoiler={review.isSpoiler} className="mt-6">
        <PlainText text={review.content} className="text-base leading-relaxed text-slate-200" />
      </Spoiler>

      <CommentsSection
        reviewId={review.id}
        reviewAuthorId={review.userId}
        count={review.commentsCount}
        viewer={user ? { id: user.id } : null}
        authLoading={status === 'loading'}
      />

      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDeleteReviewDialog
            open={confirming}
            onOpenChange={setConfirming}
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(review, {
                onSuccess: () => void navigate('/reviews'),
                onError: (e) =>
                  toast.error(
                    intl.formatMessage(
                      {
                        id: 'reviews.deleteFailed',
                        defaultMessage: 'Could not delete the review: {reason}.',
                      },
                      { reason: errorReason(e) },
                    ),
                  ),
                onSettled: () => setConfirming(false),
              })
            }
          />
        </Suspense>
      ) : null}
    </article>
  );
}

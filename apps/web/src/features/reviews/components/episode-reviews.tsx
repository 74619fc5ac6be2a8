import type { EpisodeReview } from '@series-tracker/contracts';
import { spoilerMessages } from '@series-tracker/contracts/constants';
import { MessageSquareText, PenLine, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useRequireSignIn } from '@/features/auth/hooks/use-require-sign-in';
import { contractText } from '@/i18n/contract-text';
import { errorReason } from '@/lib/api-client';
import { useEpisodeReviews, useLikeEpisodeReview } from '../api/reviews';
import { daysAgo, outOfTen } from '../lib/format';
import { reviewWords } from '../lib/messages';
import { ModerationNotice } from '@/features/moderation/components/moderation-notice';
import { ReportButton } from '@/features/moderation/components/report-dialog';
import { LikeButton } from './like-button';
import { PlainText } from './plain-text';
import { Spoiler, spoilerWarning } from './spoiler';
import { AuthorLink, reviewAuthor } from './author-link';

const loadDialog = () => import('./episode-review-dialog');
const EpisodeReviewDialog = lazy(() =>
  loadDialog().then((m) => ({ default: m.EpisodeReviewDialog })),
);

/** 'Episode Reviews ({count})' with the 'Write Episode Review' modal (spec §2 Episode detail). */
/**
 * `collapsed`: the episode is a spoiler for the member (ADR 181), so every review's text starts
 * blurred behind "Reveal spoiler", as a review marked as a spoiler does.
 */
export function EpisodeReviews({
  episodeId,
  collapsed = false,
}: {
  episodeId: number;
  collapsed?: boolean;
}) {
  const intl = useIntl();
  const query = useEpisodeReviews(episodeId);
  const { user, status } = useAuth();
  const { requireSignIn } = useRequireSignIn();
  const [editing, setEditing] = useState<EpisodeReview | 'new' | null>(null);
  const reviews = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const mine = user ? reviews.find((r) => r.userId === user.id) : undefined;

  function openForm() {
    if (!requireSignIn()) return;
    setEditing(mine ?? 'new');
  }
  // Both write buttons: the dialog's code starts loading when one is pointed at or focused.
  const writeButton = {
    onClick: openForm,
    onPointerEnter: loadDialog,
    onFocus: loadDialog,
    disabled: status === 'loading',
  };

  return (
    <section aria-labelledby="episode-reviews-heading" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="episode-reviews-heading" className="text-lg font-semibold text-white">
          <FormattedMessage
            id="reviews.episodeReviewsHeading"
            defaultMessage="Episode Reviews ({count})"
            values={{ count: query.isSuccess ? intl.formatNumber(total) : '…' }}
          />
        </h2>
        {reviews.length > 0 || mine ? (
          <Button variant="secondary" {...writeButton}>
            <PenLine aria-hidden className="size-4" />
            {mine
              ? intl.formatMessage({ id: 'reviews.editYours', defaultMessage: 'Edit Your Review' })
              : intl.formatMessage(reviewWords.writeEpisodeReview)}
          </Button>
        ) : null}
      </div>
      <div className="mt-4">
        {query.isPending ? (
          <div
            className="space-y-3"
            aria-label={intl.formatMessage({
              id: 'reviews.loadingEpisodeReviews',
              defaultMessage: 'Loading episode reviews',
            })}
          >
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : query.isError && reviews.length === 0 ? (
          <QueryErrorState
            query={query}
            title={intl.formatMessage({
              id: 'reviews.episodeReviewsLoadFailed',
              defaultMessage: 'Could not load episode reviews',
            })}
            headingLevel={3}
          />
        ) : reviews.length === 0 ? (
          <EmptyState
            icon={MessageSquareText}
            headingLevel={3}
            title={intl.formatMessage({
              id: 'reviews.noneForEpisode',
              defaultMessage: 'No reviews yet for this episode.',
            })}
          >
            <Button size="lg" {...writeButton}>
              {intl.formatMessage(reviewWords.beFirst)}
            </Button>
          </EmptyState>
        ) : (
          <>
            <ul className="space-y-3">
              {reviews.map((r) => (
                <li key={r.id}>
                  <EpisodeReviewItem
                    review={r}
                    episodeId={episodeId}
                    viewerId={user?.id ?? null}
                    collapsed={collapsed && r.userId !== user?.id}
                  />
                </li>
              ))}
            </ul>
            <LoadMore
              query={query}
              label={intl.formatMessage(reviewWords.loadMore)}
              loadingLabel={intl.formatMessage(reviewWords.loadingMore)}
              className="mt-4"
            />
          </>
        )}
      </div>
      {editing ? (
        <Suspense fallback={null}>
          <EpisodeReviewDialog
            key={editing === 'new' ? 'new' : editing.id}
            episodeId={episodeId}
            existing={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function EpisodeReviewItem({
  review,
  episodeId,
  viewerId,
  collapsed,
}: {
  review: EpisodeReview;
  episodeId: number;
  viewerId: number | null;
  collapsed: boolean;
}) {
  const intl = useIntl();
  const like = useLikeEpisodeReview(episodeId);
  const user = reviewAuthor(review);
  return (
    <article className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <div className="flex items-center gap-3">
        <Avatar user={user} size="sm" />
        <div className="min-w-0 text-sm">
          <p className="truncate">
            <AuthorLink user={user} />
          </p>
          <p className="text-slate-400">
            <time dateTime={review.createdAt}>{daysAgo(review.createdAt)}</time>
          </p>
        </div>
        <span className="ms-auto font-semibold text-slate-100 tabular-nums">
          {outOfTen(review.rating)}
        </span>
      </div>
      {review.isSpoiler && !review.content ? (
        <p className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-amber-200">
          <TriangleAlert aria-hidden className="size-4" />
          {intl.formatMessage(spoilerWarning)}
        </p>
      ) : null}
      {review.content ? (
        <Spoiler
          isSpoiler={review.isSpoiler || collapsed}
          className="mt-2"
          {...(collapsed && !review.isSpoiler
            ? { warning: contractText(spoilerMessages.reviewHidden) }
            : {})}
        >
          <PlainText text={review.content} className="text-sm leading-relaxed text-slate-300" />
        </Spoiler>
      ) : null}
      <ModerationNotice moderation={review.moderation} />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <LikeButton
          size="sm"
          liked={review.isLiked ?? false}
          count={review.likesCount}
          signedIn={viewerId !== null}
          own={viewerId === review.userId}
          pending={like.isPending}
          onToggle={(l) =>
            like.mutate(
              { id: review.id, like: l },
              {
                onError: (e) =>
                  toast.error(
                    intl.formatMessage(reviewWords.likeFailed, { reason: errorReason(e) }),
                  ),
              },
            )
          }
        />
        {viewerId !== null && viewerId !== review.userId ? (
          <ReportButton itemType="episode-review" itemId={review.id} />
        ) : null}
      </div>
    </article>
  );
}

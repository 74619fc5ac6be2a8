import type { EpisodeReview } from '@series-tracker/contracts';
import { reviewLimits, reviewMessages } from '@series-tracker/contracts/constants';
import { MessageSquareText, PenLine, TriangleAlert } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useRequireSignIn } from '@/features/tracking/hooks/use-require-sign-in';
import { errorReason, isApiError } from '@/lib/api-client';
import {
  useCreateEpisodeReview,
  useDeleteEpisodeReview,
  useEpisodeReviews,
  useLikeEpisodeReview,
  useUpdateEpisodeReview,
} from '../api/reviews';
import { daysAgo } from '../lib/format';
import { LikeButton } from './like-button';
import { PlainText } from './plain-text';
import { SPOILER_WARNING, Spoiler } from './spoiler';
import { AuthorLink } from './author-link';

/** 'Episode Reviews ({count})' with the 'Write Episode Review' modal (spec §2 Episode detail). */
export function EpisodeReviews({ episodeId }: { episodeId: number }) {
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

  return (
    <section aria-labelledby="episode-reviews-heading" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="episode-reviews-heading" className="text-lg font-semibold text-white">
          Episode Reviews ({query.isSuccess ? total : '…'})
        </h2>
        {reviews.length > 0 || mine ? (
          <Button variant="secondary" onClick={openForm} disabled={status === 'loading'}>
            <PenLine aria-hidden className="size-4" />
            {mine ? 'Edit Your Review' : 'Write Episode Review'}
          </Button>
        ) : null}
      </div>
      <div className="mt-4">
        {query.isPending ? (
          <div className="space-y-3" aria-label="Loading episode reviews">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : query.isError && reviews.length === 0 ? (
          <ErrorState
            title="Could not load episode reviews"
            error={query.error}
            headingLevel={3}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : reviews.length === 0 ? (
          <EmptyState
            icon={MessageSquareText}
            headingLevel={3}
            title="No reviews yet for this episode."
          >
            <Button size="lg" onClick={openForm} disabled={status === 'loading'}>
              Be the First to Review
            </Button>
          </EmptyState>
        ) : (
          <>
            <ul className="space-y-3">
              {reviews.map((r) => (
                <li key={r.id}>
                  <EpisodeReviewItem review={r} episodeId={episodeId} viewerId={user?.id ?? null} />
                </li>
              ))}
            </ul>
            {query.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="secondary"
                  disabled={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  {query.isFetchingNextPage ? 'Loading more reviews...' : 'Load More Reviews'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
      {editing ? (
        <EpisodeReviewDialog
          key={editing === 'new' ? 'new' : editing.id}
          episodeId={episodeId}
          existing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

function EpisodeReviewItem({
  review,
  episodeId,
  viewerId,
}: {
  review: EpisodeReview;
  episodeId: number;
  viewerId: number | null;
}) {
  const like = useLikeEpisodeReview(episodeId);
  const user = {
    username: review.username,
    displayName: review.userDisplayName,
    avatarUrl: review.userAvatarUrl,
  };
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
        <span className="ml-auto font-semibold text-slate-100 tabular-nums">
          {review.rating}/10
        </span>
      </div>
      {review.isSpoiler && !review.content ? (
        <p className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-amber-200">
          <TriangleAlert aria-hidden className="size-4" />
          {SPOILER_WARNING}
        </p>
      ) : null}
      {review.content ? (
        <Spoiler isSpoiler={review.isSpoiler} className="mt-2">
          <PlainText text={review.content} className="text-sm leading-relaxed text-slate-300" />
        </Spoiler>
      ) : null}
      <div className="mt-3">
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
              { onError: (e) => toast.error(`Could not update your like: ${errorReason(e)}.`) },
            )
          }
        />
      </div>
    </article>
  );
}

/** The 'Write Episode Review' modal: rating 1-10 (default 5), optional text, spoiler flag. */
function EpisodeReviewDialog({
  episodeId,
  existing,
  onClose,
}: {
  episodeId: number;
  existing: EpisodeReview | null;
  onClose: () => void;
}) {
  const create = useCreateEpisodeReview(episodeId);
  const update = useUpdateEpisodeReview(episodeId);
  const remove = useDeleteEpisodeReview(episodeId);
  const [rating, setRating] = useState(existing?.rating ?? reviewLimits.episodeRatingDefault);
  const [content, setContent] = useState(existing?.content ?? '');
  const [isSpoiler, setIsSpoiler] = useState(existing?.isSpoiler ?? false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ratingId = useId();
  const contentId = useId();
  const pending = create.isPending || update.isPending || remove.isPending;
  const error = create.error ?? update.error ?? remove.error;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const body = { rating, content: content.trim() || null, isSpoiler };
    if (existing) update.mutate({ id: existing.id, change: body }, { onSuccess: onClose });
    else create.mutate({ episodeId, ...body }, { onSuccess: onClose });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={existing ? 'Edit Episode Review' : 'Write Episode Review'}
    >
      <form onSubmit={submit} className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={ratingId} className="text-sm font-medium text-slate-200">
            Rating
          </label>
          <select
            id={ratingId}
            value={rating}
            onChange={(e) => setRating(Number(e.target.value))}
            className="h-10 w-28 rounded-lg border border-slate-700 bg-slate-900 px-2 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}/10
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={contentId} className="text-sm font-medium text-slate-200">
            Your review (optional)
          </label>
          <textarea
            id={contentId}
            rows={5}
            value={content}
            maxLength={reviewLimits.episodeContentMax}
            onChange={(e) => setContent(e.target.value)}
            className="block w-full rounded-lg border border-slate-700 bg-slate-900/80 px-3 py-2 text-base text-slate-100 hover:border-slate-600 focus:outline-none focus-visible:border-violet-400 focus-visible:ring-2 focus-visible:ring-violet-400/70 sm:text-sm"
          />
        </div>
        <label className="flex cursor-pointer items-center gap-3 text-sm text-slate-200">
          <input
            type="checkbox"
            checked={isSpoiler}
            onChange={(e) => setIsSpoiler(e.target.checked)}
            className="size-4 accent-violet-500"
          />
          {SPOILER_WARNING}
        </label>
        {error ? (
          <FormAlert>
            {isApiError(error) && error.status === 409
              ? reviewMessages.alreadyReviewedEpisode
              : `${errorReason(error)}.`}
          </FormAlert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          {existing ? (
            <Button
              variant="ghost"
              className="mr-auto text-rose-300 hover:text-rose-200"
              disabled={pending}
              onClick={() =>
                confirmDelete
                  ? remove.mutate(existing.id, { onSuccess: onClose })
                  : setConfirmDelete(true)
              }
            >
              {confirmDelete ? 'Yes, delete it' : 'Delete review'}
            </Button>
          ) : null}
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : existing ? 'Save Changes' : 'Submit Review'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

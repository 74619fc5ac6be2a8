import type { Comment, CommentReply } from '@series-tracker/contracts';
import { MessageCircle, Reply, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { QueryErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { loginPathFor } from '@/features/auth/hooks/use-require-sign-in';
import { errorReason } from '@/lib/api-client';
import { useComments, useDeleteComment, useLikeComment } from '../api/reviews';
import { daysAgo, SPACED_DOT } from '../lib/format';
import { reviewWords } from '../lib/messages';
import { ModerationNotice } from '@/features/moderation/components/moderation-notice';
import { ReportButton } from '@/features/moderation/components/report-dialog';
import { AuthorLink } from './author-link';
import { CommentForm } from './comment-form';
import { LikeButton } from './like-button';
import { PlainText } from './plain-text';

const loadingComments = defineMessage({
  id: 'reviews.loadingComments',
  defaultMessage: 'Loading comments...',
});

interface Viewer {
  id: number;
}

/** 'Comments (n)', the form, and the threads (spec §2 Review detail). */
export function CommentsSection({
  reviewId,
  reviewAuthorId,
  count,
  viewer,
  authLoading,
}: {
  reviewId: number;
  reviewAuthorId: number;
  count: number;
  viewer: Viewer | null;
  authLoading: boolean;
}) {
  const intl = useIntl();
  const query = useComments(reviewId);
  const location = useLocation();
  const comments = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const thread: ThreadContext = { reviewId, reviewAuthorId, viewer };

  return (
    <section aria-labelledby="comments-heading" className="mt-10">
      <h2 id="comments-heading" className="text-xl font-bold text-white">
        <FormattedMessage
          id="reviews.commentsHeading"
          defaultMessage="Comments ({count, number})"
          values={{ count }}
        />
      </h2>
      <div className="mt-4">
        {viewer ? (
          <CommentForm reviewId={reviewId} viewerId={viewer.id} />
        ) : authLoading ? null : (
          <p className="rounded-xl border border-slate-800 bg-slate-900/60 px-4 py-3 text-sm text-slate-300">
            <Link
              to={loginPathFor(location)}
              className="font-semibold text-violet-300 underline underline-offset-4 hover:text-violet-200"
            >
              <FormattedMessage
                id="reviews.logInToComment"
                defaultMessage="Please log in to comment on reviews."
              />
            </Link>
          </p>
        )}
      </div>
      <div className="mt-6">
        {query.isPending ? (
          <p className="inline-flex items-center gap-2 text-sm text-slate-400">
            <Spinner />
            {intl.formatMessage(loadingComments)}
          </p>
        ) : query.isError && comments.length === 0 ? (
          <QueryErrorState
            query={query}
            title={intl.formatMessage({
              id: 'reviews.commentsLoadFailed',
              defaultMessage: 'Could not load comments',
            })}
            headingLevel={3}
          />
        ) : comments.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-800 px-4 py-6 text-center text-sm text-slate-400">
            <FormattedMessage
              id="reviews.noComments"
              defaultMessage="No comments yet. Be the first to comment!"
            />
          </p>
        ) : (
          <>
            <ul className="space-y-4">
              {comments.map((c) => (
                <li key={c.id}>
                  <CommentThread comment={c} {...thread} />
                </li>
              ))}
            </ul>
            <LoadMore
              query={query}
              label={intl.formatMessage({
                id: 'reviews.loadMoreComments',
                defaultMessage: 'Load more comments',
              })}
              loadingLabel={intl.formatMessage(loadingComments)}
            />
          </>
        )}
      </div>
    </section>
  );
}

/** What every comment of a review's threads is shown with. */
interface ThreadContext {
  reviewId: number;
  reviewAuthorId: number;
  viewer: Viewer | null;
}

function CommentThread({ comment, ...thread }: { comment: Comment } & ThreadContext) {
  const { reviewId, viewer } = thread;
  const [replying, setReplying] = useState(false);
  return (
    <div className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <CommentBody
        comment={comment}
        {...thread}
        onReply={comment.isDeleted ? undefined : () => setReplying((r) => !r)}
        replying={replying}
      />
      {comment.replies.length > 0 || replying ? (
        <ul className="mt-4 space-y-3 border-s-2 border-slate-800 ps-3 sm:ps-5">
          {comment.replies.map((r) => (
            <li key={r.id}>
              <CommentBody comment={r} {...thread} />
            </li>
          ))}
          {replying && viewer ? (
            <li>
              <CommentForm
                viewerId={viewer.id}
                reviewId={reviewId}
                parentId={comment.id}
                onDone={() => setReplying(false)}
                focusOnOpen
              />
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

function CommentBody({
  comment,
  reviewId,
  reviewAuthorId,
  viewer,
  onReply,
  replying = false,
}: ThreadContext & {
  comment: CommentReply;
  onReply?: (() => void) | undefined;
  replying?: boolean;
}) {
  const intl = useIntl();
  const like = useLikeComment(reviewId);
  const remove = useDeleteComment(reviewId);
  const [confirming, setConfirming] = useState(false);
  if (comment.isDeleted) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500 italic">
        <MessageCircle aria-hidden className="size-4" />
        {comment.content}
      </p>
    );
  }
  const own = viewer !== null && comment.user?.id === viewer.id;
  const mayDelete = viewer !== null && (own || reviewAuthorId === viewer.id);
  return (
    <div>
      <div className="flex items-center gap-2.5">
        <Avatar user={comment.user} size="sm" />
        <div className="min-w-0 text-sm">
          <AuthorLink user={comment.user} />
          <span className="text-slate-400">
            {SPACED_DOT}
            <time dateTime={comment.createdAt}>{daysAgo(comment.createdAt)}</time>
          </span>
        </div>
      </div>
      <ModerationNotice moderation={comment.moderation} />
      <PlainText text={comment.content} className="mt-2 text-sm leading-relaxed text-slate-200" />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <LikeButton
          size="sm"
          what="comment"
          liked={comment.isLikedByUser}
          count={comment.likesCount}
          signedIn={viewer !== null}
          own={own}
          pending={like.isPending && like.variables?.id === comment.id}
          onToggle={(l) =>
            like.mutate(
              { id: comment.id, like: l },
              {
                onError: (e) =>
                  toast.error(
                    intl.formatMessage(reviewWords.likeFailed, { reason: errorReason(e) }),
                  ),
              },
            )
          }
        />
        {onReply ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={viewer === null}
            title={
              viewer === null
                ? intl.formatMessage({
                    id: 'reviews.logInToReply',
                    defaultMessage: 'Please log in to reply',
                  })
                : undefined
            }
            aria-expanded={replying}
            onClick={onReply}
          >
            <Reply aria-hidden className="size-4" />
            <FormattedMessage id="reviews.reply" defaultMessage="Reply" />
          </Button>
        ) : null}
        {viewer !== null && !own ? <ReportButton itemType="comment" itemId={comment.id} /> : null}
        {mayDelete ? (
          confirming ? (
            <span className="inline-flex items-center gap-2 text-sm text-slate-300">
              <FormattedMessage
                id="reviews.deleteCommentConfirm"
                defaultMessage="Delete this comment?"
              />
              <Button
                size="sm"
                className="bg-rose-600 hover:bg-rose-500"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(comment.id, {
                    onError: (e) =>
                      toast.error(
                        intl.formatMessage(
                          {
                            id: 'reviews.deleteCommentFailed',
                            defaultMessage: 'Could not delete the comment: {reason}.',
                          },
                          { reason: errorReason(e) },
                        ),
                      ),
                    onSettled: () => setConfirming(false),
                  })
                }
              >
                {remove.isPending
                  ? intl.formatMessage(reviewWords.deleting)
                  : intl.formatMessage(reviewWords.delete)}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                {intl.formatMessage(reviewWords.cancel)}
              </Button>
            </span>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden className="size-4" />
              {intl.formatMessage(reviewWords.delete)}
            </Button>
          )
        ) : null}
      </div>
    </div>
  );
}

import { reviewLimits } from '@series-tracker/contracts/constants';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { errorReason } from '@/lib/api-client';
import { draftKey, useDraft } from '@/lib/drafts';
import { useAddComment } from '../api/reviews';
import { reviewWords } from '../lib/messages';

const isBlank = (text: string) => !text.trim();

/** A new comment, or a reply under one (`parentId`); kept as a draft on this device until sent. */
export function CommentForm({
  reviewId,
  viewerId,
  parentId = null,
  onDone,
  focusOnOpen = false,
}: {
  reviewId: number;
  viewerId: number;
  parentId?: number | null;
  onDone?: () => void;
  focusOnOpen?: boolean;
}) {
  const intl = useIntl();
  const add = useAddComment(reviewId);
  // Kept on this device until posted or discarded (ADR 162).
  const {
    value: text,
    set: setText,
    clear: posted,
    discard,
    hasDraft,
  } = useDraft<string>(draftKey(viewerId, `comment:${reviewId}:${parentId ?? 'top'}`), '', isBlank);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  // Reply opened the form: the caret goes where the reader is about to type.
  useEffect(() => {
    if (focusOnOpen) boxRef.current?.focus();
  }, [focusOnOpen]);
  const id = useId();
  const trimmed = text.trim();
  const reply = parentId !== null;
  // A suspended member is told here instead of failing on send (ADR 151).
  const { user } = useAuth();
  if (user?.suspension)
    return (
      <p className="mt-3 rounded-lg border border-slate-700 px-3 py-2 text-sm text-slate-400">
        <FormattedMessage
          id="reviews.suspendedNoComment"
          defaultMessage="Your account is suspended, so you cannot comment."
        />
      </p>
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || add.isPending) return;
    add.mutate(
      { content: trimmed, parentId },
      {
        onSuccess: () => {
          setText('');
          posted();
          onDone?.();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {reply
          ? intl.formatMessage({ id: 'reviews.yourReply', defaultMessage: 'Your reply' })
          : intl.formatMessage({ id: 'reviews.yourComment', defaultMessage: 'Your comment' })}
      </label>
      <textarea
        id={id}
        value={text}
        dir="auto"
        onChange={(e) => setText(e.target.value)}
        placeholder={
          reply
            ? intl.formatMessage({
                id: 'reviews.replyPlaceholder',
                defaultMessage: 'Write a reply...',
              })
            : intl.formatMessage({
                id: 'reviews.commentPlaceholder',
                defaultMessage: 'Share your thoughts on this review...',
              })
        }
        maxLength={reviewLimits.commentMax}
        rows={reply ? 2 : 3}
        ref={boxRef}
        className="block w-full rounded-lg border border-slate-700 bg-slate-900/80 px-3 py-2 text-base text-slate-100 placeholder:text-slate-500 hover:border-slate-600 focus:outline-none focus-visible:border-violet-400 focus-visible:ring-2 focus-visible:ring-violet-400/70 sm:text-sm"
      />
      {add.isError ? (
        <FormAlert>
          {intl.formatMessage(reviewWords.reasonSentence, { reason: errorReason(add.error) })}
        </FormAlert>
      ) : null}
      <div className="flex justify-end gap-2">
        {hasDraft ? (
          <Button variant="ghost" size="sm" onClick={discard} className="me-auto">
            {intl.formatMessage(reviewWords.discardDraft)}
          </Button>
        ) : null}
        {reply ? (
          <Button variant="ghost" size="sm" onClick={onDone}>
            {intl.formatMessage(reviewWords.cancel)}
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={!trimmed || add.isPending}>
          {add.isPending
            ? intl.formatMessage({ id: 'reviews.posting', defaultMessage: 'Posting...' })
            : reply
              ? intl.formatMessage({ id: 'reviews.postReply', defaultMessage: 'Post Reply' })
              : intl.formatMessage({ id: 'reviews.postComment', defaultMessage: 'Post Comment' })}
        </Button>
      </div>
    </form>
  );
}

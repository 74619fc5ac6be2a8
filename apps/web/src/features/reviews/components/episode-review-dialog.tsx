import type { EpisodeReview } from '@series-tracker/contracts';
import { reviewLimits, reviewMessages } from '@series-tracker/contracts/constants';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { contractText } from '@/i18n/contract-text';
import { errorReason, isApiError } from '@/lib/api-client';
import {
  useCreateEpisodeReview,
  useDeleteEpisodeReview,
  useUpdateEpisodeReview,
} from '../api/reviews';
import { outOfTen } from '../lib/format';
import { reviewWords } from '../lib/messages';
import { spoilerWarning } from './spoiler';
import { Checkbox } from './review-form';

/**
 * The 'Write Episode Review' modal: rating 1-10 (default 5), optional text, spoiler flag. Its
 * own module: the dialog runtime (Radix, focus trap, scroll lock) loads when a member is about
 * to write, not with every episode page (ADR 020).
 */
export function EpisodeReviewDialog({
  episodeId,
  existing,
  onClose,
}: {
  episodeId: number;
  existing: EpisodeReview | null;
  onClose: () => void;
}) {
  const intl = useIntl();
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
      title={
        existing
          ? intl.formatMessage({
              id: 'reviews.editEpisodeReview',
              defaultMessage: 'Edit Episode Review',
            })
          : intl.formatMessage(reviewWords.writeEpisodeReview)
      }
    >
      <form onSubmit={submit} className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={ratingId} className="text-sm font-medium text-slate-200">
            {intl.formatMessage(reviewWords.rating)}
          </label>
          <select
            id={ratingId}
            value={rating}
            onChange={(e) => setRating(Number(e.target.value))}
            className="h-10 w-28 rounded-lg border border-slate-700 bg-slate-900 px-2 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {outOfTen(n)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={contentId} className="text-sm font-medium text-slate-200">
            <FormattedMessage
              id="reviews.episodeReviewText"
              defaultMessage="Your review (optional)"
            />
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
        <Checkbox
          checked={isSpoiler}
          onChange={setIsSpoiler}
          label={intl.formatMessage(spoilerWarning)}
        />
        {error ? (
          <FormAlert>
            {isApiError(error) && error.status === 409
              ? contractText(reviewMessages.alreadyReviewedEpisode)
              : intl.formatMessage(reviewWords.reasonSentence, { reason: errorReason(error) })}
          </FormAlert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          {existing ? (
            <Button
              variant="ghost"
              className="me-auto text-rose-300 hover:text-rose-200"
              disabled={pending}
              onClick={() =>
                confirmDelete
                  ? remove.mutate(existing.id, { onSuccess: onClose })
                  : setConfirmDelete(true)
              }
            >
              {confirmDelete
                ? intl.formatMessage({
                    id: 'reviews.confirmDelete',
                    defaultMessage: 'Yes, delete it',
                  })
                : intl.formatMessage({
                    id: 'reviews.deleteEpisodeReview',
                    defaultMessage: 'Delete review',
                  })}
            </Button>
          ) : null}
          <DialogClose asChild>
            <Button variant="secondary">{intl.formatMessage(reviewWords.cancel)}</Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending
              ? intl.formatMessage(reviewWords.saving)
              : existing
                ? intl.formatMessage(reviewWords.saveChanges)
                : intl.formatMessage({ id: 'reviews.submit', defaultMessage: 'Submit Review' })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import {
  createReviewSchema,
  errorCodes,
  reviewMessages,
  updateReviewSchema,
  type Review,
} from '@series-tracker/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useNavigate } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-alert';
import { contractText } from '@/i18n/contract-text';
import { isApiError } from '@/lib/api-client';
import { draftKey } from '@/lib/drafts';
import { useCreateReview, useMyShowReview, useReview, useUpdateReview } from '../api/reviews';
import { reviewWords } from '../lib/messages';
import { ReviewForm, reviewFieldErrors, type ReviewErrors } from './review-form';
import { ReviewingCard } from './reviewing-card';
import { ShowPicker } from './show-picker';
import { ReviewFormSkeleton, WriteReviewShell } from './write-review-shell';

/** A new review, for a show given in the link or picked here. */
export function NewReview({
  initialShowId,
  userId,
}: {
  initialShowId: number | null;
  userId: number;
}) {
  const intl = useIntl();
  const [showId, setShowId] = useState<number | null>(initialShowId);
  const [showError, setShowError] = useState<string | undefined>();
  const create = useCreateReview();
  const navigate = useNavigate();
  const existing = useMyShowReview(showId);
  const [conflictId, setConflictId] = useState<number | null>(null);
  const alreadyId = existing.data?.id ?? conflictId;

  // Opened for a show the member already reviewed (the show page's link): their review's
  // edit form, not an empty one (issue 22). A show picked here says so and links to it.
  // (Not once this form has published: that review is the one it is about to open.)
  if (initialShowId !== null && existing.data && create.isIdle)
    return <Navigate to={`/reviews/write?reviewId=${existing.data.id}`} replace />;

  return (
    <WriteReviewShell mode="write">
      {showId === null ? (
        <ShowPicker
          error={showError}
          onPick={(id) => {
            setShowId(id);
            setShowError(undefined);
          }}
        />
      ) : (
        <ReviewingCard
          showId={showId}
          onChange={initialShowId === null ? () => setShowId(null) : undefined}
        />
      )}
      {alreadyId ? (
        <div className="mt-4">
          <FormAlert>
            <FormattedMessage
              id="reviews.alreadyReviewedEdit"
              defaultMessage="{message} <link>Edit your review instead</link>"
              values={{
                message: contractText(reviewMessages.alreadyReviewed),
                link: (chunks) => (
                  <Link
                    to={`/reviews/write?reviewId=${alreadyId}`}
                    className="font-semibold underline underline-offset-4"
                  >
                    {chunks}
                  </Link>
                ),
              }}
            />
          </FormAlert>
        </div>
      ) : null}
      <ReviewForm
        draftKey={draftKey(userId, `review:new:${showId ?? 'none'}`)}
        submitLabel={intl.formatMessage({
          id: 'reviews.publish',
          defaultMessage: 'Publish Review',
        })}
        pendingLabel={intl.formatMessage({
          id: 'reviews.publishing',
          defaultMessage: 'Publishing...',
        })}
        pending={create.isPending}
        failure={
          create.isError && !(isApiError(create.error) && create.error.status === 409)
            ? contractText(reviewMessages.createFailed)
            : undefined
        }
        validate={(draft) => {
          const parsed = createReviewSchema.safeParse({ ...draft, showId: showId ?? undefined });
          const errors = reviewFieldErrors(parsed.success ? [] : parsed.error.issues);
          if (errors.showId) setShowError(errors.showId);
          return errors;
        }}
        onSubmit={(draft, setErrors, published) => {
          if (showId === null) return;
          create.mutate(
            { ...draft, showId },
            {
              onSuccess: (review) => {
                published();
                void navigate(`/review/${review.id}`);
              },
              onError: (error) => {
                if (
                  isApiError(error) &&
                  error.code === errorCodes.conflict &&
                  error.details?.reviewId
                )
                  setConflictId(Number(error.details.reviewId));
                if (isApiError(error) && error.status === 400 && error.details)
                  setErrors(error.details as ReviewErrors);
              },
            },
          );
        }}
      />
    </WriteReviewShell>
  );
}

/** The member's own review, to edit; anyone else's is 'not found'. */
export function EditReview({ id, userId }: { id: number; userId: number }) {
  const intl = useIntl();
  const query = useReview(id);
  const update = useUpdateReview(id);
  const navigate = useNavigate();
  if (query.isPending)
    return (
      <WriteReviewShell mode="edit">
        <ReviewFormSkeleton />
      </WriteReviewShell>
    );
  if (query.isError || query.data.userId !== userId) {
    const missing = !query.isError || (isApiError(query.error) && query.error.status === 404);
    return (
      <WriteReviewShell mode="edit">
        {missing ? (
          <FormAlert>
            {intl.formatMessage(reviewWords.notFoundBack, {
              link: (chunks) => (
                <Link to="/reviews" className="font-semibold underline underline-offset-4">
                  {chunks}
                </Link>
              ),
            })}
          </FormAlert>
        ) : (
          <ErrorState
            title={intl.formatMessage(reviewWords.loadError)}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </WriteReviewShell>
    );
  }
  const review: Review = query.data;
  return (
    <WriteReviewShell mode="edit">
      <ReviewingCard showId={review.showId} />
      <ReviewForm
        initial={review}
        draftKey={draftKey(userId, `review:${review.id}`)}
        submitLabel={intl.formatMessage(reviewWords.saveChanges)}
        pendingLabel={intl.formatMessage(reviewWords.saving)}
        pending={update.isPending}
        failure={
          update.isError
            ? intl.formatMessage({
                id: 'reviews.saveFailed',
                defaultMessage: 'Failed to save your review. Please try again.',
              })
            : undefined
        }
        validate={(draft) => {
          const parsed = updateReviewSchema.safeParse(draft);
          return reviewFieldErrors(parsed.success ? [] : parsed.error.issues);
        }}
        onSubmit={(draft, setErrors, published) =>
          update.mutate(draft, {
            onSuccess: () => {
              published();
              void navigate(`/review/${id}`);
            },
            onError: (error) => {
              if (isApiError(error) && error.status === 400 && error.details)
                setErrors(error.details as ReviewErrors);
            },
          })
        }
      />
    </WriteReviewShell>
  );
}

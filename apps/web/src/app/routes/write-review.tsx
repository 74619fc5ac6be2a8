import { FormattedMessage } from 'react-intl';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { EditReview, NewReview } from '@/features/reviews/components/review-editors';
import {
  ReviewFormSkeleton,
  WriteReviewShell,
} from '@/features/reviews/components/write-review-shell';
import { loginPathFor } from '@/features/auth/hooks/use-require-sign-in';
import { parseId } from './route-id';

/** /reviews/write (optional showId; reviewId edits): signed-in only, visitors sign in first. */
export function WriteReviewRoute() {
  const { status, user } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const reviewId = parseId(params.get('reviewId') ?? undefined);
  const showId = parseId(params.get('showId') ?? undefined);
  if (status === 'anonymous') return <Navigate to={loginPathFor(location)} replace />;
  if (status !== 'authenticated' || !user) {
    return (
      <WriteReviewShell mode="write">
        {status === 'unavailable' ? (
          <FormAlert>
            <FormattedMessage
              id="reviews.signInCheckFailed"
              defaultMessage="Could not check your sign-in. Check your connection and try again."
            />
          </FormAlert>
        ) : (
          <ReviewFormSkeleton />
        )}
      </WriteReviewShell>
    );
  }
  if (reviewId !== null) return <EditReview key={reviewId} id={reviewId} userId={user.id} />;
  return <NewReview key={showId ?? 0} initialShowId={showId} userId={user.id} />;
}

import { useIntl } from 'react-intl';
import { ConfirmActions } from '@/components/forms/confirm-actions';
import { Dialog } from '@/components/ui/dialog';
import { reviewWords } from '../lib/messages';

/** Deleting a review asks first: its comments and likes go with it. */
export function ConfirmDeleteReviewDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({
        id: 'reviews.deleteConfirmTitle',
        defaultMessage: 'Delete this review?',
      })}
      description={intl.formatMessage({
        id: 'reviews.deleteConfirmText',
        defaultMessage: 'Its comments and likes are deleted with it. This cannot be undone.',
      })}
    >
      <ConfirmActions
        label={intl.formatMessage({ id: 'reviews.deleteReview', defaultMessage: 'Delete Review' })}
        pendingLabel={intl.formatMessage(reviewWords.deleting)}
        danger
        pending={pending}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}

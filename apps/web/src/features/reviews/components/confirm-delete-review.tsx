import { ConfirmActions } from '@/components/forms/confirm-actions';
import { Dialog } from '@/components/ui/dialog';

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
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this review?"
      description="Its comments and likes are deleted with it. This cannot be undone."
    >
      <ConfirmActions
        label="Delete Review"
        pendingLabel="Deleting..."
        danger
        pending={pending}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}

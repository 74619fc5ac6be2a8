import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';

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
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button className="bg-rose-600 hover:bg-rose-500" disabled={pending} onClick={onConfirm}>
          {pending ? 'Deleting...' : 'Delete Review'}
        </Button>
      </div>
    </Dialog>
  );
}

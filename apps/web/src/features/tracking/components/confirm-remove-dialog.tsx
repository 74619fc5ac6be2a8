import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';

/**
 * Removing asks first: it drops the status, score and dates. Watched episodes are kept by the
 * server, so adding the show again brings the progress back — the dialog says so.
 */
export function ConfirmRemoveDialog({
  open,
  onOpenChange,
  title,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onConfirm: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Remove ${title} from your watchlist?`}
      description="Its status, score and dates go. Your watched episodes are kept, so adding it again brings your progress back."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button
          className="bg-rose-600 hover:bg-rose-500"
          onClick={() => {
            onConfirm();
            onOpenChange(false);
          }}
        >
          Remove
        </Button>
      </div>
    </Dialog>
  );
}

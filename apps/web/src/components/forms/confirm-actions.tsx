import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';

/**
 * The buttons of a dialog that asks "are you sure?": Cancel closes it; the confirming button
 * (`label`, red when `danger`) runs `onConfirm`, then closes it through `onClose`.
 */
export function ConfirmActions({
  label,
  danger = false,
  onConfirm,
  onClose,
}: {
  label: string;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      <Button
        className={danger ? 'bg-rose-600 hover:bg-rose-500' : undefined}
        onClick={() => {
          onConfirm();
          onClose();
        }}
      >
        {label}
      </Button>
    </div>
  );
}

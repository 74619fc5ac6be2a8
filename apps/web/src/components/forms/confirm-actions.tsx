import { FormattedMessage } from 'react-intl';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';

/**
 * The two buttons under a "Remove …? / Delete …?" question in a dialog: Cancel closes it; the
 * other says `label` (`pendingLabel` and disabled while `pending`) and calls `onConfirm`.
 * `danger` paints it red, for what cannot be taken back.
 */
export function ConfirmActions({
  label,
  onConfirm,
  danger = false,
  pending = false,
  pendingLabel = label,
}: {
  label: string;
  onConfirm: () => void;
  danger?: boolean;
  pending?: boolean;
  pendingLabel?: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <DialogClose asChild>
        <Button variant="secondary">
          <FormattedMessage id="forms.cancel" defaultMessage="Cancel" />
        </Button>
      </DialogClose>
      <Button
        className={danger ? 'bg-rose-600 hover:bg-rose-500' : undefined}
        disabled={pending}
        onClick={onConfirm}
      >
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}

import { useIntl } from 'react-intl';
import { ConfirmActions } from '@/components/forms/confirm-actions';
import { Dialog } from '@/components/ui/dialog';

/** A question about one show of the watchlist, by its title, and what a yes does. */
export interface ConfirmShowProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onConfirm: () => void;
}

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
}: ConfirmShowProps & { onCloseAutoFocus?: (event: Event) => void }) {
  const { formatMessage } = useIntl();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={formatMessage(
        { id: 'tracking.removeQuestion', defaultMessage: 'Remove {title} from your watchlist?' },
        { title },
      )}
      description={formatMessage({
        id: 'tracking.removeExplained',
        defaultMessage:
          'Its status, score and dates go. Your watched episodes are kept, so adding it again brings your progress back.',
      })}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <ConfirmActions
        label={formatMessage({ id: 'tracking.remove', defaultMessage: 'Remove' })}
        danger
        onConfirm={() => {
          onConfirm();
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}

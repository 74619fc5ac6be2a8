import { useIntl } from 'react-intl';
import { ConfirmActions } from '@/components/forms/confirm-actions';
import { Dialog } from '@/components/ui/dialog';
import type { ConfirmShowProps } from './confirm-remove-dialog';

/**
 * Rewatching starts a new watch-through (ADR 130): progress starts again from the first
 * episode and the show goes back to Watching. Nothing is lost — every play of the earlier runs
 * stays in the history — but the ticks on the Episodes tab are cleared, so it asks first.
 */
export function ConfirmRewatchDialog({ open, onOpenChange, title, onConfirm }: ConfirmShowProps) {
  const { formatMessage } = useIntl();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={formatMessage(
        { id: 'tracking.rewatchQuestion', defaultMessage: 'Watch {title} again from the start?' },
        { title },
      )}
      description={formatMessage({
        id: 'tracking.rewatchExplained',
        defaultMessage:
          'Your progress starts again at the first episode and the show goes back to Watching. Every episode you watched before stays in your history.',
      })}
    >
      <ConfirmActions
        label={formatMessage({ id: 'tracking.startRewatch', defaultMessage: 'Start rewatch' })}
        onConfirm={() => {
          onConfirm();
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}

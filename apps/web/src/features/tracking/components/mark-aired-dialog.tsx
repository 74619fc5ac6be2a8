import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { intl } from '@/i18n';
import { useBulkProgress } from '../api/progress';

export interface MarkAiredOffer {
  showId: number;
  title: string;
  /** Aired regular episodes not yet watched. */
  unwatched: number;
}

/**
 * Completing a show asks whether the aired episodes not yet marked were watched too: the
 * status is already saved either way; only 'Mark watched' touches the episodes (one call).
 */
export function MarkAiredDialog({
  offer,
  onClose,
}: {
  offer: MarkAiredOffer;
  onClose: () => void;
}) {
  const bulk = useBulkProgress(offer.showId);
  const { formatMessage } = useIntl();
  const count = offer.unwatched;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !bulk.isPending && onClose()}
      title={formatMessage(
        {
          id: 'tracking.markAiredQuestion',
          defaultMessage:
            '{count, plural, one {Mark all # aired episode as watched?} other {Mark all # aired episodes as watched?}}',
        },
        { count },
      )}
      description={
        <FormattedMessage
          id="tracking.markAiredExplained"
          defaultMessage="{count, plural, one {<show>{title}</show> is now Completed. One aired episode is not marked as watched yet.} other {<show>{title}</show> is now Completed. # aired episodes are not marked as watched yet.}}"
          values={{
            count,
            title: offer.title,
            show: (chunks) => <span dir="auto">{chunks}</span>,
          }}
        />
      }
    >
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary" disabled={bulk.isPending}>
            <FormattedMessage id="tracking.notNow" defaultMessage="Not now" />
          </Button>
        </DialogClose>
        <Button
          disabled={bulk.isPending}
          onClick={() =>
            bulk.mutate(
              {
                target: { includeSpecials: false },
                watched: true,
                failed: (reason) =>
                  intl().formatMessage(
                    {
                      id: 'tracking.markAiredFailed',
                      defaultMessage:
                        'Could not mark the aired episodes of {title} as watched: {reason}. Nothing was changed.',
                    },
                    { title: offer.title, reason },
                  ),
              },
              // On failure the toast says so and the dialog closes: nothing was changed.
              { onSettled: onClose },
            )
          }
        >
          {bulk.isPending ? <Spinner /> : null}
          <FormattedMessage id="tracking.markWatched" defaultMessage="Mark watched" />
        </Button>
      </div>
    </Dialog>
  );
}

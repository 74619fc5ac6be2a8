import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
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
  const n = offer.unwatched;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !bulk.isPending && onClose()}
      title={`Mark all ${n} aired ${n === 1 ? 'episode' : 'episodes'} as watched?`}
      description={
        <>
          <span dir="auto">{offer.title}</span> is now Completed.{' '}
          {n === 1 ? 'One aired episode is' : `${n} aired episodes are`} not marked as watched yet.
        </>
      }
    >
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary" disabled={bulk.isPending}>
            Not now
          </Button>
        </DialogClose>
        <Button
          disabled={bulk.isPending}
          onClick={() =>
            bulk.mutate(
              {
                target: { includeSpecials: false },
                watched: true,
                label: `mark the aired episodes of ${offer.title} as watched`,
              },
              // On failure the toast says so and the dialog closes: nothing was changed.
              { onSettled: onClose },
            )
          }
        >
          {bulk.isPending ? <Spinner /> : null}
          Mark watched
        </Button>
      </div>
    </Dialog>
  );
}

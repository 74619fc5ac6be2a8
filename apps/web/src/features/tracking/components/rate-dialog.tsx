import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';

const SCORES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** 'Rate {title}' with scores 1–10 (spec §2, §9: whole 1–10), Cancel, and Remove Rating when rated. */
export function RateDialog({
  open,
  onOpenChange,
  title,
  score,
  onRate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  score: number | null;
  /** A score, or null to remove it; the dialog closes either way. */
  onRate: (score: number | null) => void;
}) {
  const { formatMessage } = useIntl();
  const gridRef = useRef<HTMLDivElement>(null);
  function pick(value: number | null) {
    onRate(value);
    onOpenChange(false);
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={formatMessage({ id: 'tracking.rateShow', defaultMessage: 'Rate {title}' }, { title })}
      description={
        score === null
          ? formatMessage({
              id: 'tracking.pickScore',
              defaultMessage: 'Pick a score from 1 to 10.',
            })
          : formatMessage(
              {
                id: 'tracking.yourScoreIs',
                defaultMessage: 'Your score is {score}/10. Pick a new one or remove it.',
              },
              { score },
            )
      }
      onOpenAutoFocus={(event) => {
        // Start on the current score, else on 1.
        event.preventDefault();
        const current = gridRef.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]');
        (current ?? gridRef.current?.querySelector<HTMLButtonElement>('button'))?.focus();
      }}
    >
      <div
        ref={gridRef}
        role="group"
        aria-label={formatMessage({ id: 'tracking.score', defaultMessage: 'Score' })}
        className="grid grid-cols-5 gap-2"
      >
        {SCORES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={score === value}
            onClick={() => pick(value)}
            className={cn(
              'h-11 rounded-lg border text-base font-semibold tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400',
              score === value
                ? 'border-violet-400 bg-violet-600 text-white'
                : 'border-slate-700 bg-slate-800/70 text-slate-100 hover:border-violet-500/60 hover:bg-violet-500/15',
            )}
          >
            {value}
          </button>
        ))}
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-end gap-2">
        {score !== null ? (
          <Button
            variant="ghost"
            className="me-auto text-rose-300 hover:text-rose-200"
            onClick={() => pick(null)}
          >
            <FormattedMessage id="tracking.removeRating" defaultMessage="Remove Rating" />
          </Button>
        ) : null}
        <DialogClose asChild>
          <Button variant="secondary">
            <FormattedMessage id="tracking.cancel" defaultMessage="Cancel" />
          </Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}

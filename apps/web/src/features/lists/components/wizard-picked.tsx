import type { ShowSummary } from '@series-tracker/contracts';
import { ArrowDown, ArrowUp, Check, X } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { CoverImage } from '@/components/ui/cover-image';
import { StatusBadge } from '@/components/ui/status-badge';
import { cn } from '@/lib/cn';
import { RankText } from './list-badges';

export type PickedShow = Pick<
  ShowSummary,
  'id' | 'title' | 'titleEnglish' | 'coverImageUrl' | 'status' | 'episodes'
>;

/** The wizard's three steps, in order: the step bar's labels and each step's heading. */
export const wizardSteps = defineMessages({
  details: { id: 'lists.stepDetails', defaultMessage: 'Details' },
  shows: { id: 'lists.stepAddShows', defaultMessage: 'Add Shows' },
  review: { id: 'lists.stepReview', defaultMessage: 'Review' },
});
const stepOrder = [wizardSteps.details, wizardSteps.shows, wizardSteps.review];

export function Steps({ current }: { current: number }) {
  const intl = useIntl();
  return (
    <ol
      className="flex items-center gap-2 sm:gap-4"
      aria-label={intl.formatMessage({ id: 'lists.steps', defaultMessage: 'Steps' })}
    >
      {stepOrder.map((step, i) => {
        const done = i < current;
        const active = i === current;
        return (
          <li
            key={step.id}
            aria-current={active ? 'step' : undefined}
            className="flex min-w-0 items-center gap-2"
          >
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-bold',
                done && 'border-emerald-400 bg-emerald-500 text-slate-950',
                active && 'border-violet-400 bg-violet-600 text-white',
                !done && !active && 'border-slate-600 text-slate-300',
              )}
            >
              {done ? (
                <Check
                  aria-label={intl.formatMessage({
                    id: 'lists.stepCompleted',
                    defaultMessage: 'completed',
                  })}
                  className="size-4"
                />
              ) : (
                intl.formatNumber(i + 1)
              )}
            </span>
            <span
              className={cn(
                'truncate text-sm font-medium',
                active ? 'text-white' : 'text-slate-400',
                !active && 'max-sm:sr-only',
              )}
            >
              {intl.formatMessage(step)}
            </span>
            {i < stepOrder.length - 1 ? (
              <span aria-hidden className="h-px w-6 bg-slate-700 sm:w-10" />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The shows chosen so far, in order; with buttons to reorder and remove on step 2. */
export function Picked({
  shows,
  ranked,
  onRemove,
  onMove,
}: {
  shows: PickedShow[];
  ranked: boolean;
  onRemove?: (index: number) => void;
  onMove?: (from: number, to: number) => void;
}) {
  const intl = useIntl();
  if (shows.length === 0)
    return (
      <p className="text-sm text-slate-400">
        <FormattedMessage id="lists.noShowsPicked" defaultMessage="No shows selected yet." />
      </p>
    );
  const small =
    'inline-flex size-8 items-center justify-center rounded-lg border border-slate-700 text-slate-200 hover:border-slate-500 focus-visible:outline-2 focus-visible:outline-violet-400 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <ol
      className="space-y-2"
      aria-label={intl.formatMessage({ id: 'lists.pickedShows', defaultMessage: 'Selected shows' })}
    >
      {shows.map((show, i) => (
        <li
          key={show.id}
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-slate-800 bg-slate-900/60 p-2"
        >
          {ranked ? (
            <span className="w-9 shrink-0 text-end font-bold text-amber-200 tabular-nums">
              <RankText rank={i + 1} />
            </span>
          ) : null}
          <CoverImage
            src={show.coverImageUrl}
            title={show.title}
            decorative
            showTitle={false}
            className="aspect-[2/3] w-9 shrink-0 rounded"
          />
          <span className="min-w-[8rem] flex-1">
            <span className="block truncate font-medium text-slate-100">{show.title}</span>
            <StatusBadge status={show.status} className="mt-0.5" />
          </span>
          <span className="ms-auto flex shrink-0 gap-1.5">
            {onMove && ranked ? (
              <>
                <button
                  type="button"
                  className={small}
                  disabled={i === 0}
                  aria-label={intl.formatMessage(
                    { id: 'lists.moveUpNamed', defaultMessage: 'Move {title} up' },
                    { title: show.title },
                  )}
                  onClick={() => onMove(i, i - 1)}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className={small}
                  disabled={i === shows.length - 1}
                  aria-label={intl.formatMessage(
                    { id: 'lists.moveDownNamed', defaultMessage: 'Move {title} down' },
                    { title: show.title },
                  )}
                  onClick={() => onMove(i, i + 1)}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </button>
              </>
            ) : null}
            {onRemove ? (
              <button
                type="button"
                className={small}
                aria-label={intl.formatMessage(
                  { id: 'lists.removeShow', defaultMessage: 'Remove {title}' },
                  { title: show.title },
                )}
                onClick={() => onRemove(i)}
              >
                <X aria-hidden className="size-4" />
              </button>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

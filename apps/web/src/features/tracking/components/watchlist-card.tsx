import type { WatchlistItem, WatchStatus } from '@series-tracker/contracts';
import { Star, Trash2, type LucideIcon } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { intl } from '@/i18n';
import { CoverImage } from '@/components/ui/cover-image';
import { CoverSkeleton } from '@/components/media/media-skeleton';
import { formatAirDate } from '@/lib/format';
import { WatchStatusBadge, WatchStatusSelect } from './watch-status';

export function itemTitle(item: WatchlistItem): string {
  return (
    item.show.title?.trim() ||
    intl().formatMessage({ id: 'tracking.unknownShow', defaultMessage: 'Unknown Show' })
  );
}

const action =
  'inline-flex h-8 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg bg-slate-950/85 px-2 text-xs font-semibold text-slate-100 ring-1 ring-white/10 backdrop-blur hover:bg-violet-600 hover:ring-violet-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

/** A watchlist card (spec §2 Watchlist): Rate and Remove show on hover or keyboard focus. */
export function WatchlistCard({
  item,
  onStatusChange,
  onRate,
  onRemove,
}: {
  item: WatchlistItem;
  onStatusChange: (item: WatchlistItem, status: WatchStatus) => void;
  onRate: (item: WatchlistItem) => void;
  onRemove: (item: WatchlistItem) => void;
}) {
  const { formatMessage } = useIntl();
  const title = itemTitle(item);
  const episodes = item.show.episodes;
  const showProgress = item.progress > 0 && episodes !== null && episodes > 0;
  const percent = showProgress ? Math.min(100, Math.round((item.progress / episodes) * 100)) : 0;
  const started = formatAirDate(item.startedAt);
  const completed = formatAirDate(item.completedAt);

  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20 transition-colors focus-within:border-slate-600 hover:border-slate-600">
      <div className="relative">
        <Link to={`/show/${item.showId}`} tabIndex={-1} aria-hidden className="block">
          <CoverImage
            src={item.show.coverImageUrl}
            title={title}
            decorative
            className="aspect-[2/3] w-full"
          />
        </Link>
        <WatchStatusBadge
          status={item.status}
          className="absolute start-2 top-2 shadow-md shadow-black/40"
        />
        <div className="absolute inset-x-0 bottom-0 flex justify-center gap-2 bg-gradient-to-t from-slate-950/90 to-transparent p-2 pt-8 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 motion-reduce:transition-none [@media(hover:none)]:opacity-100">
          <CardAction
            icon={Star}
            label={formatMessage({ id: 'tracking.rate', defaultMessage: 'Rate' })}
            fullLabel={formatMessage(
              { id: 'tracking.rateShow', defaultMessage: 'Rate {title}' },
              { title },
            )}
            onClick={() => onRate(item)}
          />
          <CardAction
            icon={Trash2}
            label={formatMessage({ id: 'tracking.remove', defaultMessage: 'Remove' })}
            fullLabel={formatMessage(
              { id: 'tracking.removeShow', defaultMessage: 'Remove {title}' },
              { title },
            )}
            onClick={() => onRemove(item)}
          />
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-2 p-3">
        {showProgress ? (
          <div className="flex items-center gap-2">
            <div
              role="progressbar"
              aria-label={formatMessage(
                { id: 'tracking.episodesWatchedOf', defaultMessage: 'Episodes watched of {title}' },
                { title },
              )}
              aria-valuemin={0}
              aria-valuemax={episodes}
              aria-valuenow={Math.min(item.progress, episodes)}
              className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-800"
            >
              <div className="h-full rounded-full bg-violet-500" style={{ width: `${percent}%` }} />
            </div>
            <span className="text-xs font-medium text-slate-300 tabular-nums">
              <FormattedMessage
                id="tracking.progressFraction"
                defaultMessage="{watched}/{total}"
                values={{ watched: item.progress, total: episodes }}
              />
            </span>
          </div>
        ) : null}
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold">
          <Link
            to={`/show/${item.showId}`}
            className="rounded text-slate-100 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
          >
            {title}
          </Link>
        </h3>
        {item.score !== null || started || completed ? (
          <ul className="space-y-0.5 text-xs text-slate-400">
            {item.score !== null ? (
              <li className="inline-flex items-center gap-1 font-semibold text-amber-300">
                <Star aria-hidden className="size-3.5 fill-current" />
                <span>
                  <FormattedMessage
                    id="tracking.scoreOutOfTen"
                    defaultMessage="{score}/10"
                    values={{ score: item.score }}
                  />
                </span>
              </li>
            ) : null}
            {started ? (
              <li>
                <FormattedMessage
                  id="tracking.startedOn"
                  defaultMessage="Started {date}"
                  values={{ date: started }}
                />
              </li>
            ) : null}
            {completed ? (
              <li>
                <FormattedMessage
                  id="tracking.completedOn"
                  defaultMessage="Completed {date}"
                  values={{ date: completed }}
                />
              </li>
            ) : null}
          </ul>
        ) : null}
        <WatchStatusSelect
          className="mt-auto w-full pt-1"
          value={item.status}
          label={formatMessage(
            { id: 'tracking.statusOf', defaultMessage: 'Status of {title}' },
            { title },
          )}
          onChange={(status) => onStatusChange(item, status)}
        />
      </div>
    </article>
  );
}

/** A button over the cover: its word, and the whole action ('Rate Dark') for screen readers. */
function CardAction({
  icon: Icon,
  label,
  fullLabel,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  fullLabel: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className={action} onClick={onClick} aria-label={fullLabel}>
      <Icon aria-hidden className="size-3.5 shrink-0 max-sm:hidden" />
      {label}
    </button>
  );
}

export function WatchlistCardSkeleton() {
  return (
    <CoverSkeleton
      className="overflow-hidden rounded-xl border border-slate-800 bg-slate-900/60"
      testId="watchlist-skeleton"
      cover="aspect-[2/3] w-full rounded-none"
      linesClassName="space-y-2 p-3"
      lines={['h-4 w-4/5', 'h-3 w-1/2', 'h-9 w-full']}
    />
  );
}

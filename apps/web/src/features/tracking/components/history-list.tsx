import type { HistoryEntry } from '@series-tracker/contracts';
import { History } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CoverImage } from '@/components/ui/cover-image';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { episodeCode } from '@/lib/format';
import { EpisodeTitleAfterCode } from '@/components/media/episode-title';
import type { useHistory } from '../api/plays';
import { formatDiaryDay, formatPlayClock, groupByDay, playSourceLabel } from '../lib/plays';
import { RetryAlert } from './retry-alert';

/**
 * A member's diary (ADR 130): plays grouped by the viewer's local day, newest first, "Load
 * more" for older ones. An error never empties what is already on screen.
 */
export function HistoryList({
  query,
  emptyTitle,
  emptyMessage,
  emptyAction,
  headingLevel = 2,
}: {
  query: ReturnType<typeof useHistory>;
  emptyTitle: string;
  emptyMessage?: string;
  emptyAction?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const { formatMessage } = useIntl();
  const entries = query.data?.pages.flatMap((p) => p.data) ?? [];
  if (query.isPending) {
    return (
      <div className="space-y-3" data-testid="history-loading">
        <Skeleton className="h-5 w-48" />
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <QueryErrorState
        query={query}
        title={formatMessage({
          id: 'tracking.historyLoadFailed',
          defaultMessage: 'Could not load the history',
        })}
        headingLevel={headingLevel}
      />
    );
  }
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={History}
        title={emptyTitle}
        message={emptyMessage}
        headingLevel={headingLevel}
      >
        {emptyAction}
      </EmptyState>
    );
  }
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const total = query.data?.pages.at(-1)?.total ?? entries.length;
  return (
    <div>
      <p className="mb-4 text-sm text-slate-400">
        <FormattedMessage
          id="tracking.playTotal"
          defaultMessage="{count, plural, one {# play} other {# plays}}"
          values={{ count: total }}
        />
      </p>
      <div className="space-y-6">
        {groupByDay(entries).map((group) => (
          <section key={group.day} aria-label={formatDiaryDay(group.entries[0]!.watchedAt)}>
            <Heading className="mb-2 text-sm font-semibold tracking-wide text-slate-300">
              {formatDiaryDay(group.entries[0]!.watchedAt)}
            </Heading>
            <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800 bg-slate-900/40">
              {group.entries.map((entry) => (
                <HistoryRow key={entry.id} entry={entry} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      {query.isError && !query.isFetchNextPageError ? (
        <RetryAlert
          className="mt-3 text-center"
          message={formatMessage({
            id: 'tracking.historyRefreshFailed',
            defaultMessage: 'Could not refresh the history.',
          })}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <LoadMore query={query} />
      {query.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-sm text-rose-300">
          <FormattedMessage
            id="tracking.historyMoreFailed"
            defaultMessage="Could not load more of the history. Please try again."
          />
        </p>
      ) : null}
    </div>
  );
}

function HistoryRow({ entry }: { entry: HistoryEntry }) {
  const code = episodeCode(entry.episode.seasonNumber, entry.episode.episodeNumber);
  const source = playSourceLabel(entry.source);
  return (
    <li className="flex items-center gap-3 p-3">
      <Link to={`/show/${entry.show.id}`} className="block shrink-0" tabIndex={-1} aria-hidden>
        <CoverImage
          src={entry.show.coverImageUrl}
          title={entry.show.title}
          shape="poster"
          sizes="40px"
          className="h-14 w-10 rounded-md"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm">
          <Link
            to={`/show/${entry.show.id}`}
            dir="auto"
            className="inline-block min-h-6 max-w-full truncate align-top leading-6 font-semibold text-white hover:text-violet-200 hover:underline"
          >
            {entry.show.title}
          </Link>
        </p>
        <p className="truncate text-sm text-slate-300">
          <Link
            to={`/episode/${entry.episode.id}`}
            className="inline-block min-h-6 max-w-full truncate align-top leading-6 hover:text-violet-200 hover:underline"
          >
            <span className="font-medium text-slate-200">{code}</span>
            <EpisodeTitleAfterCode title={entry.episode.title} />
          </Link>
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
          <time dateTime={entry.watchedAt}>{formatPlayClock(entry.watchedAt)}</time>
          {entry.rewatch ? (
            <span className="rounded-full bg-violet-500/15 px-2 py-0.5 text-[11px] text-violet-200">
              <FormattedMessage id="tracking.rewatchBadge" defaultMessage="Rewatch" />
            </span>
          ) : null}
          {entry.run > 1 ? (
            <span>
              <FormattedMessage
                id="tracking.run"
                defaultMessage="Run {run}"
                values={{ run: entry.run }}
              />
            </span>
          ) : null}
          {source ? <span>{source}</span> : null}
        </p>
      </div>
    </li>
  );
}

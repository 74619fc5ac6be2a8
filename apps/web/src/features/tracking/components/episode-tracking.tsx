import type { Episode } from '@series-tracker/contracts';
import { Check, CloudOff } from 'lucide-react';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { ProgressBar } from '@/components/media/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { localIsoDate } from '@/lib/format';
import {
  useSetEpisodeWatched,
  useShowProgress,
  savedOfflineNote,
  type ShowProgress,
} from '../api/progress';
import { usePendingMarks, withPendingMarks } from '../api/offline-marks';
import { loginPathFor, useRequireSignIn } from '@/features/auth/hooks/use-require-sign-in';
import { RetryAlert } from './retry-alert';

/** Progress of a show for the signed-in user; nothing is asked for visitors. */
export function useProgress(showId: number) {
  const { status, requireSignIn } = useRequireSignIn();
  const signedIn = status === 'authenticated';
  const query = useShowProgress(showId, { enabled: signedIn });
  // Marks made offline show at once, before they reach the server (ADR 162).
  const pending = usePendingMarks();
  const progress = useMemo(
    () => (signedIn ? withPendingMarks(query.data, pending) : undefined),
    [signedIn, query.data, pending],
  );
  return { status, signedIn, requireSignIn, query, progress, pending };
}

/** This episode's latest mark is still waiting on this device to be sent. */
function useIsPending(episodeId: number, pending: ReturnType<typeof usePendingMarks>) {
  return pending.some((mark) => mark.episodeId === episodeId);
}

/**
 * One episode's watched state and the toggle both watch buttons share: visitors are sent to
 * sign in; a member's mark goes to the server (or the offline queue).
 */
interface EpisodeToggleProps {
  showId: number;
  episode: Episode;
  code: string;
}

function useEpisodeToggle({ showId, episode, code }: EpisodeToggleProps) {
  const { signedIn, requireSignIn, progress, pending } = useProgress(showId);
  const mutation = useSetEpisodeWatched();
  const watched = watchedSet(progress).has(episode.id);
  const aired = hasAired(episode);
  const queued = useIsPending(episode.id, pending);
  const counts = episode.type === 'regular' && aired;
  const toggle = () => {
    if (!requireSignIn()) return;
    mutation.mutate({ episodeId: episode.id, showId, watched: !watched, code, counts });
  };
  const disabled = mutation.isPending || (!aired && !watched) || (signedIn && !progress);
  return { watched, aired, queued, saving: mutation.isPending, disabled, toggle };
}

const watchedSets = new WeakMap<ShowProgress, Set<number>>();
export function watchedSet(progress: ShowProgress | undefined): Set<number> {
  if (!progress) return new Set();
  let set = watchedSets.get(progress);
  if (!set) {
    set = new Set(progress.data.map((p) => p.episodeId));
    watchedSets.set(progress, set);
  }
  return set;
}

/** An episode that airs after today cannot have been watched. */
export function hasAired(episode: Pick<Episode, 'airDate'>): boolean {
  return !episode.airDate || episode.airDate <= localIsoDate();
}

/** 'N of M watched' (spec §2): M is the aired regular episodes, N the watched ones. */
export function EpisodeProgressSummary({ showId }: { showId: number }) {
  const { status, query, progress } = useProgress(showId);
  const location = useLocation();
  const { formatMessage } = useIntl();
  if (status === 'anonymous') {
    return (
      <p className="text-sm text-slate-400">
        <FormattedMessage
          id="tracking.signInToTrack"
          defaultMessage="<link>Sign in</link> to keep track of the episodes you have watched."
          values={{
            link: (chunks) => (
              <Link
                to={loginPathFor(location)}
                className="font-medium text-violet-300 hover:text-violet-200 hover:underline"
              >
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert
        message={formatMessage({
          id: 'tracking.progressLoadFailed',
          defaultMessage: 'Could not load your progress.',
        })}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!progress)
    return <p className="h-5 w-40 animate-pulse rounded bg-slate-800/80" aria-hidden />;
  // Watched episodes that have aired, out of those that have: never more than all of them.
  const { watchedAiredCount: n, airedCount: m } = progress;
  return (
    <div className="flex max-w-md items-center gap-3">
      <p
        className="text-sm font-semibold whitespace-nowrap text-slate-100"
        data-testid="episodes-watched"
      >
        <FormattedMessage
          id="tracking.nOfMWatched"
          defaultMessage="{watched, number} of {aired, number} watched"
          values={{ watched: n, aired: m }}
        />
      </p>
      <ProgressBar value={n} max={m} className="h-1.5 flex-1" fillClassName="transition-[width]" />
    </div>
  );
}

/** The toggle's name: what pressing it does, and whether the last mark still waits offline. */
function useToggleLabel(
  code: string,
  { watched, aired, queued }: { watched: boolean; aired: boolean; queued: boolean },
): string {
  const { formatMessage } = useIntl();
  if (!aired && !watched)
    return formatMessage(
      { id: 'tracking.codeNotAired', defaultMessage: '{code} has not aired yet' },
      { code },
    );
  if (queued)
    return watched
      ? formatMessage(
          {
            id: 'tracking.markCodeUnwatchedQueued',
            defaultMessage: 'Mark {code} as unwatched (saved offline — will sync)',
          },
          { code },
        )
      : formatMessage(
          {
            id: 'tracking.markCodeWatchedQueued',
            defaultMessage: 'Mark {code} as watched (saved offline — will sync)',
          },
          { code },
        );
  return watched
    ? formatMessage(
        { id: 'tracking.markCodeUnwatched', defaultMessage: 'Mark {code} as unwatched' },
        { code },
      )
    : formatMessage(
        { id: 'tracking.markCodeWatched', defaultMessage: 'Mark {code} as watched' },
        { code },
      );
}

/**
 * The watch toggle of one episode: a pressed/not-pressed button that changes only after the
 * server said yes (spec §4); while the call runs it shows a spinner and ignores clicks.
 */
export function EpisodeWatchToggle(props: EpisodeToggleProps) {
  const { watched, aired, queued, saving, disabled, toggle } = useEpisodeToggle(props);
  const label = useToggleLabel(props.code, { watched, aired, queued });
  return (
    <span className="relative inline-flex shrink-0">
      <button
        type="button"
        aria-pressed={watched}
        aria-label={label}
        title={label}
        disabled={disabled}
        onClick={toggle}
        className={cn(
          'inline-flex size-10 shrink-0 items-center justify-center rounded-full border-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:cursor-not-allowed',
          watched
            ? 'border-emerald-500 bg-emerald-500 text-slate-950 hover:bg-emerald-400'
            : 'border-slate-600 text-slate-500 hover:border-emerald-400 hover:text-emerald-300 disabled:opacity-40',
        )}
      >
        {saving ? (
          <Spinner className="size-4" />
        ) : (
          <Check aria-hidden className="size-5" strokeWidth={3} />
        )}
      </button>
      {queued ? (
        <span
          aria-hidden
          data-testid="mark-queued"
          title={savedOfflineNote()}
          className="absolute -end-1 -bottom-1 inline-flex size-5 items-center justify-center rounded-full border border-slate-950 bg-amber-400 text-slate-950"
        >
          <CloudOff className="size-3" strokeWidth={2.5} />
        </span>
      ) : null}
    </span>
  );
}

/** The episode page's 'Mark as Watched' / 'Watched' toggle; changes after the server agrees. */
export function EpisodeWatchButton(props: EpisodeToggleProps) {
  const { watched, aired, queued, saving, disabled, toggle } = useEpisodeToggle(props);
  const { formatMessage } = useIntl();
  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={watched}
        disabled={disabled}
        title={
          !aired && !watched
            ? formatMessage({
                id: 'tracking.episodeNotAired',
                defaultMessage: 'This episode has not aired yet',
              })
            : undefined
        }
        onClick={toggle}
        className={cn(
          'inline-flex h-11 items-center justify-center gap-2 rounded-lg px-5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:cursor-not-allowed disabled:opacity-60',
          watched
            ? 'border border-emerald-500/50 bg-emerald-500/15 text-emerald-300 hover:bg-emerald-500/25'
            : 'bg-violet-600 text-white hover:bg-violet-500',
        )}
      >
        {saving ? <Spinner /> : <Check aria-hidden className="size-4" strokeWidth={3} />}
        {watched ? (
          <FormattedMessage id="tracking.watched" defaultMessage="Watched" />
        ) : (
          <FormattedMessage id="tracking.markAsWatched" defaultMessage="Mark as Watched" />
        )}
      </button>
      {queued ? (
        <span
          data-testid="mark-queued"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-amber-300"
        >
          <CloudOff aria-hidden className="size-4" />
          {savedOfflineNote()}
        </span>
      ) : null}
    </span>
  );
}

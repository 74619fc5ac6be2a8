import type { Episode } from '@series-tracker/contracts';
import { Check, CheckCheck, CloudOff, ListChecks } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { ProgressBar } from '@/components/media/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { localIsoDate } from '@/lib/format';
import {
  useBulkProgress,
  useSetEpisodeWatched,
  useShowProgress,
  SAVED_OFFLINE,
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

/** Marking many episodes at once: visitors are sent to sign in; a member's call goes out. */
function useBulkMark(showId: number) {
  const { signedIn, requireSignIn, progress } = useProgress(showId);
  const bulk = useBulkProgress(showId);
  const mark = (change: Parameters<typeof bulk.mutate>[0]) => {
    if (requireSignIn()) bulk.mutate(change);
  };
  return { signedIn, progress, bulk, mark };
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

const gaps = new WeakMap<Episode[], { progress: ShowProgress; at: number }>();
/**
 * Where the first aired regular episode not yet watched sits in `ordered` (Infinity: none).
 * Worked out once per list and progress, not once per row: a 700-episode show would otherwise
 * compare each row with every row before it.
 */
function firstGap(ordered: Episode[], progress: ShowProgress): number {
  const cached = gaps.get(ordered);
  if (cached?.progress === progress) return cached.at;
  const watched = watchedSet(progress);
  const at = ordered.findIndex((e) => e.type === 'regular' && hasAired(e) && !watched.has(e.id));
  const result = at < 0 ? Infinity : at;
  gaps.set(ordered, { progress, at: result });
  return result;
}

/** An episode that airs after today cannot have been watched. */
export function hasAired(episode: Pick<Episode, 'airDate'>): boolean {
  return !episode.airDate || episode.airDate <= localIsoDate();
}

/** 'N of M watched' (spec §2): M is the aired regular episodes, N the watched ones. */
export function EpisodeProgressSummary({ showId }: { showId: number }) {
  const { status, query, progress } = useProgress(showId);
  const location = useLocation();
  if (status === 'anonymous') {
    return (
      <p className="text-sm text-slate-400">
        <Link
          to={loginPathFor(location)}
          className="font-medium text-violet-300 hover:text-violet-200 hover:underline"
        >
          Sign in
        </Link>{' '}
        to keep track of the episodes you have watched.
      </p>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert message="Could not load your progress." onRetry={() => void query.refetch()} />
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
        {n} of {m} watched
      </p>
      <ProgressBar value={n} max={m} className="h-1.5 flex-1" fillClassName="transition-[width]" />
    </div>
  );
}

/**
 * The watch toggle of one episode: a pressed/not-pressed button that changes only after the
 * server said yes (spec §4); while the call runs it shows a spinner and ignores clicks.
 */
export function EpisodeWatchToggle(props: EpisodeToggleProps) {
  const { watched, aired, queued, saving, disabled, toggle } = useEpisodeToggle(props);
  const { code } = props;
  const label =
    !aired && !watched
      ? `${code} has not aired yet`
      : `Mark ${code} as ${watched ? 'unwatched' : 'watched'}${queued ? ` (${SAVED_OFFLINE.toLowerCase()})` : ''}`;
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
          title={SAVED_OFFLINE}
          className="absolute -right-1 -bottom-1 inline-flex size-5 items-center justify-center rounded-full border border-slate-950 bg-amber-400 text-slate-950"
        >
          <CloudOff className="size-3" strokeWidth={2.5} />
        </span>
      ) : null}
    </span>
  );
}

/**
 * 'Watched up to here': this episode and every one before it. Offered only where an earlier
 * episode is still unwatched, so a caught-up list stays quiet.
 */
export function WatchedUpToHere({
  showId,
  episode,
  code,
  ordered,
  position,
}: {
  showId: number;
  episode: Episode;
  code: string;
  /** The show's episodes in viewing order, and this one's place in it. */
  ordered: Episode[];
  position: number;
}) {
  const { signedIn, progress, bulk, mark } = useBulkMark(showId);
  // Visitors get the plain toggles only (which lead to sign-in); 73 of these would be noise.
  if (!signedIn || !progress || position === 0 || !hasAired(episode)) return null;
  if (firstGap(ordered, progress) >= position) return null;
  return (
    <button
      type="button"
      disabled={bulk.isPending}
      aria-label={`Watched up to here: mark every episode through ${code} as watched`}
      onClick={() =>
        mark({
          target: { upToEpisodeId: episode.id },
          watched: true,
          label: `mark every episode through ${code} as watched`,
        })
      }
      className="mt-2 inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 text-xs font-medium text-slate-400 hover:bg-slate-800 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-50"
    >
      {bulk.isPending ? (
        <Spinner className="size-3" />
      ) : (
        <CheckCheck aria-hidden className="size-3.5" />
      )}
      Watched up to here
    </button>
  );
}

/** 'Mark season watched', or 'Unmark season' once every aired episode of it is watched. */
export function SeasonWatchButton({
  showId,
  season,
  label,
  episodes,
  headingId,
}: {
  showId: number;
  /** The season number the API marks (0 for specials). */
  season: number;
  /** 'season 3' or 'the specials', for the error message. */
  label: string;
  episodes: Episode[];
  headingId: string;
}) {
  const { signedIn, progress, bulk, mark } = useBulkMark(showId);
  const watched = watchedSet(progress);
  const aired = episodes.filter(hasAired);
  if (aired.length === 0) return null;
  const allWatched = signedIn && aired.every((e) => watched.has(e.id));
  const text = allWatched ? 'Unmark season' : 'Mark season watched';
  return (
    <button
      type="button"
      aria-describedby={headingId}
      disabled={bulk.isPending || (signedIn && !progress)}
      onClick={() =>
        mark({
          target: { season },
          watched: !allWatched,
          label: `mark ${label} as ${allWatched ? 'unwatched' : 'watched'}`,
        })
      }
      className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border border-slate-700 bg-slate-900 px-3 text-xs font-semibold whitespace-nowrap text-slate-200 hover:border-slate-500 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-50"
    >
      {bulk.isPending ? (
        <Spinner className="size-3" />
      ) : (
        <ListChecks aria-hidden className="size-3.5" />
      )}
      {text}
    </button>
  );
}

/** The episode page's 'Mark as Watched' / 'Watched' toggle; changes after the server agrees. */
export function EpisodeWatchButton(props: EpisodeToggleProps) {
  const { watched, aired, queued, saving, disabled, toggle } = useEpisodeToggle(props);
  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={watched}
        disabled={disabled}
        title={!aired && !watched ? 'This episode has not aired yet' : undefined}
        onClick={toggle}
        className={cn(
          'inline-flex h-11 items-center justify-center gap-2 rounded-lg px-5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:cursor-not-allowed disabled:opacity-60',
          watched
            ? 'border border-emerald-500/50 bg-emerald-500/15 text-emerald-300 hover:bg-emerald-500/25'
            : 'bg-violet-600 text-white hover:bg-violet-500',
        )}
      >
        {saving ? <Spinner /> : <Check aria-hidden className="size-4" strokeWidth={3} />}
        {watched ? 'Watched' : 'Mark as Watched'}
      </button>
      {queued ? (
        <span
          data-testid="mark-queued"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-amber-300"
        >
          <CloudOff aria-hidden className="size-4" />
          {SAVED_OFFLINE}
        </span>
      ) : null}
    </span>
  );
}

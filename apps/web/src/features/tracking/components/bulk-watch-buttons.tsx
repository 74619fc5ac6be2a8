import type { Episode } from '@series-tracker/contracts';
import { CheckCheck, ListChecks } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Spinner } from '@/components/ui/spinner';
import { intl } from '@/i18n';
import { useBulkProgress, type ShowProgress } from '../api/progress';
import { hasAired, useProgress, watchedSet } from './episode-tracking';

/** Marking many episodes at once: visitors are sent to sign in; a member's call goes out. */
function useBulkMark(showId: number) {
  const { signedIn, requireSignIn, progress } = useProgress(showId);
  const bulk = useBulkProgress(showId);
  const mark = (change: Parameters<typeof bulk.mutate>[0]) => {
    if (requireSignIn()) bulk.mutate(change);
  };
  return { signedIn, progress, bulk, mark };
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
  const { formatMessage } = useIntl();
  // Visitors get the plain toggles only (which lead to sign-in); 73 of these would be noise.
  if (!signedIn || !progress || position === 0 || !hasAired(episode)) return null;
  if (firstGap(ordered, progress) >= position) return null;
  return (
    <button
      type="button"
      disabled={bulk.isPending}
      aria-label={formatMessage(
        {
          id: 'tracking.watchedUpToHereLabel',
          defaultMessage: 'Watched up to here: mark every episode through {code} as watched',
        },
        { code },
      )}
      onClick={() =>
        mark({
          target: { upToEpisodeId: episode.id },
          watched: true,
          failed: (reason) =>
            intl().formatMessage(
              {
                id: 'tracking.upToHereFailed',
                defaultMessage:
                  'Could not mark every episode through {code} as watched: {reason}. Nothing was changed.',
              },
              { code, reason },
            ),
        })
      }
      className="mt-2 inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 text-xs font-medium text-slate-400 hover:bg-slate-800 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-50"
    >
      {bulk.isPending ? (
        <Spinner className="size-3" />
      ) : (
        <CheckCheck aria-hidden className="size-3.5" />
      )}
      <FormattedMessage id="tracking.watchedUpToHere" defaultMessage="Watched up to here" />
    </button>
  );
}

/** What a failed season mark says: which season (0 is the specials), which way, and why. */
function seasonMarkFailed(season: number, watched: boolean, reason: string): string {
  const { formatMessage } = intl();
  const values = { season, reason };
  if (season === 0)
    return watched
      ? formatMessage(
          {
            id: 'tracking.specialsWatchedFailed',
            defaultMessage:
              'Could not mark the specials as watched: {reason}. Nothing was changed.',
          },
          values,
        )
      : formatMessage(
          {
            id: 'tracking.specialsUnwatchedFailed',
            defaultMessage:
              'Could not mark the specials as unwatched: {reason}. Nothing was changed.',
          },
          values,
        );
  return watched
    ? formatMessage(
        {
          id: 'tracking.seasonWatchedFailed',
          defaultMessage:
            'Could not mark season {season} as watched: {reason}. Nothing was changed.',
        },
        values,
      )
    : formatMessage(
        {
          id: 'tracking.seasonUnwatchedFailed',
          defaultMessage:
            'Could not mark season {season} as unwatched: {reason}. Nothing was changed.',
        },
        values,
      );
}

/** 'Mark season watched', or 'Unmark season' once every aired episode of it is watched. */
export function SeasonWatchButton({
  showId,
  season,
  episodes,
  headingId,
}: {
  showId: number;
  /** The season number the API marks (0 for specials). */
  season: number;
  episodes: Episode[];
  headingId: string;
}) {
  const { signedIn, progress, bulk, mark } = useBulkMark(showId);
  const watched = watchedSet(progress);
  const aired = episodes.filter(hasAired);
  if (aired.length === 0) return null;
  const allWatched = signedIn && aired.every((e) => watched.has(e.id));
  return (
    <button
      type="button"
      aria-describedby={headingId}
      disabled={bulk.isPending || (signedIn && !progress)}
      onClick={() =>
        mark({
          target: { season },
          watched: !allWatched,
          failed: (reason) => seasonMarkFailed(season, !allWatched, reason),
        })
      }
      className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border border-slate-700 bg-slate-900 px-3 text-xs font-semibold whitespace-nowrap text-slate-200 hover:border-slate-500 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-50"
    >
      {bulk.isPending ? (
        <Spinner className="size-3" />
      ) : (
        <ListChecks aria-hidden className="size-3.5" />
      )}
      {allWatched ? (
        <FormattedMessage id="tracking.unmarkSeason" defaultMessage="Unmark season" />
      ) : (
        <FormattedMessage id="tracking.markSeasonWatched" defaultMessage="Mark season watched" />
      )}
    </button>
  );
}

import type { Episode } from '@series-tracker/contracts';
import { useCallback } from 'react';
import { hasAired, useProgress, watchedSet } from '../components/episode-tracking';

/**
 * What the Episodes tab's season picker needs from tracking: the member's next episode (its
 * season opens first; null for visitors, caught-up members, or when progress failed to load;
 * undefined while it loads) and each season's 'n of m watched'.
 */
export function useSeasonTracking(showId: number) {
  const { status, query, progress } = useProgress(showId);
  const openAt =
    status === 'authenticated'
      ? progress
        ? (progress.nextEpisodeId ?? null)
        : query.isError
          ? null
          : undefined
      : status === 'loading'
        ? undefined
        : null;
  const seasonProgress = useCallback(
    (episodes: Episode[]) => {
      if (!progress) return null;
      const watched = watchedSet(progress);
      // Like 'N of M watched': aired regular episodes (a specials season counts its own).
      const regular = episodes.filter((e) => e.type === 'regular');
      const counted = (regular.length ? regular : episodes).filter(
        (e) => e.airDate !== null && hasAired(e),
      );
      return { watched: counted.filter((e) => watched.has(e.id)).length, aired: counted.length };
    },
    [progress],
  );
  return { openAt, seasonProgress };
}

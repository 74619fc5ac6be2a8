/**
 * The one rule of spoiler protection (ADR 181): is this episode a spoiler for this member?
 * Everything that shows an episode's title, still or summary asks it — the show and episode
 * pages (through GET /spoilers/shows/:id), the calendar, Up Next, notifications, mails and the
 * iCal feed — so the answer never differs between two places.
 *
 * An episode is NOT a spoiler when
 * - the member has protection off (or nobody is signed in: visitors see everything),
 * - the member chose "Show spoilers for this show",
 * - the member has watched it (a row in episode_progress: at least one play, ADR 130), or
 * - it is a regular episode (season >= 1, numbered) before the furthest regular episode the
 *   member has watched of that show: a member who is past it knows what happened in it, and
 *   an episode they skipped is not news. Specials (season 0 or unnumbered) are placed nowhere
 *   in that order, so only watching them clears them.
 * Everything else is (unaired episodes too: a title can give away what is coming).
 */

export interface EpisodePlace {
  id: number;
  showId: number;
  seasonNumber: number | null;
  episodeNumber: number | null;
}

export interface MemberSpoilerState {
  protect: boolean;
  revealedShows: ReadonlySet<number>;
  watched: ReadonlySet<number>;
  /** Per show, the furthest watched regular episode as [season, number]. */
  furthest: ReadonlyMap<number, readonly [number, number]>;
}

/** Nobody is protected: signed-out visitors, members with protection off. */
export const unprotected: MemberSpoilerState = {
  protect: false,
  revealedShows: new Set(),
  watched: new Set(),
  furthest: new Map(),
};

const isRegular = (
  ep: EpisodePlace,
): ep is EpisodePlace & { seasonNumber: number; episodeNumber: number } =>
  ep.seasonNumber !== null && ep.seasonNumber > 0 && ep.episodeNumber !== null;

/** Builds the state from a member's watched episodes (with their places). */
export function spoilerState(
  protect: boolean,
  revealedShows: Iterable<number>,
  watched: Iterable<EpisodePlace>,
): MemberSpoilerState {
  const watchedIds = new Set<number>();
  const furthest = new Map<number, readonly [number, number]>();
  for (const ep of watched) {
    watchedIds.add(ep.id);
    if (!isRegular(ep)) continue;
    const f = furthest.get(ep.showId);
    if (!f || ep.seasonNumber > f[0] || (ep.seasonNumber === f[0] && ep.episodeNumber > f[1]))
      furthest.set(ep.showId, [ep.seasonNumber, ep.episodeNumber]);
  }
  return { protect, revealedShows: new Set(revealedShows), watched: watchedIds, furthest };
}

export function isSpoiler(state: MemberSpoilerState, ep: EpisodePlace): boolean {
  if (!state.protect) return false;
  if (state.revealedShows.has(ep.showId)) return false;
  if (state.watched.has(ep.id)) return false;
  const f = state.furthest.get(ep.showId);
  if (f && isRegular(ep))
    return !(ep.seasonNumber < f[0] || (ep.seasonNumber === f[0] && ep.episodeNumber < f[1]));
  return true;
}

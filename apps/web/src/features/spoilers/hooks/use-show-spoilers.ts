import { useCallback, useMemo, useState } from 'react';
import { useSetShowRevealed, useShowSpoilersQuery } from '../api/spoilers';

export interface ShowSpoilerGuard {
  /** The member is protected on this show (setting on, show not revealed). */
  protecting: boolean;
  /** "Show spoilers for this show" is on. */
  revealed: boolean;
  /** Signed in with the setting on: the per-show switch is offered. */
  offered: boolean;
  isHidden: (episodeId: number) => boolean;
  /** A spoiler as the server says, whatever was revealed once (reviews stay collapsed). */
  isSpoiler: (episodeId: number) => boolean;
  /** Shows one episode until the page is left (not stored). */
  reveal: (episodeId: number) => void;
  setShowRevealed: (revealed: boolean) => void;
  saving: boolean;
}

/**
 * A show's spoiler state for the signed-in member (ADR 181): the API decides which episodes are
 * spoilers; one-episode reveals live here, so revealing needs no request. Until the state has
 * loaded, a member's unwatched episodes are not known, so nothing is shown as hidden: the list
 * is never blanked for visitors or while loading (the state comes with the first paint after).
 */
/** `showId` null: not known yet (the page is loading); nothing is asked. */
export function useShowSpoilers(showId: number | null): ShowSpoilerGuard {
  const query = useShowSpoilersQuery(showId);
  const save = useSetShowRevealed(showId ?? 0);
  const [once, setOnce] = useState<ReadonlySet<number>>(() => new Set());
  const hidden = query.data?.spoilerEpisodeIds;
  const hiddenSet = useMemo(() => new Set(hidden ?? []), [hidden]);
  const isHidden = useCallback(
    (episodeId: number) => hiddenSet.has(episodeId) && !once.has(episodeId),
    [hiddenSet, once],
  );
  const reveal = useCallback(
    (episodeId: number) => setOnce((prev) => new Set(prev).add(episodeId)),
    [],
  );
  const data = query.data;
  return {
    protecting: Boolean(data?.protect && !data.revealed),
    revealed: Boolean(data?.revealed),
    offered: Boolean(data?.protect),
    isHidden,
    isSpoiler: (episodeId) => hiddenSet.has(episodeId),
    reveal,
    setShowRevealed: (revealed) => save.mutate(revealed),
    saving: save.isPending,
  };
}

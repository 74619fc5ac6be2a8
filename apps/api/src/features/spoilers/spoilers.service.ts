import {
  hiddenEpisodeTitle,
  trackingMessages,
  type ShowSpoilers,
  type SpoilerSettings,
} from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import {
  isSpoiler,
  spoilerState,
  unprotected,
  type EpisodePlace,
  type MemberSpoilerState,
} from './spoiler-rule';
import type { EventBus } from '../../platform/events';
import type { SpoilersRepository } from './spoilers.repository';

/** Answers "is this a spoiler?" for one member over the shows it was built for. */
export type SpoilerCheck = (ep: EpisodePlace) => boolean;

/**
 * Spoiler protection (issue 29, ADR 181): the member's setting, per-show reveals, and the
 * checker every feature that shows episodes to a member asks (the rule is spoiler-rule.ts).
 */
export function createSpoilersService({
  repo,
  events,
}: {
  repo: SpoilersRepository;
  /** Tells the response cache that the member's Up Next reads differently now. */
  events?: Pick<EventBus, 'emit'>;
}) {
  const changed = (userId: number) =>
    events?.emit('preferences.changed', { userId, what: 'spoilers' });
  async function stateFor(
    userId: number | null,
    showIds: Iterable<number>,
  ): Promise<MemberSpoilerState> {
    if (userId === null) return unprotected;
    if (!(await repo.protect(userId))) return unprotected;
    const ids = [...new Set(showIds)];
    const [revealed, watched] = await Promise.all([
      repo.revealedShows(userId, ids),
      repo.watched(userId, ids),
    ]);
    return spoilerState(true, revealed, watched);
  }

  return {
    /** A checker for a member (null: a visitor, never protected) over these shows. */
    async checker(userId: number | null, showIds: Iterable<number>): Promise<SpoilerCheck> {
      const state = await stateFor(userId, showIds);
      return (ep) => isSpoiler(state, ep);
    },

    /** What server-rendered text (mail, iCal, the bell) says instead of a hidden title. */
    hiddenTitle: (ep: { episodeNumber: number | null }) => hiddenEpisodeTitle(ep.episodeNumber),

    async settings(userId: number): Promise<SpoilerSettings> {
      return { protect: await repo.protect(userId) };
    },

    async updateSettings(userId: number, input: SpoilerSettings): Promise<SpoilerSettings> {
      await repo.saveProtect(userId, input.protect, nowIso());
      await changed(userId);
      return this.settings(userId);
    },

    async forShow(userId: number | null, showId: number): Promise<ShowSpoilers> {
      const [exists, episodes, state] = await Promise.all([
        repo.showExists(showId),
        repo.showEpisodes(showId),
        stateFor(userId, [showId]),
      ]);
      if (!exists) throw notFound(trackingMessages.showNotFound);
      return {
        showId,
        protect: state.protect,
        revealed: state.revealedShows.has(showId),
        spoilerEpisodeIds: episodes.filter((ep) => isSpoiler(state, ep)).map((ep) => ep.id),
      };
    },

    async setShowRevealed(userId: number, showId: number, revealed: boolean) {
      if (!(await repo.showExists(showId))) throw notFound(trackingMessages.showNotFound);
      await repo.setRevealed(userId, showId, revealed, nowIso());
      await changed(userId);
      return this.forShow(userId, showId);
    },
  };
}

export type SpoilersService = ReturnType<typeof createSpoilersService>;

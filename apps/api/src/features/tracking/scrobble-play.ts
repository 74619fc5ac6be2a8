import type { DialectName } from '../../db/connection';
import type { EventBus } from '../../platform/events';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { PlaysRepository } from './plays.repository';
import type { PlaysService } from './plays.service';

export interface ScrobblePlayInput {
  userId: number;
  showId: number;
  episodeId: number;
  /** ISO instant of the watch. */
  watchedAt: string;
  /** The media server: jellyfin, plex, emby, kodi. */
  source: string;
}

/**
 * Two reports of one episode this close together are one watch: a media server resending a
 * webhook, Emby's playback.stop followed by item.markplayed, or the member marking it on the
 * site while it played (ADR 161).
 */
export const SCROBBLE_WINDOW_MS = 3 * 60 * 60 * 1000;

/**
 * Tracking's write rule for a play reported by a media server (ADR 161): one play through
 * `applyHistory` (progress, item, events as for any play) unless the member already has a
 * play of that episode within SCROBBLE_WINDOW_MS of it. Checked and written under a lock on
 * the member's row (PostgreSQL; SQLite runs one transaction at a time), so a webhook
 * delivered twice at once still records one play.
 */
export function createScrobblePlays(opts: {
  plays: Pick<PlaysService, 'applyHistory'>;
  repo: PlaysRepository;
  uow: UnitOfWork;
  dialect: DialectName;
  events: EventBus;
}) {
  return {
    async record(input: ScrobblePlayInput): Promise<{ added: boolean; newlyWatched: boolean }> {
      const at = Date.parse(input.watchedAt);
      const from = new Date(at - SCROBBLE_WINDOW_MS).toISOString();
      const to = new Date(at + SCROBBLE_WINDOW_MS).toISOString();
      const result = await opts.uow.run(async (trx) => {
        await opts.repo.lockMember(trx, input.userId, opts.dialect);
        if (await opts.repo.playedBetween(trx, input.userId, input.episodeId, from, to))
          return null;
        return opts.plays.applyHistory(trx, {
          userId: input.userId,
          showId: input.showId,
          plays: [{ episodeId: input.episodeId, watchedAt: input.watchedAt, source: input.source }],
        });
      });
      if (!result) return { added: false, newlyWatched: false };
      await result.announce();
      // A play of an episode already watched: the activity says "rewatched".
      if (result.added > 0 && result.newlyWatched.length === 0)
        await opts.events.emit('episode.rewatched', {
          userId: input.userId,
          showId: input.showId,
          episodeIds: [input.episodeId],
          at: input.watchedAt,
        });
      return { added: result.added > 0, newlyWatched: result.newlyWatched.length > 0 };
    },
  };
}

export type ScrobblePlays = ReturnType<typeof createScrobblePlays>;

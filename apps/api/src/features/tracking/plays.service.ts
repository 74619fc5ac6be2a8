import type { Transaction } from 'kysely';
import {
  errorCodes,
  playInstant,
  playsMessages,
  type EpisodePlays,
  type HistoryEntry,
  type Play,
  type PlayChangeResult,
  type WatchlistItem,
} from '@series-tracker/contracts';
import type { Database } from '../../db/types';
import { AppError, conflict } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import type { Viewer } from '../../platform/policy';
import { page } from '../shows/shows.service';
import { rederiveItem, startWatching } from './item-derivation';
import { createTrackingAccess, ownRow } from './tracking-access';
import type { PlayRow, PlaysRepository } from './plays.repository';
import { toWatchlistItem } from './tracking.mapper';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { currentRun, type TrackingRepository } from './tracking.repository';
import { createHistoryWriter, type ApplyHistoryInput } from './apply-history';

export type { ApplyHistoryInput, ApplyHistoryResult, HistoryPlay } from './apply-history';

export interface PlaysServiceOptions {
  repo: PlaysRepository;
  tracking: TrackingRepository;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  events: EventBus;
  /** The one policy check for a member's details (users.requireDetails, ADR 090): throws 404/403. */
  profileDetails: (viewer: Viewer, userId: number) => Promise<unknown>;
}

const toPlay = (r: PlayRow): Play => ({
  id: r.id,
  episodeId: r.episode_id,
  showId: r.show_id,
  watchedAt: r.watched_at,
  source: r.source,
  run: Number(r.run),
  rewatch: Number(r.rewatch) === 1,
});

/**
 * Plays, rewatches and the diary (ADR 130). Every write runs in one transaction with the
 * member's item locked (ADR 009), keeps `episode_progress` equal to "has a play in the current
 * run" and re-derives the item, then publishes the tracking events after commit.
 */
export function createPlaysService({
  repo,
  tracking,
  uow,
  events,
  profileDetails,
}: PlaysServiceOptions) {
  const { requireShow, requireEpisode, ownItem } = createTrackingAccess(tracking);

  async function ownPlay(userId: number, id: number) {
    return ownRow(userId, await repo.byId(repo.db, id), 'play', playsMessages.playNotFound);
  }

  async function episodePlays(
    q: Transaction<Database> | undefined,
    userId: number,
    episodeId: number,
    showId: number,
  ): Promise<EpisodePlays> {
    const db = q ?? repo.db;
    const [rows, run, progress] = await Promise.all([
      repo.ofEpisode(db, userId, episodeId),
      currentRun(db, userId, showId),
      tracking.progressRow(db, userId, episodeId),
    ]);
    return {
      episodeId,
      showId,
      run,
      watched: !!progress,
      playCount: rows.length,
      data: rows.map(toPlay),
    };
  }

  /** The shared tail of every play write: lock, change, sync progress, re-derive; events after. */
  async function changePlays(
    userId: number,
    episode: { id: number; show_id: number },
    change: (trx: Transaction<Database>, run: number, now: string) => Promise<void>,
    createItem: boolean,
    /** Set by `change` when it added a play: when it happened (for episode.rewatched). */
    played?: { at: string | null },
  ): Promise<PlayChangeResult> {
    const showId = episode.show_id;
    let itemCreated = false;
    let became: boolean | null = null;
    const result = await uow.run(async (trx) => {
      const now = nowIso();
      const show = await requireShow(trx, showId);
      if (createItem) itemCreated = await startWatching(tracking, trx, userId, showId, now);
      await tracking.lockItem(trx, userId, showId);
      const run = await currentRun(trx, userId, showId);
      await change(trx, run, now);
      const sync = await repo.syncProgress(trx, userId, showId, episode.id, run, now);
      became = sync.changed ? sync.watched : null;
      await rederiveItem(tracking, trx, {
        userId,
        showId,
        show,
        direction: sync.changed ? (sync.watched ? 'watched' : 'unwatched') : 'none',
        now,
      });
      const item = await tracking.itemFor(trx, userId, showId);
      return {
        ...(await episodePlays(trx, userId, episode.id, showId)),
        item: item ? toWatchlistItem(item) : null,
      };
    });
    if (itemCreated) await events.emit('show.counters.changed', { showIds: [showId] });
    if (became !== null) {
      await events.emit('episode.watched', {
        userId,
        showId,
        episodeIds: [episode.id],
        watched: became,
      });
    } else if (played?.at) {
      // Already watched: one more play, no progress changed.
      await events.emit('episode.rewatched', {
        userId,
        showId,
        episodeIds: [episode.id],
        at: played.at,
      });
    }
    if (result.item) await events.emit('tracking.changed', { userId, showId, change: 'progress' });
    await events.emit('plays.changed', { userId });
    return result;
  }
  const { applyHistory, applyHistoryMany } = createHistoryWriter({ repo, tracking, events });

  return {
    applyHistory,
    applyHistoryMany,

    /** applyHistory in a transaction of its own, announced after commit. */
    async recordHistory(input: ApplyHistoryInput) {
      const result = await uow.run((trx) => applyHistory(trx, input));
      await result.announce();
      const { announce: _announce, ...counts } = result;
      return counts;
    },

    async forEpisode(userId: number, episodeId: number): Promise<EpisodePlays> {
      const episode = await requireEpisode(episodeId);
      return episodePlays(undefined, userId, episode.id, episode.show_id);
    },

    /** "Watch again": one more play (now, or `watchedAt`); an unwatched episode becomes watched. */
    async add(userId: number, episodeId: number, watchedAt?: string) {
      const episode = await requireEpisode(episodeId);
      const played = { at: null as string | null };
      return changePlays(
        userId,
        episode,
        async (trx, run, now) => {
          played.at = (watchedAt && playInstant(watchedAt)) || now;
          await repo.insert(trx, [
            {
              user_id: userId,
              episode_id: episode.id,
              show_id: episode.show_id,
              watched_at: played.at,
              source: 'web',
              run,
              created_at: now,
            },
          ]);
        },
        true,
        played,
      );
    },

    async setDate(userId: number, playId: number, watchedAt: string) {
      const play = await ownPlay(userId, playId);
      const at = playInstant(watchedAt);
      if (!at) {
        throw new AppError(400, errorCodes.validation, playsMessages.watchedAtInvalid, {
          watchedAt: playsMessages.watchedAtInvalid,
        });
      }
      return changePlays(
        userId,
        { id: play.episode_id, show_id: play.show_id },
        (trx) => repo.setDate(trx, play.id, at),
        false,
      );
    },

    /**
     * Deletes many plays at once (apps syncing a history, ADR 171): the given plays of the
     * member, and every play (all runs) of the given episodes. Per show, in one transaction:
     * progress follows the current run's remaining plays, the item is re-derived (losing a
     * watched episode reopens a completed show), then the same events as the web's removal.
     * Returns how many plays went and which of `playIds` were not the member's.
     */
    async removeMany(
      userId: number,
      target: { playIds?: number[]; episodeIds?: number[] },
    ): Promise<{ deleted: number; missingPlayIds: number[] }> {
      const playIds = [...new Set(target.playIds ?? [])];
      const owned = await repo.ownedAmong(repo.db, userId, playIds);
      const found = new Set(owned.map((p) => p.id));
      const missingPlayIds = playIds.filter((id) => !found.has(id));
      const all = [...owned, ...(await repo.ofEpisodes(repo.db, userId, target.episodeIds ?? []))];
      const byShow = new Map<number, Map<number, number>>();
      for (const p of all) {
        const m = byShow.get(p.show_id) ?? new Map<number, number>();
        m.set(p.id, p.episode_id);
        byShow.set(p.show_id, m);
      }
      const changes: { showId: number; lost: number[]; tracked: boolean }[] = [];
      const deleted = await uow.run(async (trx) => {
        let n = 0;
        for (const [showId, plays] of byShow) {
          const now = nowIso();
          const show = await tracking.show(trx, showId);
          await tracking.lockItem(trx, userId, showId);
          const run = await currentRun(trx, userId, showId);
          n += await repo.removeMany(trx, userId, [...plays.keys()]);
          const lost: number[] = [];
          await repo.syncShowProgress(
            trx,
            userId,
            showId,
            [...new Set(plays.values())],
            run,
            now,
            lost,
          );
          const tracked = show
            ? await rederiveItem(tracking, trx, {
                userId,
                showId,
                show,
                direction: lost.length ? 'unwatched' : 'none',
                now,
              })
            : false;
          changes.push({ showId, lost, tracked });
        }
        return n;
      });
      for (const c of changes) {
        if (c.lost.length)
          await events.emit('episode.watched', {
            userId,
            showId: c.showId,
            episodeIds: c.lost,
            watched: false,
          });
        if (c.tracked)
          await events.emit('tracking.changed', { userId, showId: c.showId, change: 'progress' });
      }
      if (deleted) await events.emit('plays.changed', { userId });
      return { deleted, missingPlayIds };
    },

    /** Deleting the last play of the current run unwatches the episode (earlier runs stay). */
    async remove(userId: number, playId: number) {
      const play = await ownPlay(userId, playId);
      return changePlays(
        userId,
        { id: play.episode_id, show_id: play.show_id },
        (trx) => repo.remove(trx, play.id),
        false,
      );
    },

    /**
     * Watch the show again: a new run begins with nothing watched, status Watching; every
     * play of earlier runs stays in the history.
     */
    async rewatch(userId: number, itemId: number): Promise<WatchlistItem> {
      const { show_id: showId } = await ownItem(userId, itemId);
      const item = await uow.run(async (trx) => {
        const now = nowIso();
        const show = await requireShow(trx, showId);
        await tracking.lockItem(trx, userId, showId);
        const current = (await tracking.itemFor(trx, userId, showId))!;
        if (!(await tracking.showProgress(trx, userId, showId)).length)
          throw conflict(errorCodes.conflict, playsMessages.nothingToRewatch);
        await repo.startRun(trx, current.id, userId, showId);
        await tracking.updateItem(trx, current.id, {
          status: 'watching',
          started_at: now,
          completed_at: null,
        });
        await rederiveItem(tracking, trx, { userId, showId, show, direction: 'none', now });
        return toWatchlistItem((await tracking.itemFor(trx, userId, showId))!);
      });
      await events.emit('tracking.changed', { userId, showId, change: 'progress' });
      return item;
    },

    /** A member's diary, newest first; another member's follows their profile's privacy. */
    async history(viewer: Viewer, userId: number, limit: number, offset: number) {
      if (viewer?.id !== userId) await profileDetails(viewer, userId);
      const { rows, total } = await repo.history(userId, limit, offset);
      const data: HistoryEntry[] = rows.map((r) => ({
        ...toPlay(r as unknown as PlayRow),
        episode: {
          id: r.episode_id,
          seasonNumber: r.e_season,
          episodeNumber: r.e_number,
          title: r.e_title,
          type: r.e_type,
        },
        show: { id: r.show_id, title: r.s_title, coverImageUrl: r.s_poster_url },
      }));
      return page(data, total, limit, offset);
    },
  };
}

export type PlaysService = ReturnType<typeof createPlaysService>;

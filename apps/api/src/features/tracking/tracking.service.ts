import type { Transaction } from 'kysely';
import {
  errorCodes,
  trackingMessages,
  type CreateWatchlistItem,
  type ServicesFilter,
  type UpdateWatchlistItem,
  type WatchlistItem,
  type WatchStatus,
  playInstant,
} from '@series-tracker/contracts';
import type { Database } from '../../db/types';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { EventBus } from '../../platform/events';
import type { SpoilersService } from '../spoilers/spoilers.service';
import { nowIso } from '../../lib/time';
import { page } from '../shows/shows.service';
import { toWatchlistItem } from './tracking.mapper';
import { rederiveItem, startWatching, statusFromHistory } from './item-derivation';
import { createTrackingAccess } from './tracking-access';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { HistoryWriter } from './apply-history';
import { createImportedShows } from './imported-shows';
import { createFavouritesService } from './favourites.service';
import type { ItemWithShow, TrackingRepository, WatchlistSort } from './tracking.repository';
import { msg } from '../../lib/i18n/text';

export interface TrackingServiceOptions {
  repo: TrackingRepository;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  /** Publishes tracking.changed, episode.watched and show.counters.changed after commit. */
  events: EventBus;
  /**
   * The shows a member's own watchlist or up next page shows (ADR 176): the composition root
   * queues a background refresh of the stale ones, so what a member tracks does not stay
   * "Airing in 2020" until someone opens each show. Never awaited.
   */
  onShowsListed?: (showIds: number[]) => void;
  /** Tracking's write rule for plays from elsewhere (ADR 130): imports' plays go through it. */
  history: Pick<HistoryWriter, 'applyHistory'>;
  /** Spoiler protection's checker (ADR 181): Up Next flags unwatched episodes it would spoil. */
  spoilers?: Pick<SpoilersService, 'checker'>;
}

/** At most this many shows of one listed page are offered for a refresh (TVmaze's budget). */
export const REFRESH_PER_PAGE = 10;

export function createTrackingService({
  repo,
  uow,
  events,
  onShowsListed,
  spoilers,
  history,
}: TrackingServiceOptions) {
  const listed = (showIds: number[]) => {
    if (onShowsListed && showIds.length) onShowsListed(showIds.slice(0, REFRESH_PER_PAGE));
  };
  const countersChanged = (showId: number) =>
    events.emit('show.counters.changed', { showIds: [showId] });

  const { requireShow, requireEpisode, ownItem } = createTrackingAccess(repo);

  /**
   * Applies a change to the user's watched episodes of one show and re-derives the watchlist
   * item from it, all in one transaction: tracking starts on the first watched episode, a
   * complete, ended show whose aired episodes are all watched becomes completed, unmarking
   * moves it back to watching.
   */
  async function changeProgress(
    userId: number,
    showId: number,
    /** Returns the episodes whose state changed, when it knows (marking skips watched ones). */
    change: (trx: Transaction<Database>, now: string) => Promise<void | number[]>,
    watched: boolean,
    episodeIds: number[],
  ): Promise<WatchlistItem | null> {
    let itemCreated = false;
    const item = await uow.run(async (trx) => {
      const now = nowIso();
      const show = await requireShow(trx, showId);
      if (watched) itemCreated = await startWatching(repo, trx, userId, showId, now);
      await repo.lockItem(trx, userId, showId);
      const changed = await change(trx, now);
      if (changed) episodeIds = changed;
      const tracked = await rederiveItem(repo, trx, {
        userId,
        showId,
        show,
        direction: watched ? 'watched' : 'unwatched',
        now,
      });
      if (!tracked) return null; // unmarking on a show that is not tracked
      return toWatchlistItem((await repo.itemFor(trx, userId, showId))!);
    });
    if (itemCreated) await countersChanged(showId);
    if (episodeIds.length) {
      await events.emit('episode.watched', { userId, showId, episodeIds, watched });
    }
    if (item) await events.emit('tracking.changed', { userId, showId, change: 'progress' });
    return item;
  }

  return {
    /** Shows from an imported file, status and dates by tracking's rule (imported-shows.ts). */
    ...createImportedShows({ repo, history, events }),

    async list(
      userId: number,
      opts: {
        status?: string;
        sort: WatchlistSort;
        limit: number;
        offset: number;
        services?: ServicesFilter | null;
      },
    ) {
      const { rows, total } = await repo.list(
        userId,
        opts.status,
        opts.sort,
        opts.limit,
        opts.offset,
        opts.services ?? null,
      );
      listed(rows.map((r) => r.show_id));
      return page(rows.map(toWatchlistItem), total, opts.limit, opts.offset);
    },

    async get(userId: number, id: number) {
      return toWatchlistItem(await ownItem(userId, id));
    },

    async forShow(userId: number, showId: number) {
      const item = await repo.itemFor(repo.db, userId, showId);
      if (!item) throw notFound(trackingMessages.notTracked);
      return toWatchlistItem(item);
    },

    /**
     * A second add of the same show is a 409: the client should PUT the existing item. Without
     * a status, the watched history decides: watching when the viewer has watched episodes of
     * the show (re-adding after a removal), completed when they finish it, else plan to watch.
     */
    async create(userId: number, input: CreateWatchlistItem): Promise<WatchlistItem> {
      const item = await uow.run(async (trx) => {
        const show = await requireShow(trx, input.showId);
        const now = nowIso();
        const history = await repo.derive(trx, userId, input.showId);
        const status: WatchStatus = input.status ?? statusFromHistory(show, history);
        const created = await repo.insertItem(trx, {
          user_id: userId,
          show_id: input.showId,
          status,
          score: input.score ?? null,
          progress: 0,
          started_at: status === 'watching' || status === 'completed' ? now : null,
          completed_at: status === 'completed' ? now : null,
          now,
        });
        if (!created) throw conflict(errorCodes.conflict, trackingMessages.alreadyTracked);
        const row = (await repo.itemFor(trx, userId, input.showId))!;
        await repo.updateItem(trx, row.id, {
          // Watched episodes recorded before (history survives removal) count again.
          progress: input.progress ?? history.watched,
          next_episode_id: history.nextEpisodeId,
          next_air_date: history.nextAirDate,
          last_watched_at: history.lastWatchedAt,
        });
        return toWatchlistItem((await repo.itemFor(trx, userId, input.showId))!);
      });
      await countersChanged(input.showId);
      await events.emit('tracking.changed', {
        userId,
        showId: input.showId,
        change: 'added',
      });
      if (input.score != null) await events.emit('ratings.changed', { userId, kind: 'show' });
      return item;
    },

    async update(userId: number, id: number, input: UpdateWatchlistItem): Promise<WatchlistItem> {
      const item = await ownItem(userId, id);
      const now = nowIso();
      const set: Parameters<TrackingRepository['updateItem']>[2] = { updated_at: now };
      if (input.status !== undefined && input.status !== item.status) {
        set.status = input.status;
        if (input.status === 'completed') set.completed_at = item.completed_at ?? now;
        else set.completed_at = null;
        if ((input.status === 'watching' || input.status === 'completed') && !item.started_at)
          set.started_at = now;
      }
      if (input.score !== undefined) set.score = input.score;
      if (input.progress !== undefined) set.progress = input.progress;
      if (input.startedAt !== undefined)
        set.started_at = input.startedAt && new Date(input.startedAt).toISOString();
      if (input.completedAt !== undefined)
        set.completed_at = input.completedAt && new Date(input.completedAt).toISOString();
      await repo.updateItem(repo.db, id, set);
      await events.emit('tracking.changed', { userId, showId: item.show_id, change: 'updated' });
      if (input.score !== undefined && input.score !== item.score)
        await events.emit('ratings.changed', { userId, kind: 'show' });
      return toWatchlistItem((await repo.itemById(repo.db, id))!);
    },

    async remove(userId: number, id: number): Promise<void> {
      const item = await ownItem(userId, id);
      await uow.run((trx) => repo.deleteItem(trx, item.id, item.show_id));
      await countersChanged(item.show_id);
      await events.emit('tracking.changed', { userId, showId: item.show_id, change: 'removed' });
      // The score lived on the item: a scored show's rating goes with it.
      if (item.score !== null) await events.emit('ratings.changed', { userId, kind: 'show' });
    },

    /**
     * `watchedAt`: when the mark was made (the offline queue's tap, ADR 176); absent = now, and
     * an instant later than now is now (a device clock ahead must not date a watch tomorrow).
     */
    async setEpisode(userId: number, episodeId: number, watched: boolean, watchedAt?: string) {
      const episode = await requireEpisode(episodeId);
      const item = await changeProgress(
        userId,
        episode.show_id,
        (trx, now) =>
          watched
            ? repo.markWatched(trx, userId, episode.show_id, [episode.id], now, 'web', {
                watchedAt: watchedAt ? (playInstant(watchedAt, Date.parse(now)) ?? now) : now,
              })
            : repo.markUnwatched(trx, userId, [episode.id]),
        watched,
        [episode.id],
      );
      const row = await repo.progressRow(repo.db, userId, episode.id);
      return { episodeId: episode.id, watched: !!row, watchedAt: row?.watched_at ?? null, item };
    },

    async setShowEpisodes(
      userId: number,
      showId: number,
      input: {
        season?: number;
        upToEpisodeId?: number;
        watched: boolean;
        includeSpecials?: boolean;
      },
    ) {
      await requireShow(undefined, showId);
      let episodes = await repo.showEpisodes(repo.db, showId, input.season);
      if (input.upToEpisodeId !== undefined) {
        const at = episodes.findIndex((e) => e.id === input.upToEpisodeId);
        if (at < 0) {
          throw new AppError(400, errorCodes.validation, trackingMessages.episodeNotFound, {
            upToEpisodeId: msg('tracking.episodeNotInShow'),
          });
        }
        episodes = episodes.slice(0, at + 1);
      }
      // Nobody has watched what has not aired: bulk marking skips it (unmarking clears all).
      const ids = episodes
        .filter(
          (e) => (!input.watched || e.aired) && (input.includeSpecials !== false || e.regular),
        )
        .map((e) => e.id);
      const item = await changeProgress(
        userId,
        showId,
        (trx, now) =>
          input.watched
            ? repo.markWatched(trx, userId, showId, ids, now)
            : repo.markUnwatched(trx, userId, ids),
        input.watched,
        ids,
      );
      return { changed: ids.length, item };
    },

    async showProgress(userId: number, showId: number) {
      await requireShow(undefined, showId);
      const [rows, d, item] = await Promise.all([
        repo.showProgress(repo.db, userId, showId),
        repo.derive(repo.db, userId, showId),
        repo.itemFor(repo.db, userId, showId),
      ]);
      return {
        showId,
        data: rows.map((r) => ({ episodeId: r.episode_id, watchedAt: r.watched_at })),
        watchedCount: d.watched,
        airedCount: d.aired,
        watchedAiredCount: d.watchedAired,
        item: item ? toWatchlistItem(item) : null,
        nextEpisodeId: d.nextEpisodeId,
      };
    },

    async upNext(
      userId: number,
      limit: number,
      offset: number,
      services: ServicesFilter | null = null,
    ) {
      const { rows, total } = await repo.upNext(userId, limit, offset, services);
      listed(rows.map((r) => r.show_id));
      const spoiler = spoilers
        ? await spoilers.checker(
            userId,
            rows.map((r) => r.show_id),
          )
        : () => false;
      return page(
        rows.map((r) => ({
          item: toWatchlistItem(r as unknown as ItemWithShow),
          episode: {
            id: r.e_id,
            seasonNumber: r.e_season,
            episodeNumber: r.e_number,
            title: r.e_title,
            airDate: r.e_air_date,
            spoiler: spoiler({
              id: r.e_id,
              showId: r.show_id,
              seasonNumber: r.e_season,
              episodeNumber: r.e_number,
            }),
          },
        })),
        total,
        limit,
        offset,
      );
    },

    /** Every watcher's progress and next episode of these shows, derived again (the bench). */
    rederiveShows: (showIds: number[]) => uow.run((trx) => repo.rederiveShows(trx, showIds)),

    /** Favourites (favourites.service.ts). */
    ...createFavouritesService({
      repo,
      events,
      requireShow: (showId) => requireShow(undefined, showId),
    }),
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;

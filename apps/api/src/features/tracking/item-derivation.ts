import type { Transaction } from 'kysely';
import type { WatchStatus } from '@series-tracker/contracts';
import type { Database } from '../../db/types';
import type { TrackingRepository } from './tracking.repository';

const resumes: WatchStatus[] = ['want_to_watch', 'paused', 'dropped'];

/**
 * The completion rule: a show that has ended, whose episode list is complete, with every
 * aired (live) regular episode watched.
 */
export function completes(
  show: { status: string; episodes_complete: number },
  d: { aired: number; watchedAired: number },
): boolean {
  return (
    show.status === 'completed' &&
    show.episodes_complete === 1 &&
    d.aired > 0 &&
    d.watchedAired === d.aired
  );
}

/**
 * The marking rules for a status (ADR 009): watching resumes a paused, planned or dropped show,
 * a show the completion rule completes becomes completed, and losing a watched episode reopens
 * a completed one that no longer completes. `none` keeps it.
 */
export function statusAfter(
  status: WatchStatus,
  direction: 'watched' | 'unwatched' | 'none',
  canComplete: boolean,
): WatchStatus {
  if (direction === 'watched' && resumes.includes(status)) status = 'watching';
  if (direction === 'watched' && canComplete) status = 'completed';
  if (direction === 'unwatched' && status === 'completed' && !canComplete) status = 'watching';
  return status;
}

/**
 * A new item's status from the member's watched history: completed when the completion rule
 * says so, watching with episodes watched, else plan to watch.
 */
export function statusFromHistory(
  show: { status: string; episodes_complete: number },
  d: { watched: number; aired: number; watchedAired: number },
): WatchStatus {
  return completes(show, d) ? 'completed' : d.watched > 0 ? 'watching' : 'want_to_watch';
}

/**
 * Re-derives a member's watchlist item for one show from their current run's watched
 * episodes (ADR 009), inside the caller's transaction: progress, next episode, last watched,
 * and the status rules: watching resumes a paused, planned or dropped show (`watched`), a
 * complete, ended show whose aired episodes are all watched becomes completed, and losing a
 * watched episode (`unwatched`) reopens a completed one. `none` (a play's date moved) keeps
 * the status. Returns false when the member does not track the show.
 */
export async function rederiveItem(
  repo: TrackingRepository,
  trx: Transaction<Database>,
  opts: {
    userId: number;
    showId: number;
    show: { status: string; episodes_complete: number };
    direction: 'watched' | 'unwatched' | 'none';
    now: string;
    /** Imports that set the status from the file themselves. */
    keepStatus?: boolean;
  },
): Promise<boolean> {
  const { userId, showId, show, direction, now } = opts;
  const current = await repo.itemFor(trx, userId, showId);
  if (!current) return false;
  const d = await repo.derive(trx, userId, showId);

  let status = current.status as WatchStatus;
  let startedAt = current.started_at;
  let completedAt = current.completed_at;
  if (!opts.keepStatus) {
    status = statusAfter(status, direction, completes(show, d));
    if (status === 'completed') completedAt ??= now;
    else completedAt = null;
    if (status === 'watching' || status === 'completed') startedAt ??= now;
  }

  await repo.updateItem(trx, current.id, {
    status,
    progress: d.watched,
    next_episode_id: d.nextEpisodeId,
    next_air_date: d.nextAirDate,
    last_watched_at: d.lastWatchedAt,
    started_at: startedAt,
    completed_at: completedAt,
    updated_at: now,
  });
  return true;
}

/**
 * A first watch tracks the show: the member's item is created as "watching" since `now`
 * unless there is one. Returns whether it was created (shows.total_users changed).
 */
export async function startWatching(
  repo: TrackingRepository,
  trx: Transaction<Database>,
  userId: number,
  showId: number,
  now: string,
): Promise<boolean> {
  return (await repo.insertWatchingItems(trx, userId, [showId], now)).length > 0;
}

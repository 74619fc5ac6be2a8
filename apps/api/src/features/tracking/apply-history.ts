import type { Transaction } from 'kysely';
import { playInstant, trackingMessages } from '@series-tracker/contracts';
import type { Database } from '../../db/types';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import { rederiveItem } from './item-derivation';
import type { PlaysRepository } from './plays.repository';
import type { TrackingRepository } from './tracking.repository';

/** One play handed to `applyHistory` (imports, ADR 130). */
export interface HistoryPlay {
  episodeId: number;
  /** ISO 8601 date-time, or a bare date (noon UTC); never later than now. */
  watchedAt: string;
  /** Where it came from: 'web', 'import:trakt', … at most 32 characters. */
  source: string;
  /** The watch-through; absent = the current one. Earlier runs only add history. */
  run?: number;
}

export interface ApplyHistoryInput {
  userId: number;
  showId: number;
  plays: HistoryPlay[];
  /** Keep the item's status (imports that set it from the file); default: the marking rules. */
  keepStatus?: boolean;
  /** Written from a file: events say so, and nothing is announced as happening now. */
  imported?: boolean;
}

export interface ApplyHistoryResult {
  showId: number;
  /** Plays written. */
  added: number;
  /** Plays skipped because the member already has a play of that episode at that instant. */
  duplicates: number;
  /** Plays skipped: episode not of this show, unreadable date, source too long, run ahead of the current one. */
  rejected: number;
  /** Episodes that became watched in the current run. */
  newlyWatched: number[];
  /** Episodes already watched in the current run that got one more play (a rewatch). */
  rewatched: number[];
  /** Whether a watchlist item was created (as "watching") for the show. */
  itemCreated: boolean;
  /** Publishes the events for this change: call it after your transaction commits. */
  announce(): Promise<void>;
}

/**
 * History from elsewhere (imports, media servers, Trakt apps, ADR 130/171): plays written
 * with their own dates inside the caller's transaction, by the same rules as the web.
 */
export function createHistoryWriter({
  repo,
  tracking,
  events,
}: {
  repo: PlaysRepository;
  tracking: TrackingRepository;
  events: EventBus;
}) {
  /**
   * The write rule for history from elsewhere (imports, media servers, Trakt apps): runs inside
   * the caller's transaction. Idempotent: a play of the same member and episode at the same
   * instant is never written twice, whatever its source or run. Keeps progress (current run)
   * and the item's derived figures exact; events wait for `announce()` after commit.
   */
  async function applyHistory(
    trx: Transaction<Database>,
    input: ApplyHistoryInput,
  ): Promise<ApplyHistoryResult> {
    const { showId, plays, ...rest } = input;
    return (await applyHistoryMany(trx, { ...rest, shows: [{ showId, plays }] }))[0]!;
  }

  /**
   * applyHistory for many shows of one member at once (ADR 171: a Trakt app sends a whole
   * library in one request): the same rule, in a fixed number of statements per 500 plays
   * plus the item re-derivation of each show. One result per show (first-given order).
   */
  async function applyHistoryMany(
    trx: Transaction<Database>,
    input: Omit<ApplyHistoryInput, 'showId' | 'plays'> & {
      shows: { showId: number; plays: HistoryPlay[] }[];
    },
  ): Promise<ApplyHistoryResult[]> {
    const { userId } = input;
    const now = nowIso();
    const showIds = [...new Set(input.shows.map((s) => s.showId))];
    const shows = new Map((await tracking.showsAmong(trx, showIds)).map((s) => [s.id, s]));
    for (const id of showIds) if (!shows.has(id)) throw notFound(trackingMessages.showNotFound);
    const episodeIds = [
      ...new Set(input.shows.flatMap((s) => s.plays.map((p) => p.episodeId))),
    ].filter(Number.isInteger);
    const showOf = await tracking.showOfEpisodes(trx, episodeIds);

    const valid = new Map<number, (HistoryPlay & { at: string; source: string })[]>();
    const rejected = new Map<number, number>();
    for (const { showId, plays } of input.shows) {
      const list = valid.get(showId) ?? [];
      for (const p of plays) {
        const at = typeof p.watchedAt === 'string' ? playInstant(p.watchedAt) : null;
        const source = (p.source ?? '').trim();
        if (showOf.get(p.episodeId) !== showId || !at || !source || source.length > 32)
          rejected.set(showId, (rejected.get(showId) ?? 0) + 1);
        else list.push({ ...p, at, source });
      }
      valid.set(showId, list);
    }
    const playing = showIds.filter((id) => valid.get(id)!.length);
    const created = new Set(await tracking.insertWatchingItems(trx, userId, playing, now));
    await tracking.lockItems(trx, userId, showIds);
    const runs = await tracking.currentRuns(trx, userId, showIds);
    const seen = await repo.existingAt(trx, userId, [
      ...new Set(playing.flatMap((id) => valid.get(id)!.map((p) => p.episodeId))),
    ]);
    const rows: Parameters<PlaysRepository['insert']>[1] = [];
    const perShow = new Map<number, { rows: typeof rows; duplicates: number }>();
    for (const showId of showIds) {
      const run = runs.get(showId)!;
      const mine = { rows: [] as typeof rows, duplicates: 0 };
      perShow.set(showId, mine);
      for (const p of valid.get(showId)!) {
        const playRun = p.run ?? run;
        if (!Number.isInteger(playRun) || playRun < 1 || playRun > run) {
          rejected.set(showId, (rejected.get(showId) ?? 0) + 1);
          continue;
        }
        const key = `${p.episodeId}|${p.at}`;
        if (seen.has(key)) {
          mine.duplicates++;
          continue;
        }
        seen.add(key);
        mine.rows.push({
          user_id: userId,
          episode_id: p.episodeId,
          show_id: showId,
          watched_at: p.at,
          source: p.source,
          run: playRun,
          created_at: now,
        });
      }
      rows.push(...mine.rows);
    }
    await repo.insert(trx, rows);
    // Progress follows the current run's plays, for every episode at once (per run value).
    const byRun = new Map<number, number[]>();
    for (const r of rows) {
      if (r.run !== runs.get(r.show_id)) continue;
      const list = byRun.get(r.run) ?? [];
      list.push(r.episode_id);
      byRun.set(r.run, list);
    }
    const newly = new Set<number>();
    for (const [run, ids] of byRun)
      for (const id of await repo.syncProgressOf(
        trx,
        userId,
        [...new Set(ids)],
        (e) => showOf.get(e)!,
        run,
        now,
      ))
        newly.add(id);

    const imported = input.imported ? { imported: true } : {};
    const results: ApplyHistoryResult[] = [];
    for (const showId of showIds) {
      const mine = perShow.get(showId)!;
      const run = runs.get(showId)!;
      const current = mine.rows.filter((r) => r.run === run).map((r) => r.episode_id);
      const newlyWatched = [...new Set(current.filter((id) => newly.has(id)))];
      const fresh = new Set(newlyWatched);
      if (mine.rows.length) {
        await rederiveItem(tracking, trx, {
          userId,
          showId,
          show: shows.get(showId)!,
          direction: newlyWatched.length ? 'watched' : 'none',
          now,
          ...(input.keepStatus ? { keepStatus: true } : {}),
        });
      }
      const latest = mine.rows.reduce<string | null>(
        (m, r) => (!m || r.watched_at > m ? r.watched_at : m),
        null,
      );
      const itemCreated = created.has(showId);
      const added = mine.rows.length;
      results.push({
        showId,
        added,
        duplicates: mine.duplicates,
        rejected: rejected.get(showId) ?? 0,
        newlyWatched,
        rewatched: [...new Set(current.filter((id) => !fresh.has(id)))],
        itemCreated,
        async announce() {
          if (itemCreated) await events.emit('show.counters.changed', { showIds: [showId] });
          if (newlyWatched.length) {
            await events.emit('episode.watched', {
              userId,
              showId,
              episodeIds: newlyWatched,
              watched: true,
              ...(latest ? { at: latest } : {}),
              ...imported,
            });
          }
          if (added || itemCreated) {
            await events.emit('tracking.changed', {
              userId,
              showId,
              change: itemCreated ? 'added' : 'progress',
              ...imported,
            });
          }
        },
      });
    }
    return results;
  }

  return { applyHistory, applyHistoryMany };
}

export type HistoryWriter = ReturnType<typeof createHistoryWriter>;

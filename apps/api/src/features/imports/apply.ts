import type { Transaction } from 'kysely';
import type { HeldReason, WatchStatus } from '@series-tracker/contracts';
import type { Database, WatchlistItemRow } from '../../db/types';
import type { EventBus } from '../../platform/events';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { completes } from '../tracking/tracking.service';
import type { TrackingRepository } from '../tracking/tracking.repository';
import { maxIso, minIso, type Play, type ShowAgg } from './collect';
import { heldWatchKey, type CatalogueShow, type ImportsRepository } from './imports.repository';
import type { PlaysService } from '../tracking/plays.service';
import { countEpisodes, episodeFinder, type CatalogueEpisode } from './match';
import type { StoredReport } from './report';

const resumes: WatchStatus[] = ['want_to_watch', 'paused', 'dropped'];
/** Shows listed with their held history in one import's report (the rest are counted). */
const REPORT_HELD_SHOWS = 200;

/** What a write changed, for the events published after it commits. */
interface Changes {
  createdItems: Set<number>;
  counters: Set<number>;
  watched: Map<number, number[]>;
  touched: Set<number>;
}

/** One watch of one catalogue episode, with its own date. */
export interface ShowPlay {
  episodeId: number;
  watchedAt: string;
}

/**
 * The one place that writes what a file says into tracking's tables (watched episodes,
 * watchlist items, favourites), through tracking's repository.
 */
export function createApplier(deps: {
  repo: ImportsRepository;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  trackingRepo: TrackingRepository;
  /** Tracking's write rule for history from elsewhere (ADR 130): every play, runs, progress. */
  history: Pick<PlaysService, 'applyHistory'>;
  events: EventBus;
  now: () => Date;
}) {
  const { repo, uow, trackingRepo, history, events, now } = deps;

  /**
   * One show's plays for a member, through tracking's write rule (`applyHistory`, ADR 130):
   * every play is kept (a rewatch is another play; the same instant twice is one), progress
   * follows the current run, and the item's status is left to the caller (the file's rules).
   */
  async function applyShowPlays(
    trx: Transaction<Database>,
    userId: number,
    showId: number,
    plays: ShowPlay[],
    source: string,
  ): Promise<{ newly: number[]; already: number; rewatches: number }> {
    if (!plays.length) return { newly: [], already: 0, rewatches: 0 };
    const written = await history.applyHistory(trx, {
      userId,
      showId,
      plays: plays.map((p) => ({ ...p, source })),
      keepStatus: true,
      imported: true,
    });
    return {
      newly: written.newlyWatched,
      // Plays the account already had at that instant (a file imported again).
      already: written.duplicates,
      // Plays beyond the first watch of the episodes this file marked: rewatches, kept.
      rewatches: written.added - written.newlyWatched.length,
    };
  }

  /**
   * Writes what a file says about matched shows, a chunk of shows per transaction: watched
   * episodes with their own dates (an episode already watched keeps the earlier date), the
   * watchlist item (created with the file's earliest date, never "now" when the file has one),
   * its derived progress and status, score, favourite. Episodes missing from a partial list
   * are held; from a complete list, they are unmatched. A MyAnimeList count is applied only
   * when its episodes are certain (`countEpisodes`), else held as a count.
   */
  async function writeShows(
    userId: number,
    importId: string | null,
    entries: { agg: ShowAgg; show: CatalogueShow }[],
    report: StoredReport,
    opts: {
      hold: boolean;
      heldIds?: Map<string, number>;
      released?: number[];
      /** Where the plays come from ('import:trakt', …); 'import' when not known. */
      source?: string;
      /**
       * Runs last inside the chunk's transaction with the rows it could not place: an import
       * records how far it got with the writes themselves (ADR 142).
       */
      checkpoint?: (
        trx: Transaction<Database>,
        missed: { agg: ShowAgg; play: Play; reason: string }[],
      ) => Promise<void>;
    },
  ): Promise<{ agg: ShowAgg; play: Play; reason: string }[]> {
    const source = (opts.source ?? 'import').slice(0, 32);
    const unmatched: { agg: ShowAgg; play: Play; reason: string }[] = [];
    const changes: Changes = {
      createdItems: new Set(),
      counters: new Set(),
      watched: new Map(),
      touched: new Set(),
    };
    const stamp = now().toISOString();
    // Several rows of a file can name one catalogue show (two ids for one show): merge them.
    const byShow = new Map<number, { show: CatalogueShow; aggs: ShowAgg[] }>();
    for (const e of entries) {
      const g = byShow.get(e.show.id) ?? { show: e.show, aggs: [] };
      g.aggs.push(e.agg);
      byShow.set(e.show.id, g);
    }
    // The report's tallies and the released list grow as it goes: never run twice (ADR 141).
    await uow.runOnce(async (trx) => {
      const ids = [...byShow.keys()];
      if (!ids.length) return;
      const [episodes, items, favorites] = await Promise.all([
        repo.episodesOf(trx, ids),
        trackingRepo.itemsOfShows(trx, userId, ids),
        trackingRepo.favoritesOfShows(trx, userId, ids),
      ]);
      const itemOf = new Map(items.map((i) => [i.show_id, i]));
      const favOf = new Set(favorites.map((f) => f.show_id));
      const epsOf = new Map<number, CatalogueEpisode[]>();
      for (const e of episodes) {
        const list = epsOf.get(e.show_id) ?? [];
        list.push(e);
        epsOf.set(e.show_id, list);
      }
      const held: Parameters<ImportsRepository['hold']>[1] = [];

      for (const [showId, { show, aggs }] of byShow) {
        const eps = (epsOf.get(showId) ?? []).sort(
          (a, b) =>
            (a.season_number ?? 1e9) - (b.season_number ?? 1e9) ||
            (a.episode_number ?? 1e9) - (b.episode_number ?? 1e9) ||
            (a.air_date ?? '').localeCompare(b.air_date ?? '') ||
            a.id - b.id,
        );
        const find = episodeFinder(eps);
        /** Every play of a catalogue episode (rewatches too), and the earliest per episode. */
        const showPlays: ShowPlay[] = [];
        const marks = new Map<number, string>();
        /** Episodes marked from a count the file gave no date for: no first/last play. */
        const undated = new Set<number>();
        let firstPlay: string | null = null;
        let lastPlay: string | null = null;
        const merged: ShowAgg = { ref: aggs[0]!.ref, plays: [], progressCount: null };
        for (const a of aggs) {
          for (const k of Object.keys(a) as (keyof ShowAgg)[]) {
            if (k === 'plays' || k === 'ref' || k === 'progressCount') continue;
            if (a[k] !== undefined && a[k] !== null)
              (merged as unknown as Record<string, unknown>)[k] = a[k];
          }
          merged.plays.push(...a.plays);
          merged.progressCount ??= a.progressCount;
        }
        let heldWatches = 0;
        let heldCount: number | null = null;
        for (const play of merged.plays) {
          const ep = find(play);
          if (!ep) {
            if (show.episodes_complete === 1 || !opts.hold) {
              if (opts.hold)
                unmatched.push({
                  agg: merged,
                  play,
                  reason: `No episode S${play.season ?? '?'}E${play.number ?? '?'} in this show's episode list`,
                });
            } else {
              heldWatches++;
              held.push({
                user_id: userId,
                show_id: showId,
                season_number: play.season,
                episode_number: play.number,
                air_date: play.airDate,
                watched_at: play.watchedAt,
                import_id: importId ?? '',
                created_at: stamp,
              });
            }
            continue;
          }
          if (opts.released && opts.heldIds) {
            const hid = opts.heldIds.get(
              `${showId}:${heldWatchKey({ season_number: play.season, episode_number: play.number, air_date: play.airDate, watched_at: play.watchedAt })}`,
            );
            if (hid !== undefined) opts.released.push(hid);
          }
          showPlays.push({ episodeId: ep.id, watchedAt: play.watchedAt });
          marks.set(ep.id, minIso(marks.get(ep.id), play.watchedAt)!);
        }
        const count = merged.progressCount;
        if (count) {
          const certain = countEpisodes(show, eps, count.count);
          if (certain) {
            // The file's date when it has one; the episodes need a date, so an undated count
            // takes the import's time there, but never dates the item (started/completed).
            const at = count.watchedAt ?? merged.completedAt ?? merged.startedAt;
            for (const e of certain)
              if (!marks.has(e.id)) {
                marks.set(e.id, at ?? stamp);
                showPlays.push({ episodeId: e.id, watchedAt: at ?? stamp });
                if (!at) undated.add(e.id);
              }
            if (opts.released && opts.heldIds) {
              const hid = opts.heldIds.get(`${showId}:count`);
              if (hid !== undefined) opts.released.push(hid);
            }
          } else if (opts.hold) {
            heldCount = count.count;
            held.push({
              user_id: userId,
              show_id: showId,
              kind: 'count',
              season_number: null,
              episode_number: null,
              air_date: null,
              watched_at: count.watchedAt ?? '',
              watched_count: count.count,
              import_id: importId ?? '',
              created_at: stamp,
            });
          }
        }
        for (const [episodeId, at] of marks) {
          if (undated.has(episodeId)) continue;
          firstPlay = minIso(firstPlay, at);
          lastPlay = maxIso(lastPlay, at);
        }
        // Held history still makes the show the member's (and dates the item).
        const heldHere = heldWatches > 0 || heldCount !== null;
        if (heldHere && opts.hold) {
          report.heldShows ??= [];
          if (report.heldShows.length < REPORT_HELD_SHOWS) {
            const reason: HeldReason =
              heldWatches === 0
                ? 'count-uncertain'
                : eps.some((e) => !e.retired_at)
                  ? 'episodes-missing'
                  : 'no-episode-list';
            report.heldShows.push({
              showId,
              title: show.title,
              watches: heldWatches,
              count: heldCount,
              reason,
            });
          }
          if (heldCount !== null) report.heldCounts = (report.heldCounts ?? 0) + 1;
        }
        for (const play of merged.plays) firstPlay = minIso(firstPlay, play.watchedAt);
        const wantsItem =
          marks.size > 0 ||
          heldHere ||
          merged.status !== undefined ||
          merged.score != null ||
          merged.rated ||
          merged.tracked;
        let item: WatchlistItemRow | undefined = itemOf.get(showId);
        if (!item && wantsItem) {
          const created = merged.exact
            ? (merged.addedAt ?? stamp)
            : (minIso(merged.addedAt, firstPlay) ?? merged.favoritedAt ?? stamp);
          const inserted = await trackingRepo.insertItem(trx, {
            user_id: userId,
            show_id: showId,
            status: merged.status ?? 'want_to_watch',
            score: merged.score ?? null,
            progress: 0,
            started_at: null,
            completed_at: null,
            now: created,
          });
          if (inserted) {
            report.watchlist++;
            changes.createdItems.add(showId);
            changes.counters.add(showId);
          }
          item = (await trackingRepo.itemsOfShows(trx, userId, [showId]))[0];
          if (item && inserted) item = { ...item, status: '' };
        }
        // The plays, once the item exists with the file's dates (tracking would date a new
        // one "now"); its status and dates are set from the file below.
        const written = await applyShowPlays(trx, userId, showId, showPlays, source);
        const newly = written.newly;
        report.episodes.marked += newly.length;
        report.episodes.alreadyWatched += written.already;
        if (written.rewatches)
          report.episodes.rewatches = (report.episodes.rewatches ?? 0) + written.rewatches;
        if (newly.length) changes.watched.set(showId, newly);
        if (item) {
          const d = await trackingRepo.derive(trx, userId, showId);
          const isNew = item.status === '';
          const current = isNew ? null : (item.status as WatchStatus);
          const canComplete = completes(show, d);
          // Ratings without invention (ADR 110): a rating alone sets the score; the status is
          // what the file states, else Plan to Watch; never Completed, never dates.
          let status: WatchStatus;
          if (merged.exact && merged.status) status = merged.status;
          else if (current) {
            // The member's own status stands; new watches resume a paused or planned show.
            status = current;
            if (newly.length && resumes.includes(current)) status = 'watching';
            if (newly.length && status === 'watching' && canComplete) status = 'completed';
          } else if (merged.status && merged.status !== 'want_to_watch') status = merged.status;
          else if (d.watched > 0) status = canComplete ? 'completed' : 'watching';
          else if (heldHere) status = 'watching';
          else status = 'want_to_watch';

          // Dates come from the file or from dated plays, never from the import's own time.
          const started = merged.exact
            ? (merged.startedAt ?? null)
            : status === 'want_to_watch'
              ? null
              : (item.started_at ?? merged.startedAt ?? firstPlay ?? null);
          const completed = merged.exact
            ? (merged.completedAt ?? null)
            : status === 'completed'
              ? (item.completed_at ?? merged.completedAt ?? lastPlay ?? null)
              : null;
          const score = merged.score != null ? merged.score : item.score;
          if (merged.score != null && merged.score !== item.score) report.ratings++;
          else if (merged.score != null && isNew) report.ratings++;
          const set = {
            status,
            score,
            progress: d.watched,
            next_episode_id: d.nextEpisodeId,
            next_air_date: d.nextAirDate,
            last_watched_at: d.lastWatchedAt,
            started_at: started,
            completed_at: completed,
          };
          const changed = (Object.keys(set) as (keyof typeof set)[]).some(
            (k) => (set[k] ?? null) !== ((item as unknown as Record<string, unknown>)[k] ?? null),
          );
          if (changed || isNew) {
            await trackingRepo.updateItem(trx, item.id, {
              ...set,
              // A new item is as old as the file says; a changed one was changed now.
              updated_at: isNew ? (maxIso(d.lastWatchedAt, item.created_at) ?? stamp) : stamp,
            });
            changes.touched.add(showId);
          }
        }
        if (merged.favorite && !favOf.has(showId)) {
          if (await trackingRepo.addFavoriteAt(trx, userId, showId, merged.favoritedAt ?? stamp)) {
            report.favorites++;
            changes.counters.add(showId);
            favOf.add(showId);
          }
        }
      }
      if (held.length && opts.hold) await repo.hold(trx, held);
      report.episodes.held += held.filter((h) => h.kind !== 'count').length;
      if (opts.released?.length) await repo.releaseHeld(trx, opts.released);
      if (opts.checkpoint) await opts.checkpoint(trx, unmatched);
    });
    // After commit: caches and trending follow; nothing here says "now" (imported: true).
    if (changes.counters.size)
      await events.emit('show.counters.changed', { showIds: [...changes.counters] });
    for (const [showId, episodeIds] of changes.watched)
      await events.emit('episode.watched', {
        userId,
        showId,
        episodeIds,
        watched: true,
        imported: true,
      });
    for (const showId of new Set([...changes.touched, ...changes.createdItems]))
      await events.emit('tracking.changed', {
        userId,
        showId,
        change: changes.createdItems.has(showId) ? 'added' : 'progress',
        imported: true,
      });
    return unmatched;
  }

  return { writeShows };
}

export type Applier = ReturnType<typeof createApplier>;

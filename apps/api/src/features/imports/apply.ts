import type { WatchStatus } from '@series-tracker/contracts';
import type { WatchlistItemRow } from '../../db/types';
import type { EventBus } from '../../platform/events';
import { completes } from '../tracking/tracking.service';
import type { TrackingRepository } from '../tracking/tracking.repository';
import { maxIso, minIso, type Play, type ShowAgg } from './collect';
import type { CatalogueShow, ImportsRepository } from './imports.repository';
import { emptyReport, type StoredReport } from './report';

const resumes: WatchStatus[] = ['want_to_watch', 'paused', 'dropped'];

/** What a write changed, for the events published after it commits. */
interface Changes {
  createdItems: Set<number>;
  counters: Set<number>;
  watched: Map<number, number[]>;
  touched: Set<number>;
}

/** The one place that writes what a file says into tracking's tables. */
export function createApplier(deps: {
  repo: ImportsRepository;
  trackingRepo: TrackingRepository;
  events: EventBus;
  now: () => Date;
}) {
  const { repo, trackingRepo, events, now } = deps;

  /**
   * Writes what a file says about matched shows, a chunk of shows per transaction: watched
   * episodes with their own dates (an episode already watched keeps the earlier date), the
   * watchlist item (created with the file's earliest date, never "now" when the file has one),
   * its derived progress and status, score, favourite. Episodes missing from a partial list
   * are held; from a complete list, they are unmatched.
   */
  async function writeShows(
    userId: number,
    importId: string | null,
    entries: { agg: ShowAgg; show: CatalogueShow }[],
    report: StoredReport,
    opts: { hold: boolean; heldIds?: Map<string, number>; released?: number[] },
  ): Promise<{ agg: ShowAgg; play: Play; reason: string }[]> {
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
    await repo.transaction(async (trx) => {
      const ids = [...byShow.keys()];
      if (!ids.length) return;
      const [episodes, progress, items, favorites] = await Promise.all([
        repo.episodesOf(trx, ids),
        repo.progressOf(trx, userId, ids),
        repo.itemsOf(trx, userId, ids),
        repo.favoritesOf(trx, userId, ids),
      ]);
      const watchedAt = new Map(progress.map((p) => [p.episode_id, p.watched_at]));
      const itemOf = new Map(items.map((i) => [i.show_id, i]));
      const favOf = new Set(favorites.map((f) => f.show_id));
      const epsOf = new Map<number, typeof episodes>();
      for (const e of episodes) {
        const list = epsOf.get(e.show_id) ?? [];
        list.push(e);
        epsOf.set(e.show_id, list);
      }
      const held: Parameters<ImportsRepository['hold']>[1] = [];
      const newRows: { episode_id: number; show_id: number; watched_at: string }[] = [];

      for (const [showId, { show, aggs }] of byShow) {
        const eps = (epsOf.get(showId) ?? []).sort(
          (a, b) =>
            (a.season_number ?? 1e9) - (b.season_number ?? 1e9) ||
            (a.episode_number ?? 1e9) - (b.episode_number ?? 1e9) ||
            (a.air_date ?? '').localeCompare(b.air_date ?? '') ||
            a.id - b.id,
        );
        const bySeasonNumber = new Map<string, (typeof eps)[number]>();
        const byAirDate = new Map<string, (typeof eps)[number][]>();
        for (const e of eps) {
          const k = `${e.season_number}:${e.episode_number}`;
          const prev = bySeasonNumber.get(k);
          if (e.episode_number !== null && (!prev || (prev.retired_at && !e.retired_at)))
            bySeasonNumber.set(k, e);
          if (e.air_date) byAirDate.set(e.air_date, [...(byAirDate.get(e.air_date) ?? []), e]);
        }
        // TVmaze lists specials unnumbered, in air order; the other sites number them S00Enn
        // in the same order. A special is only ever matched to a special.
        const specials = eps
          .filter((e) => e.type === 'special')
          .sort((a, b) => (a.air_date ?? '9').localeCompare(b.air_date ?? '9') || a.id - b.id);
        const marks = new Map<number, string>();
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
        for (const play of merged.plays) {
          // Season + number first (specials stay season 0), then the air date.
          let ep =
            play.number !== null ? bySeasonNumber.get(`${play.season}:${play.number}`) : undefined;
          if (!ep && play.season === 0 && play.number !== null && play.number > 0)
            ep = specials[play.number - 1];
          if (!ep && play.airDate) {
            const same = byAirDate.get(play.airDate) ?? [];
            ep =
              same.find((e) => play.season === null || e.season_number === play.season) ??
              (same.length === 1 ? same[0] : undefined);
          }
          if (!ep) {
            if (show.episodes_complete === 1 || !opts.hold) {
              if (opts.hold)
                unmatched.push({
                  agg: merged,
                  play,
                  reason: `No episode S${play.season ?? '?'}E${play.number ?? '?'} in this show's episode list`,
                });
            } else {
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
            const hid = opts.heldIds.get(`${showId}:${play.season}:${play.number}:${play.airDate}`);
            if (hid !== undefined) opts.released.push(hid);
          }
          marks.set(ep.id, minIso(marks.get(ep.id), play.watchedAt)!);
        }
        if (merged.progressCount) {
          // MAL keeps a count: the first N regular episodes in viewing order.
          const regular = eps.filter((e) => e.type === 'regular' && !e.retired_at);
          const at =
            merged.progressCount.watchedAt ?? merged.completedAt ?? merged.startedAt ?? stamp;
          for (const e of regular.slice(0, merged.progressCount.count))
            if (!marks.has(e.id)) marks.set(e.id, at);
        }
        const newly: number[] = [];
        for (const [episodeId, at] of marks) {
          firstPlay = minIso(firstPlay, at);
          lastPlay = maxIso(lastPlay, at);
          const existing = watchedAt.get(episodeId);
          if (existing === undefined) {
            newRows.push({ episode_id: episodeId, show_id: showId, watched_at: at });
            newly.push(episodeId);
            report.episodes.marked++;
          } else {
            report.episodes.alreadyWatched++;
            if (at < existing) await repo.backdateProgress(trx, userId, episodeId, at, stamp);
          }
        }
        if (newly.length) changes.watched.set(showId, newly);
        if (newRows.length >= 1000)
          await repo.insertProgress(trx, userId, newRows.splice(0), stamp);

        // Held watches still make the show the member's (and date the item).
        const heldHere = held.some((h) => h.show_id === showId);
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
          await repo.insertProgress(trx, userId, newRows.splice(0), stamp);
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
          item = (await repo.itemsOf(trx, userId, [showId]))[0];
          if (item && inserted) item = { ...item, status: '' };
        }
        if (item) {
          await repo.insertProgress(trx, userId, newRows.splice(0), stamp);
          const d = await trackingRepo.derive(trx, userId, showId);
          const isNew = item.status === '';
          const current = isNew ? null : (item.status as WatchStatus);
          const canComplete = completes(show, d);
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
          else if (merged.rated) status = 'completed';
          else status = 'want_to_watch';

          const started = merged.exact
            ? (merged.startedAt ?? null)
            : status === 'want_to_watch'
              ? null
              : (item.started_at ??
                merged.startedAt ??
                firstPlay ??
                (isNew ? item.created_at : null));
          const completed = merged.exact
            ? (merged.completedAt ?? null)
            : status === 'completed'
              ? (item.completed_at ?? merged.completedAt ?? lastPlay ?? item.created_at)
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
          if (await repo.insertFavorite(trx, userId, showId, merged.favoritedAt ?? stamp)) {
            report.favorites++;
            changes.counters.add(showId);
            favOf.add(showId);
          }
        }
      }
      await repo.insertProgress(trx, userId, newRows, stamp);
      if (held.length && opts.hold) {
        await repo.hold(trx, held);
      }
      report.episodes.held += held.length;
      if (opts.released?.length) await repo.releaseHeld(trx, opts.released);
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

  /** Applies held watches of shows whose episodes just arrived (catalog.refreshed). */
  async function releaseHeld(showIds: number[]) {
    if (!showIds.length) return;
    const held = await repo.heldFor(repo.db, showIds);
    if (!held.length) return;
    const byUser = new Map<number, typeof held>();
    for (const h of held) byUser.set(h.user_id, [...(byUser.get(h.user_id) ?? []), h]);
    for (const [userId, rows] of byUser) {
      const heldIds = new Map(
        rows.map((h) => [
          `${h.show_id}:${h.season_number}:${h.episode_number}:${h.air_date}`,
          h.id,
        ]),
      );
      const perShow = new Map<number, ShowAgg>();
      for (const h of rows) {
        const agg = perShow.get(h.show_id) ?? {
          ref: { title: null, year: null, ids: {} },
          plays: [],
          progressCount: null,
        };
        agg.plays.push({
          season: h.season_number,
          number: h.episode_number,
          airDate: h.air_date,
          watchedAt: h.watched_at,
        });
        perShow.set(h.show_id, agg);
      }
      const entries: { agg: ShowAgg; show: CatalogueShow }[] = [];
      for (const [showId, agg] of perShow) {
        const show = await repo.showById(showId);
        if (show) entries.push({ agg, show });
      }
      const released: number[] = [];
      await writeShows(userId, null, entries, emptyReport(), { hold: false, heldIds, released });
    }
  }

  return { writeShows, releaseHeld };
}

export type Applier = ReturnType<typeof createApplier>;

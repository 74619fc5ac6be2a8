import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import {
  errorCodes,
  importMaxUnmatchedRows,
  importMessages,
  importSourceLabels,
  type Import,
  type ImportReport,
  type ImportSource,
  type UnmatchedRow,
  type WatchStatus,
} from '@series-tracker/contracts';
import type { WatchlistItemRow } from '../../db/types';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Logger } from '../../platform/logger';
import type { Mail } from '../../platform/mail/mail';
import { authorize, type Viewer } from '../../platform/policy';
import { completes } from '../tracking/tracking.service';
import type { TrackingRepository } from '../tracking/tracking.repository';
import type { ArchiveLimits } from './archive';
import { ImportFileError, type ImportRecord, type ShowRef } from './import-records';
import type { CatalogueShow, ImportsRepository } from './imports.repository';
import { matchShows, matchTitle } from './matcher';

/** Most shows one import searches on TVmaze by title (each is one call of its rate limit). */
const TITLE_SEARCHES_PER_IMPORT = 200;
import { openImport } from './read-file';

export const IMPORT_JOB = 'imports.run';

/** One play of one episode as the file gave it (the earliest play of an episode is kept). */
interface Play {
  season: number | null;
  number: number | null;
  airDate: string | null;
  watchedAt: string;
}

/** Everything a file says about one show, gathered from all its rows and members. */
export interface ShowAgg {
  ref: ShowRef;
  plays: Play[];
  progressCount: { count: number; watchedAt: string | null } | null;
  status?: WatchStatus;
  score?: number | null;
  exact?: boolean;
  rated?: boolean;
  tracked?: boolean;
  addedAt?: string | null;
  startedAt?: string | null;
  completedAt?: string | null;
  favorite?: boolean;
  favoritedAt?: string | null;
}

interface StoredRow extends UnmatchedRow {
  agg: ShowAgg;
}

interface StoredReport extends Omit<ImportReport, 'unmatchedRows'> {
  unmatchedRows: StoredRow[];
}

export interface ListImport {
  key: string;
  name: string;
  description: string | null;
  createdAt: string | null;
  items: { showId: number; rank: number; note: string | null }[];
}
export interface ReviewImport {
  showId: number;
  title: string | null;
  text: string;
  rating: number | null;
  spoiler: boolean;
  createdAt: string;
}

/**
 * What other features offer the importer (composition root): lists and reviews are written
 * through their own services, private, with their original dates and `imported: true`.
 */
export interface ImportTargets {
  lists?: (userId: number, lists: ListImport[]) => Promise<number>;
  reviews?: (
    userId: number,
    reviews: ReviewImport[],
  ) => Promise<{ created: number; skipped: Record<string, number> }>;
  /** Members the exporting account followed, by username (our own export). */
  follows?: (
    userId: number,
    follows: { username: string; followedAt: string | null }[],
  ) => Promise<{ created: number; skipped: Record<string, number> }>;
}

export interface ImportsServiceOptions {
  repo: ImportsRepository;
  trackingRepo: TrackingRepository;
  events: EventBus;
  jobs: Jobs;
  mail: Mail;
  log: Logger;
  /** Where uploads wait for their job (shared between app servers). */
  importDir: string;
  /** When on, shows missing from the catalogue are looked up on TVmaze by TheTVDB/IMDb id. */
  lookupShow?: (ids: ShowRef['ids']) => Promise<number | null>;
  /**
   * When on, a show still missing is searched on TVmaze by its title (what it finds joins the
   * catalogue), then matched by title and year again. Resolves when the search is done.
   */
  searchTitle?: (title: string) => Promise<void>;
  targets?: ImportTargets;
  /** An import running longer than this sends a mail when it finishes (default 60 s). */
  mailAfterMs?: number;
  archiveLimits?: ArchiveLimits;
  now?: () => Date;
}

const emptyReport = (): StoredReport => ({
  shows: { matched: 0, added: 0, unmatched: 0 },
  episodes: { marked: 0, alreadyWatched: 0, held: 0, unmatched: 0 },
  ratings: 0,
  watchlist: 0,
  favorites: 0,
  lists: 0,
  reviews: 0,
  skipped: {},
  notes: [],
  unmatchedRows: [],
  unmatchedRowsOmitted: 0,
});

const resumes: WatchStatus[] = ['want_to_watch', 'paused', 'dropped'];
const minIso = (a: string | null | undefined, b: string | null | undefined) =>
  !a ? (b ?? null) : !b ? a : a < b ? a : b;
const maxIso = (a: string | null | undefined, b: string | null | undefined) =>
  !a ? (b ?? null) : !b ? a : a > b ? a : b;

/** The key a show is gathered under: its first strong id, else its title and year. */
function aggKey(ref: ShowRef): string {
  const ids = ref.ids;
  if (ids.sourceId) return `src:${ids.sourceId}`;
  if (ids.tvdb) return `tvdb:${ids.tvdb}`;
  if (ids.imdb) return `imdb:${ids.imdb}`;
  if (ids.tmdb) return `tmdb:${ids.tmdb}`;
  if (ids.trakt) return `trakt:${ids.trakt}`;
  if (ids.mal) return `mal:${ids.mal}`;
  if (ids.simkl) return `simkl:${ids.simkl}`;
  if (ids.tvmaze) return `tvmaze:${ids.tvmaze}`;
  return `title:${matchTitle(ref.title ?? '')}:${ref.year ?? ''}`;
}

/** Gathers a file's records per show, and its lists, reviews, skips and notes. */
export class Collector {
  shows = new Map<string, ShowAgg>();
  /** Plays per show key and episode key, to keep one (the earliest) per episode. */
  private seen = new Map<string, Map<string, Play>>();
  lists: Extract<ImportRecord, { kind: 'list' }>[] = [];
  reviews: Extract<ImportRecord, { kind: 'review' }>[] = [];
  follows: Extract<ImportRecord, { kind: 'follow' }>[] = [];
  skipped: Record<string, number> = {};
  notes: string[] = [];
  rows = 0;

  private agg(ref: ShowRef): ShowAgg {
    const key = aggKey(ref);
    let a = this.shows.get(key);
    if (!a) {
      a = { ref: { ...ref, ids: { ...ref.ids } }, plays: [], progressCount: null };
      this.shows.set(key, a);
    } else {
      a.ref.ids = { ...ref.ids, ...a.ref.ids };
      a.ref.title ??= ref.title;
      a.ref.year ??= ref.year;
    }
    return a;
  }

  skip(what: string, count = 1) {
    this.skipped[what] = (this.skipped[what] ?? 0) + count;
  }

  add(r: ImportRecord) {
    this.rows++;
    switch (r.kind) {
      case 'play': {
        const a = this.agg(r.show);
        const key = aggKey(r.show);
        const plays = this.seen.get(key) ?? new Map<string, Play>();
        this.seen.set(key, plays);
        const ek = `${r.season ?? ''}:${r.number ?? ''}:${r.number === null ? (r.airDate ?? '') : ''}`;
        const prev = plays.get(ek);
        if (prev) {
          // Our model keeps one watch per episode: a rewatch keeps the first date.
          this.skip('rewatches');
          if (r.watchedAt < prev.watchedAt) prev.watchedAt = r.watchedAt;
        } else {
          const play = {
            season: r.season,
            number: r.number,
            airDate: r.airDate ?? null,
            watchedAt: r.watchedAt,
          };
          plays.set(ek, play);
          a.plays.push(play);
        }
        break;
      }
      case 'progress-count': {
        const a = this.agg(r.show);
        a.progressCount = { count: r.count, watchedAt: r.watchedAt };
        break;
      }
      case 'show': {
        const a = this.agg(r.show);
        if (r.status) {
          // A watchlist entry does not override a stronger status from another member.
          if (!(r.status === 'want_to_watch' && a.status && a.status !== 'want_to_watch'))
            a.status = r.status;
        }
        if (r.score !== undefined && r.score !== null) a.score = r.score;
        else if (r.score === null && a.score === undefined) a.score = null;
        if (r.exact) a.exact = true;
        if (r.rated) a.rated = true;
        if (r.tracked) a.tracked = true;
        if (r.addedAt) a.addedAt = minIso(a.addedAt, r.addedAt);
        if (r.startedAt) a.startedAt = r.startedAt;
        if (r.completedAt) a.completedAt = r.completedAt;
        if (r.favorite) {
          a.favorite = true;
          a.favoritedAt = minIso(a.favoritedAt, r.favoritedAt);
        }
        break;
      }
      case 'list':
        this.lists.push(r);
        break;
      case 'review':
        this.reviews.push(r);
        break;
      case 'follow':
        this.follows.push(r);
        break;
      case 'skip':
        this.skip(r.what, r.count ?? 1);
        break;
      case 'note':
        if (!this.notes.includes(r.text)) this.notes.push(r.text);
        break;
    }
  }
}

/** What a write changed, for the events published after it commits. */
interface Changes {
  createdItems: Set<number>;
  counters: Set<number>;
  watched: Map<number, number[]>;
  touched: Set<number>;
}

export function createImportsService(options: ImportsServiceOptions) {
  const { repo, trackingRepo, events, jobs, mail, log } = options;
  const now = options.now ?? (() => new Date());
  const mailAfterMs = options.mailAfterMs ?? 60_000;

  function toImport(
    row: NonNullable<Awaited<ReturnType<ImportsRepository['findImport']>>>,
    progress: Import['progress'],
  ): Import {
    const stored = row.report ? (JSON.parse(row.report) as StoredReport) : null;
    return {
      id: row.id,
      status: row.status as Import['status'],
      source: (row.source as ImportSource | null) ?? null,
      fileName: row.file_name,
      progress,
      report: stored
        ? {
            ...stored,
            unmatchedRows: stored.unmatchedRows.map(({ agg: _agg, ...rest }) => rest),
          }
        : null,
      error: row.error,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
    };
  }

  async function progressOf(row: { job_id: string | null; status: string }) {
    const job = row.job_id ? await jobs.get(row.job_id) : null;
    if (job?.progress) return job.progress;
    const finished = row.status === 'done' || row.status === 'failed';
    return { done: finished ? 1 : 0, total: finished ? 1 : 0, message: null };
  }

  async function ownImport(viewer: Viewer, id: string) {
    const row = await repo.findImport(id);
    authorize(
      viewer,
      'read',
      row && { kind: 'import', ownerId: row.user_id },
      importMessages.notFound,
    );
    return row!;
  }

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

  function addUnmatched(report: StoredReport, row: Omit<StoredRow, 'index' | 'appliedShowId'>) {
    if (row.kind === 'show') report.shows.unmatched++;
    else report.episodes.unmatched++;
    if (report.unmatchedRows.length >= importMaxUnmatchedRows) {
      report.unmatchedRowsOmitted++;
      return;
    }
    report.unmatchedRows.push({ ...row, index: report.unmatchedRows.length, appliedShowId: null });
  }

  const publicIds = (ref: ShowRef) =>
    Object.fromEntries(Object.entries(ref.ids).filter(([k]) => k !== 'sourceId')) as Record<
      string,
      string | number
    >;

  /** Reads, matches and writes one file (the job's work). */
  async function runImport(
    input: { importId: string; userId: number; file: string; source: ImportSource | null },
    progress: (done: number, total: number, message: string) => Promise<void>,
    signal?: AbortSignal,
  ): Promise<StoredReport> {
    const { importId, userId, file } = input;
    const report = emptyReport();
    await progress(0, 0, 'Reading the file');
    const opened = await openImport(file, {
      source: input.source,
      ...(options.archiveLimits ? { limits: options.archiveLimits } : {}),
    });
    await repo.updateImport(importId, { source: opened.source, updated_at: nowIso() });
    const collector = new Collector();
    try {
      for await (const record of opened.records) {
        collector.add(record);
        if (collector.rows % 5000 === 0) {
          signal?.throwIfAborted();
          await progress(0, 0, `Read ${collector.rows.toLocaleString('en')} rows`);
        }
      }
    } finally {
      opened.close();
    }
    report.skipped = collector.skipped;
    report.notes = collector.notes;
    const aggs = [...collector.shows.values()];
    if (!aggs.length && !collector.lists.length && !collector.reviews.length && !collector.rows)
      throw new ImportFileError(importMessages.empty);

    await progress(0, aggs.length, 'Matching shows');
    const listRefs = collector.lists.flatMap((l) => l.items.map((i) => i.show));
    const reviewRefs = collector.reviews.map((r) => r.show);
    const matches = await matchShows(repo, [...aggs.map((a) => a.ref), ...listRefs, ...reviewRefs]);
    const matched: { agg: ShowAgg; show: CatalogueShow }[] = [];
    const missing: { agg: ShowAgg; reason: string }[] = [];
    for (let i = 0; i < aggs.length; i++) {
      const m = matches[i]!;
      const agg = aggs[i]!;
      if (m.show) {
        report.shows.matched++;
        matched.push({ agg, show: m.show });
        continue;
      }
      // Missing from the catalogue: ask TVmaze (when online) by TheTVDB or IMDb id.
      if (options.lookupShow && (agg.ref.ids.tvdb || agg.ref.ids.imdb)) {
        await progress(0, aggs.length, `Looking up ${agg.ref.title ?? 'a show'} on TVmaze`);
        const id = await options.lookupShow(agg.ref.ids).catch((err: unknown) => {
          log.warn({ err }, 'TVmaze lookup failed during an import');
          return null;
        });
        const show = id ? await repo.showById(id) : undefined;
        if (show) {
          report.shows.added++;
          matched.push({ agg, show });
          continue;
        }
      }
      missing.push({ agg, reason: m.show ? '' : m.reason });
    }
    // Still missing: TVmaze's search by title adds what it knows; then title + year again.
    const searchable = options.searchTitle
      ? missing.filter((x) => x.agg.ref.title).slice(0, TITLE_SEARCHES_PER_IMPORT)
      : [];
    for (const [n, x] of searchable.entries()) {
      signal?.throwIfAborted();
      await progress(n, searchable.length, `Searching TVmaze for ${x.agg.ref.title}`);
      await options.searchTitle!(x.agg.ref.title!).catch((err: unknown) =>
        log.warn({ err }, 'TVmaze search failed during an import'),
      );
    }
    const found = searchable.length
      ? await matchShows(
          repo,
          missing.map((x) => x.agg.ref),
        )
      : [];
    for (const [i, { agg, reason }] of missing.entries()) {
      const show = found[i]?.show;
      if (show) {
        report.shows.added++;
        matched.push({ agg, show });
        continue;
      }
      addUnmatched(report, {
        kind: 'show',
        show: { title: agg.ref.title, year: agg.ref.year, ids: publicIds(agg.ref) },
        season: null,
        episode: null,
        plays: agg.plays.length + (agg.progressCount?.count ?? 0),
        reason,
        agg,
      });
    }

    const chunk = 100;
    for (let i = 0; i < matched.length; i += chunk) {
      signal?.throwIfAborted();
      await progress(
        i,
        matched.length,
        `Writing shows ${i + 1}–${Math.min(i + chunk, matched.length)} of ${matched.length}`,
      );
      const missed = await writeShows(userId, importId, matched.slice(i, i + chunk), report, {
        hold: true,
      });
      for (const m of missed)
        addUnmatched(report, {
          kind: 'episode',
          show: { title: m.agg.ref.title, year: m.agg.ref.year, ids: publicIds(m.agg.ref) },
          season: m.play.season,
          episode: m.play.number,
          plays: 1,
          reason: m.reason,
          agg: { ref: m.agg.ref, plays: [m.play], progressCount: null },
        });
    }

    // Lists and reviews go through their features when those exist; else they are counted.
    const showOf = (k: number) => matches[aggs.length + k]?.show ?? null;
    if (collector.lists.length) {
      if (options.targets?.lists) {
        await progress(matched.length, matched.length, 'Importing lists');
        let k = 0;
        const lists: ListImport[] = collector.lists.map((l) => ({
          key: l.key,
          name: l.name,
          description: l.description,
          createdAt: l.createdAt,
          items: l.items.flatMap((item) => {
            const show = showOf(k++);
            if (!show)
              report.skipped.listItemsUnmatched = (report.skipped.listItemsUnmatched ?? 0) + 1;
            return show ? [{ showId: show.id, rank: item.rank, note: item.note }] : [];
          }),
        }));
        report.lists = await options.targets.lists(userId, lists);
      } else {
        report.skipped.lists = collector.lists.length;
      }
    }
    if (collector.reviews.length) {
      if (options.targets?.reviews) {
        const reviews: ReviewImport[] = [];
        // A review without a rating of its own takes the score the file gave the show.
        const scoreOf = new Map<number, number>();
        for (const m of matched) if (m.agg.score) scoreOf.set(m.show.id, m.agg.score);
        collector.reviews.forEach((r, i) => {
          const show = showOf(listRefs.length + i);
          if (show)
            reviews.push({
              showId: show.id,
              title: r.title ?? null,
              text: r.text,
              rating: r.rating ?? scoreOf.get(show.id) ?? null,
              spoiler: r.spoiler,
              createdAt: r.createdAt,
            });
          else report.skipped.reviewsUnmatched = (report.skipped.reviewsUnmatched ?? 0) + 1;
        });
        const result = await options.targets.reviews(userId, reviews);
        report.reviews = result.created;
        for (const [k, n] of Object.entries(result.skipped))
          if (n) report.skipped[k] = (report.skipped[k] ?? 0) + n;
      } else {
        report.skipped.reviews = collector.reviews.length;
      }
    }
    if (collector.follows.length) {
      if (options.targets?.follows) {
        const result = await options.targets.follows(userId, collector.follows);
        report.follows = result.created;
        for (const [k, n] of Object.entries(result.skipped))
          if (n) report.skipped[k] = (report.skipped[k] ?? 0) + n;
      } else {
        report.skipped.follows = collector.follows.length;
      }
    }
    if (report.episodes.held)
      report.notes.push(
        `${report.episodes.held} watched episodes are not in the catalogue yet; they are kept and marked when their show's episode list arrives.`,
      );
    await progress(matched.length, matched.length, 'Done');
    return report;
  }

  type Payload = {
    importId: string;
    userId: number;
    file: string;
    source: ImportSource | null;
    /** The CLI reads the admin's own file: never delete it. */
    keepFile?: boolean;
  };

  /** Runs one import to its end and records the outcome (the job's work, and the CLI's). */
  async function perform(
    payload: Payload,
    progress: (done: number, total: number, message: string) => Promise<void>,
    signal: AbortSignal | undefined,
    finalAttempt: boolean,
  ): Promise<{ importId: string; error?: string; report?: StoredReport }> {
    const startedAt = Date.now();
    const removeFile = () =>
      payload.keepFile ? undefined : fs.promises.rm(payload.file, { force: true });
    await repo.updateImport(payload.importId, { status: 'running', updated_at: nowIso() });
    try {
      const report = await runImport(payload, progress, signal);
      const finished = nowIso();
      await repo.updateImport(payload.importId, {
        status: 'done',
        report: JSON.stringify(report),
        finished_at: finished,
        updated_at: finished,
      });
      await removeFile();
      if (Date.now() - startedAt >= mailAfterMs) await mailDone(payload, report);
      return { importId: payload.importId, report };
    } catch (err) {
      if (signal?.aborted) throw err;
      // A bad file changes nothing and is not retried; anything else is retried once (a
      // re-run adds nothing twice), then recorded as failed.
      if (!(err instanceof ImportFileError) && !finalAttempt) throw err;
      const message =
        err instanceof ImportFileError
          ? err.message
          : 'The import failed part-way; what was written is kept and running the same file again completes it without duplicates';
      if (!(err instanceof ImportFileError)) log.error({ err }, 'import failed');
      const finished = nowIso();
      await repo.updateImport(payload.importId, {
        status: 'failed',
        error: message,
        finished_at: finished,
        updated_at: finished,
      });
      await removeFile();
      return { importId: payload.importId, error: message };
    }
  }

  jobs.define<Payload, unknown>(
    IMPORT_JOB,
    async ({ payload, progress, signal, attempt }) => {
      const { report: _report, ...result } = await perform(payload, progress, signal, attempt >= 2);
      return result;
    },
    { retryLimit: 1, retryDelaySeconds: 5, concurrency: 2, expireInSeconds: 60 * 60 },
  );

  async function mailDone(
    payload: { importId: string; userId: number; source: ImportSource | null },
    report: StoredReport,
  ) {
    const user = await repo.userContact(payload.userId);
    const row = await repo.findImport(payload.importId);
    if (!user || !row) return;
    await mail
      .send('import-finished', user.email, {
        username: user.username,
        source: row.source ? importSourceLabels[row.source as ImportSource] : 'file',
        importId: payload.importId,
        shows: report.shows.matched + report.shows.added,
        episodes: report.episodes.marked,
        unmatched: report.shows.unmatched + report.episodes.unmatched,
      })
      .catch((err: unknown) => log.error({ err }, 'could not queue the import mail'));
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

  return {
    runImport,
    releaseHeld,

    /** The CLI: records an import for `userId` and runs it here, now, on the admin's file. */
    async importNow(
      userId: number,
      file: string,
      source: ImportSource | null,
      progress: (done: number, total: number, message: string) => void,
    ) {
      const id = randomUUID();
      const stamp = nowIso();
      try {
        await repo.insertImport({
          id,
          user_id: userId,
          source,
          file_name: file.split(/[\\/]/).pop() ?? null,
          now: stamp,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(errorCodes.conflict, importMessages.running);
        throw err;
      }
      return perform(
        { importId: id, userId, file, source, keepFile: true },
        async (d, t, m) => progress(d, t, m),
        undefined,
        true,
      );
    },

    /** Stores the upload's path and queues its job; one live import per user. */
    async start(
      userId: number,
      upload: { file: string; fileName: string | null; source: ImportSource | null },
    ): Promise<{ id: string }> {
      const id = randomUUID();
      const stamp = nowIso();
      // A record left queued or running by a crashed process for a day does not block forever.
      await repo.failStale(userId, new Date(now().getTime() - 86_400_000).toISOString(), stamp);
      try {
        await repo.insertImport({
          id,
          user_id: userId,
          source: upload.source,
          file_name: upload.fileName,
          now: stamp,
        });
      } catch (err) {
        await fs.promises.rm(upload.file, { force: true });
        if (isUniqueViolation(err)) throw conflict(errorCodes.conflict, importMessages.running);
        throw err;
      }
      const jobId = await jobs.enqueue(
        IMPORT_JOB,
        { importId: id, userId, file: upload.file, source: upload.source },
        { userId },
      );
      await repo.setJob(id, jobId);
      return { id };
    },

    async get(viewer: Viewer, id: string): Promise<Import> {
      const row = await ownImport(viewer, id);
      return toImport(row, await progressOf(row));
    },

    async list(userId: number, limit: number, offset: number) {
      const { rows, total } = await repo.listImports(userId, limit, offset);
      const data = await Promise.all(rows.map(async (r) => toImport(r, await progressOf(r))));
      return { data, total, limit, offset, hasMore: offset + data.length < total };
    },

    /** Applies one unmatched row to the show the user picked. */
    async applyRow(viewer: Viewer, id: string, index: number, showId: number): Promise<Import> {
      const row = await ownImport(viewer, id);
      if (row.status !== 'done' || !row.report) throw notFound(importMessages.rowNotFound);
      const stored = JSON.parse(row.report) as StoredReport;
      const target = stored.unmatchedRows[index];
      if (!target) throw notFound(importMessages.rowNotFound);
      if (target.appliedShowId !== null)
        throw conflict(errorCodes.conflict, importMessages.rowApplied);
      const show = await repo.showById(showId);
      if (!show)
        throw new AppError(400, errorCodes.validation, importMessages.showNotFound, {
          showId: importMessages.showNotFound,
        });
      const counts = emptyReport();
      await writeShows(row.user_id, id, [{ agg: target.agg, show }], counts, { hold: true });
      target.appliedShowId = showId;
      stored.episodes.marked += counts.episodes.marked;
      stored.episodes.alreadyWatched += counts.episodes.alreadyWatched;
      stored.episodes.held += counts.episodes.held;
      stored.watchlist += counts.watchlist;
      stored.favorites += counts.favorites;
      stored.ratings += counts.ratings;
      if (target.kind === 'show') {
        stored.shows.unmatched--;
        stored.shows.matched++;
      } else stored.episodes.unmatched--;
      await repo.updateImport(id, { report: JSON.stringify(stored), updated_at: nowIso() });
      return toImport({ ...row, report: JSON.stringify(stored) }, await progressOf(row));
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;

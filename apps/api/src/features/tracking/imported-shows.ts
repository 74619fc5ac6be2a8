import type { Transaction } from 'kysely';
import type { WatchStatus } from '@series-tracker/contracts';
import type { Database, WatchlistItemRow } from '../../db/types';
import { maxIso, minIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import type { HistoryWriter } from './apply-history';
import { completes, statusAfter, statusFromHistory } from './item-derivation';
import type { TrackingRepository } from './tracking.repository';

/** What a file states about a show's watchlist item and favourite (imports, issue 19). */
export interface ShowStatement {
  /** Our own export: status and dates are taken as they are (a faithful round trip). */
  exact?: boolean;
  status?: WatchStatus;
  score?: number | null;
  addedAt?: string | null;
  startedAt?: string | null;
  completedAt?: string | null;
  favorite?: boolean;
  favoritedAt?: string | null;
}

/** What a file says about one of the member's shows (imports, issue 19), matched already. */
export interface ImportedShow extends ShowStatement {
  showId: number;
  /** What the completion rule needs. */
  show: { status: string; episodes_complete: number };
  /** Every watch of a catalogue episode (rewatches too), each with its own date. */
  plays: { episodeId: number; watchedAt: string }[];
  /** The file makes the show the member's (watches, held history, a status, a score…). */
  track: boolean;
  /** History is held for episodes the catalogue lacks: the show is being watched. */
  held: boolean;
  /** The earliest play of the file (dates a new item) and the latest dated one. */
  firstPlay: string | null;
  lastPlay: string | null;
}

/** What writing one show changed, for the import's report. */
export interface ImportedShowResult {
  /** A watchlist item was created for it. */
  itemCreated: boolean;
  /** Episodes that became watched. */
  newly: number[];
  /** Plays the account already had at that instant (a file imported again). */
  already: number;
  /** Plays beyond the first watch of the episodes this file marked: rewatches, kept. */
  rewatches: number;
  /** The file's score was new or changed. */
  rated: boolean;
  /** A favourite was added. */
  favorited: boolean;
}

/**
 * Tracking's write rule for shows from a file (ADR 110, 130): plays through `applyHistory`,
 * then the item's status and dates decided here (the file's, else the member's own with new
 * watches resuming it, else derived from what was watched), score and favourite.
 */
export function createImportedShows(deps: {
  repo: TrackingRepository;
  history: Pick<HistoryWriter, 'applyHistory'>;
  events: EventBus;
}) {
  const { repo, history, events } = deps;

  /** One show's plays, kept whole; the item's status is decided by the caller. */
  async function writePlays(
    trx: Transaction<Database>,
    userId: number,
    s: ImportedShow,
    source: string,
  ) {
    if (!s.plays.length) return { newly: [], already: 0, rewatches: 0 };
    const written = await history.applyHistory(trx, {
      userId,
      showId: s.showId,
      plays: s.plays.map((p) => ({ ...p, source })),
      keepStatus: true,
      imported: true,
    });
    return {
      newly: written.newlyWatched,
      already: written.duplicates,
      rewatches: written.added - written.newlyWatched.length,
    };
  }

  /** The item's status: what the file states, else the member's own, else the history's. */
  function statusOf(
    s: ImportedShow,
    current: WatchStatus | null,
    newly: number,
    d: { watched: number; aired: number; watchedAired: number },
  ): WatchStatus {
    // Ratings without invention (ADR 110): a rating alone sets the score; the status is what
    // the file states, else Plan to Watch; never Completed, never dates.
    if (s.exact && s.status) return s.status;
    // The member's own status stands; new watches resume a paused or planned show.
    if (current) return newly ? statusAfter(current, 'watched', completes(s.show, d)) : current;
    if (s.status && s.status !== 'want_to_watch') return s.status;
    const derived = statusFromHistory(s.show, d);
    return derived === 'want_to_watch' && s.held ? 'watching' : derived;
  }

  /**
   * Writes a file's shows for one member inside the caller's transaction (the import's chunk,
   * ADR 141/142): the item (created with the file's earliest date, never "now" when the file
   * has one), the plays, the item's derived progress, status, dates and score, the favourite.
   * The events wait for `announce()` after commit; nothing is announced as happening now.
   */
  async function applyImported(
    trx: Transaction<Database>,
    input: { userId: number; shows: ImportedShow[]; source: string; stamp: string },
  ) {
    const { userId, source, stamp } = input;
    const results = new Map<number, ImportedShowResult>();
    /** Shows whose item changed, in the order written. */
    const touchedShows: number[] = [];
    const ids = input.shows.map((s) => s.showId);
    const [items, favorites] = ids.length
      ? await Promise.all([
          repo.itemsOfShows(trx, userId, ids),
          repo.favoritesOfShows(trx, userId, ids),
        ])
      : [[], []];
    const itemOf = new Map(items.map((i) => [i.show_id, i]));
    const favOf = new Set(favorites.map((f) => f.show_id));

    for (const s of input.shows) {
      const { showId } = s;
      const result: ImportedShowResult = {
        itemCreated: false,
        newly: [],
        already: 0,
        rewatches: 0,
        rated: false,
        favorited: false,
      };
      results.set(showId, result);
      let item: WatchlistItemRow | undefined = itemOf.get(showId);
      let touched = false;
      if (!item && s.track) {
        const created = s.exact
          ? (s.addedAt ?? stamp)
          : (minIso(s.addedAt, s.firstPlay) ?? s.favoritedAt ?? stamp);
        result.itemCreated = await repo.insertItem(trx, {
          user_id: userId,
          show_id: showId,
          status: s.status ?? 'want_to_watch',
          score: s.score ?? null,
          progress: 0,
          started_at: null,
          completed_at: null,
          now: created,
        });
        item = (await repo.itemsOfShows(trx, userId, [showId]))[0];
        if (item && result.itemCreated) item = { ...item, status: '' };
      }
      // The plays, once the item exists with the file's dates (tracking would date a new
      // one "now"); its status and dates are set from the file below.
      Object.assign(result, await writePlays(trx, userId, s, source));
      if (item) {
        const d = await repo.derive(trx, userId, showId);
        const isNew = item.status === '';
        const status = statusOf(
          s,
          isNew ? null : (item.status as WatchStatus),
          result.newly.length,
          d,
        );
        // Dates come from the file or from dated plays, never from the import's own time.
        const started = s.exact
          ? (s.startedAt ?? null)
          : status === 'want_to_watch'
            ? null
            : (item.started_at ?? s.startedAt ?? s.firstPlay ?? null);
        const completed = s.exact
          ? (s.completedAt ?? null)
          : status === 'completed'
            ? (item.completed_at ?? s.completedAt ?? s.lastPlay ?? null)
            : null;
        const score = s.score != null ? s.score : item.score;
        result.rated = s.score != null && (s.score !== item.score || isNew);
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
          await repo.updateItem(trx, item.id, {
            ...set,
            // A new item is as old as the file says; a changed one was changed now.
            updated_at: isNew ? (maxIso(d.lastWatchedAt, item.created_at) ?? stamp) : stamp,
          });
          touched = true;
        }
      }
      if (s.favorite && !favOf.has(showId)) {
        result.favorited = await repo.addFavoriteAt(trx, userId, showId, s.favoritedAt ?? stamp);
        if (result.favorited) favOf.add(showId);
      }
      if (touched) touchedShows.push(showId);
    }

    return {
      results,
      /** The events of what was written: call it after the transaction commits. */
      async announce() {
        const counters = [...results].filter(([, r]) => r.itemCreated || r.favorited);
        if (counters.length)
          await events.emit('show.counters.changed', { showIds: counters.map(([id]) => id) });
        for (const [showId, r] of results)
          if (r.newly.length)
            await events.emit('episode.watched', {
              userId,
              showId,
              episodeIds: r.newly,
              watched: true,
              imported: true,
            });
        const created = [...results].filter(([, r]) => r.itemCreated).map(([id]) => id);
        for (const showId of new Set([...touchedShows, ...created]))
          await events.emit('tracking.changed', {
            userId,
            showId,
            change: results.get(showId)!.itemCreated ? 'added' : 'progress',
            imported: true,
          });
      },
    };
  }

  return { applyImported };
}

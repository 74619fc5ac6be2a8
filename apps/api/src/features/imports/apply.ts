import type { Transaction } from 'kysely';
import type { HeldReason } from '@series-tracker/contracts';
import type { Database } from '../../db/types';
import { maxIso, minIso } from '../../lib/time';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { ImportedShow } from '../tracking/imported-shows';
import type { TrackingService } from '../tracking/tracking.service';
import type { Play, ShowAgg } from './collect';
import { heldWatchKey, type CatalogueShow, type ImportsRepository } from './imports.repository';
import { countEpisodes, episodeFinder, type CatalogueEpisode } from './match';
import type { StoredReport } from './report';

/** Shows listed with their held history in one import's report (the rest are counted). */
const REPORT_HELD_SHOWS = 200;

/** One watch of one catalogue episode, with its own date. */
export type ShowPlay = ImportedShow['plays'][number];

/**
 * The one place that hands what a file says about shows to tracking (watched episodes,
 * watchlist items, favourites): matching and holding are the import's, every write and the
 * item's status are tracking's (`applyImported`).
 */
export function createApplier(deps: {
  repo: ImportsRepository;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  /** Tracking's write rule for a file's shows (ADR 110, 130): plays, item, status, favourite. */
  tracking: Pick<TrackingService, 'applyImported'>;
  now: () => Date;
}) {
  const { repo, uow, tracking, now } = deps;

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
    let announce = async () => {};
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
      const episodes = await repo.episodesOf(trx, ids);
      const epsOf = new Map<number, CatalogueEpisode[]>();
      for (const e of episodes) {
        const list = epsOf.get(e.show_id) ?? [];
        list.push(e);
        epsOf.set(e.show_id, list);
      }
      const held: Parameters<ImportsRepository['hold']>[1] = [];
      const shows: ImportedShow[] = [];

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
        shows.push({
          showId,
          show,
          plays: showPlays,
          track: !!wantsItem,
          held: heldHere,
          firstPlay,
          lastPlay,
          exact: merged.exact,
          status: merged.status,
          score: merged.score,
          addedAt: merged.addedAt,
          startedAt: merged.startedAt,
          completedAt: merged.completedAt,
          favorite: merged.favorite,
          favoritedAt: merged.favoritedAt,
        });
      }
      // Tracking writes the shows and decides each item's status (issue 30).
      const written = await tracking.applyImported(trx, { userId, shows, source, stamp });
      for (const r of written.results.values()) {
        if (r.itemCreated) report.watchlist++;
        report.episodes.marked += r.newly.length;
        report.episodes.alreadyWatched += r.already;
        if (r.rewatches) report.episodes.rewatches = (report.episodes.rewatches ?? 0) + r.rewatches;
        if (r.rated) report.ratings++;
        if (r.favorited) report.favorites++;
      }
      announce = written.announce;
      if (held.length && opts.hold) await repo.hold(trx, held);
      report.episodes.held += held.filter((h) => h.kind !== 'count').length;
      if (opts.released?.length) await repo.releaseHeld(trx, opts.released);
      if (opts.checkpoint) await opts.checkpoint(trx, unmatched);
    });
    // After commit: caches and trending follow; nothing here says "now" (imported: true).
    await announce();
    return unmatched;
  }

  return { writeShows };
}

export type Applier = ReturnType<typeof createApplier>;

import { playInstant, type TraktNotFound, type TraktSyncBody } from '@series-tracker/contracts';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { PlaysService } from '../tracking/plays.service';
import type { TraktActivity } from './trakt-activity';
import { assertDates, episodesInSeason, resolveSyncBody } from './trakt-sync-resolve';
import type { HistoryFilter, SyncEpisodeRow, TraktSyncRepository } from './trakt-sync.repository';
import type { TraktRepository } from './trakt.repository';
import { episodeShape, showShape, traktAction } from './trakt-sync-shapes';
import { traktInstant } from './trakt-shapes';

/** Plays written by a Trakt app carry this source (the diary shows where a play came from). */
export const TRAKT_SOURCE = 'trakt';

const today = () => new Date().toISOString().slice(0, 10);
const aired = (e: SyncEpisodeRow) => e.air_date !== null && e.air_date <= today();
const regular = (e: SyncEpisodeRow) => (e.season_number ?? 0) > 0 && e.type === 'regular';
/** `released`: when the episode first aired (its stamp, else its date). */
const releasedAt = (e: SyncEpisodeRow) =>
  e.air_stamp ?? (e.air_date ? `${e.air_date}T00:00:00.000Z` : null);

export interface TraktSyncHistoryDeps {
  repo: TraktSyncRepository;
  trakt: Pick<TraktRepository, 'showByIds' | 'showByPathId'>;
  plays: Pick<PlaysService, 'applyHistoryMany' | 'removeMany'>;
  uow: UnitOfWork;
  events: EventBus;
  activity: Pick<TraktActivity, 'touch'>;
}

/**
 * History and watched calls of the Trakt sync (ADR 171). Plays are written and removed only
 * through tracking's plays service (applyHistory, removeMany), so progress, rewatches,
 * statuses, activity, notifications and caches follow exactly as for the web.
 */
export function createTraktSyncHistory(deps: TraktSyncHistoryDeps) {
  const { repo, plays, uow, events, activity } = deps;

  return {
    /** POST /sync/history. */
    async add(userId: number, body: TraktSyncBody) {
      assertDates(body, 'watched_at');
      const { targets, notFound, episodesOf } = await resolveSyncBody(body, deps);
      const now = nowIso();
      const perShow = new Map<number, { episodeId: number; watchedAt: string; source: string }[]>();
      const push = (e: SyncEpisodeRow, spec: string | null | undefined, echo: unknown) => {
        const at = !spec ? now : spec === 'released' ? releasedAt(e) : playInstant(spec);
        if (!at) {
          notFound.episodes.push(echo);
          return;
        }
        const list = perShow.get(e.show_id) ?? [];
        list.push({ episodeId: e.id, watchedAt: at, source: TRAKT_SOURCE });
        perShow.set(e.show_id, list);
      };
      for (const t of targets) {
        if (t.level === 'episode') {
          push(t.episode, t.raw.watched_at ?? t.outer.watched_at, t.raw);
          continue;
        }
        // A show or a season: its aired episodes (a show's regular ones, as Trakt adds them).
        const spec = t.raw.watched_at ?? (t.level === 'season' ? t.outer.watched_at : undefined);
        const list =
          t.level === 'show'
            ? episodesOf(t.show.id).filter(regular)
            : episodesInSeason(episodesOf(t.show.id), t.season);
        for (const e of list.filter(aired)) push(e, spec, t.raw);
      }
      const at = new Map<number, string>();
      for (const list of perShow.values()) for (const p of list) at.set(p.episodeId, p.watchedAt);
      const results = await uow.run((trx) =>
        plays.applyHistoryMany(trx, {
          userId,
          shows: [...perShow].map(([showId, list]) => ({ showId, plays: list })),
        }),
      );
      let added = 0;
      for (const r of results) {
        const showId = r.showId;
        added += r.added;
        await r.announce();
        // One more play of an episode already watched: the activity says "rewatched", as for
        // the web's "Watch again".
        if (r.rewatched.length) {
          const latest = r.rewatched
            .map((id) => at.get(id) ?? now)
            .sort()
            .pop()!;
          await events.emit('episode.rewatched', {
            userId,
            showId,
            episodeIds: r.rewatched,
            at: latest,
          });
        }
      }
      if (added) await activity.touch(userId, 'episodes.watched_at');
      return { added: { movies: 0, episodes: added }, not_found: notFound };
    },

    /** POST /sync/history/remove: by play ids, or every play of the shows, seasons, episodes. */
    async remove(userId: number, body: TraktSyncBody) {
      const { targets, notFound, episodesOf } = await resolveSyncBody(body, deps);
      const episodeIds = new Set<number>();
      for (const t of targets) {
        if (t.level === 'episode') episodeIds.add(t.episode.id);
        else {
          const all = episodesOf(t.show.id);
          for (const e of t.level === 'show' ? all : episodesInSeason(all, t.season))
            episodeIds.add(e.id);
        }
      }
      const { deleted, missingPlayIds } = await plays.removeMany(userId, {
        playIds: body.ids ?? [],
        episodeIds: [...episodeIds],
      });
      if (deleted) await activity.touch(userId, 'episodes.watched_at');
      const answer: TraktNotFound = { ...notFound, ids: missingPlayIds };
      return { deleted: { movies: 0, episodes: deleted }, not_found: answer };
    },

    /** GET /sync/history[/type[/id]]: one page, newest first; null when the id names nothing. */
    async history(
      userId: number,
      q: {
        type?: 'movies' | 'shows' | 'seasons' | 'episodes';
        id?: string;
        startAt?: string;
        endAt?: string;
        full: boolean;
        limit: number;
        offset: number;
      },
    ) {
      const none = { data: [], total: 0 };
      if (q.type === 'movies') return none;
      const f: HistoryFilter = {
        ...(q.startAt ? { startAt: q.startAt } : {}),
        ...(q.endAt ? { endAt: q.endAt } : {}),
      };
      if (q.id !== undefined && q.type) {
        if (q.type === 'shows') {
          const show = await deps.trakt.showByPathId(q.id);
          if (!show) return none;
          f.showId = show.id;
        } else if (q.type === 'seasons') {
          const id = /^\d{1,10}$/.test(q.id) ? Number(q.id) : 0;
          const season = (await repo.seasonsByIds(id ? [id] : []))[0];
          if (!season) return none;
          f.showId = season.show_id;
          f.season = season.number;
        } else {
          if (!/^\d{1,10}$/.test(q.id)) return none;
          f.episodeId = Number(q.id);
        }
      }
      const { rows, total } = await repo.history(userId, f, q.limit, q.offset);
      const shows = await repo.showsByIds(rows.map((r) => r.show_id));
      const toShow = showShape(q.full);
      const toEpisode = episodeShape(q.full);
      const data = rows.flatMap((r) => {
        const show = shows.get(r.show_id);
        if (!show) return [];
        return [
          {
            id: r.play_id,
            watched_at: traktInstant(r.watched_at)!,
            action: traktAction(r.source),
            type: 'episode' as const,
            episode: toEpisode(r),
            show: toShow(show),
          },
        ];
      });
      return { data, total };
    },

    /** GET /sync/watched/shows: every show with plays, most played first. */
    async watchedShows(userId: number, opts: { full: boolean; noSeasons: boolean }) {
      const rows = opts.noSeasons
        ? (await repo.watchedShows(userId)).map((r) => ({
            ...r,
            season_number: null,
            episode_number: null,
          }))
        : await repo.watchedEpisodes(userId);
      type Acc = {
        plays: number;
        last: string;
        written: string;
        seasons: Map<number, { number: number; plays: number; last_watched_at: string }[]>;
      };
      const byShow = new Map<number, Acc>();
      for (const r of rows) {
        const plays = Number(r.plays);
        const last = String(r.last_watched);
        const written = String(r.last_written);
        let acc = byShow.get(r.show_id);
        if (!acc) {
          acc = { plays: 0, last, written, seasons: new Map() };
          byShow.set(r.show_id, acc);
        }
        acc.plays += plays;
        if (last > acc.last) acc.last = last;
        if (written > acc.written) acc.written = written;
        if (!opts.noSeasons) {
          const season = r.season_number ?? 0;
          const list = acc.seasons.get(season) ?? [];
          list.push({
            number: r.episode_number ?? 0,
            plays,
            last_watched_at: traktInstant(last)!,
          });
          acc.seasons.set(season, list);
        }
      }
      const ids = [...byShow.keys()];
      const [shows, items] = await Promise.all([repo.showsByIds(ids), repo.itemsOf(userId, ids)]);
      const itemOf = new Map(items.map((i) => [i.show_id, i]));
      const toShow = showShape(opts.full);
      const out = [];
      for (const [showId, acc] of byShow) {
        const show = shows.get(showId);
        if (!show) continue;
        const item = itemOf.get(showId);
        out.push({
          plays: acc.plays,
          last_watched_at: traktInstant(acc.last)!,
          last_updated_at: traktInstant(acc.written)!,
          // A rewatch (ADR 130) began when the current run started.
          reset_at: item && Number(item.run) > 1 ? traktInstant(item.started_at) : null,
          show: toShow(show),
          ...(opts.noSeasons
            ? {}
            : {
                seasons: [...acc.seasons.entries()]
                  .sort((a, b) => a[0] - b[0])
                  .map(([number, episodes]) => ({
                    number,
                    episodes: episodes.sort((a, b) => a.number - b.number),
                  })),
              }),
        });
      }
      return out.sort(
        (a, b) => b.plays - a.plays || (a.last_watched_at < b.last_watched_at ? 1 : -1),
      );
    },
  };
}

export type TraktSyncHistory = ReturnType<typeof createTraktSyncHistory>;

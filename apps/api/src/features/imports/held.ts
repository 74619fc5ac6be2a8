import {
  heldReasonText,
  type HeldPage,
  type HeldReason,
  type HeldShow,
} from '@series-tracker/contracts';
import type { Applier } from './apply';
import type { ShowAgg } from './collect';
import { heldWatchKey, type CatalogueShow, type ImportsRepository } from './imports.repository';
import { emptyReport } from './report';

/**
 * Held history (issue 19): imported watches the catalogue cannot place yet and MyAnimeList
 * counts it will not guess at. Listed per show with why and what resolves them, and applied
 * (through apply.ts) when the show's episodes change.
 */
export function createHeld(deps: { repo: ImportsRepository; applier: Applier }) {
  const { repo } = deps;
  const { writeShows } = deps.applier;

  /** Applies held history of shows whose episodes just arrived (catalog.refreshed). */
  async function releaseHeld(showIds: number[]) {
    if (!showIds.length) return;
    const held = await repo.heldFor(repo.db, showIds);
    if (!held.length) return;
    const byUser = new Map<number, typeof held>();
    for (const h of held) byUser.set(h.user_id, [...(byUser.get(h.user_id) ?? []), h]);
    for (const [userId, rows] of byUser) {
      const heldIds = new Map(
        rows.map((h) => [
          h.kind === 'count' ? `${h.show_id}:count` : `${h.show_id}:${heldWatchKey(h)}`,
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
        if (h.kind === 'count')
          agg.progressCount = { count: h.watched_count ?? 0, watchedAt: h.watched_at || null };
        else
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

  /** The member's held history per show, with why it is held and what resolves it. */
  async function list(userId: number, limit: number, offset: number): Promise<HeldPage> {
    const [{ page, rows, live, total }, totals] = await Promise.all([
      repo.heldShows(userId, limit, offset),
      repo.heldTotals(userId),
    ]);
    const liveOf = new Map(live.map((l) => [l.show_id, Number(l.n)]));
    const data: HeldShow[] = page.map((s) => {
      const mine = rows.filter((r) => r.show_id === s.id);
      const watches = mine
        .filter((r) => r.kind !== 'count')
        .sort(
          (a, b) =>
            (a.season_number ?? 1e9) - (b.season_number ?? 1e9) ||
            (a.episode_number ?? 1e9) - (b.episode_number ?? 1e9) ||
            (a.air_date ?? '').localeCompare(b.air_date ?? ''),
        )
        .map((r) => ({
          season: r.season_number,
          number: r.episode_number,
          airDate: r.air_date,
          watchedAt: r.watched_at,
        }));
      const count = mine.find((r) => r.kind === 'count');
      const watchesReason: HeldReason | null = watches.length
        ? liveOf.get(s.id)
          ? 'episodes-missing'
          : 'no-episode-list'
        : null;
      const reasons = [
        ...(watchesReason ? [watchesReason] : []),
        ...(count ? (['count-uncertain'] as const) : []),
      ].map((reason) => ({ reason, ...heldReasonText[reason] }));
      return {
        show: {
          id: s.id,
          title: s.title,
          year: s.first_air_date ? Number(s.first_air_date.slice(0, 4)) : null,
          posterUrl: s.poster_url,
        },
        watches,
        watchesReason,
        count: count
          ? { watched: count.watched_count ?? 0, watchedAt: count.watched_at || null }
          : null,
        reasons,
      };
    });
    return {
      data,
      total,
      limit,
      offset,
      hasMore: offset + data.length < total,
      totals,
    };
  }

  return { releaseHeld, list };
}

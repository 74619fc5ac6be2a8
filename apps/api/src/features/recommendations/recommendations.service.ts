import {
  trackingMessages,
  type RecommendationPage,
  type ShowSummary,
} from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import type { Jobs } from '../../platform/jobs/types';
import { sharesTaste, type Viewer } from '../../platform/policy';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { RecommendationsRepository, TrackedRow } from './recommendations.repository';
import {
  communityNeighbours,
  contentNeighbours,
  interactionWeight,
  memberPicks,
  mergeNeighbours,
  type Interaction,
  type Pick,
} from './similarity';

export const REBUILD_JOB = 'recommendations.rebuild';
export const MEMBER_JOB = 'recommendations.member';
const PICKS_KEPT = 60;

export interface RecommendationsOptions {
  repo: RecommendationsRepository;
  uow: UnitOfWork;
  jobs: Jobs;
  events: EventBus;
  shows: { summariesByIds(ids: number[]): Promise<ShowSummary[]> };
  /** How often the whole community's similarities are recomputed (scheduled job). */
  rebuildSeconds: number;
}

export interface RebuildResult {
  members: number;
  shows: number;
  neighbours: number;
  picks: number;
  ms: number;
}

const weightOf = (r: TrackedRow) => interactionWeight(r.status, r.score);

/**
 * "Recommendations for you" (issue 29, ADR 183). The job (`rebuild`) computes every tracked
 * show's neighbours from the community (members who share their taste: policy.sharesTaste)
 * topped up from content, then every member's picks; `refreshMember` redoes one member's picks
 * after they track something. Requests only read the stored picks.
 */
export function createRecommendationsService(options: RecommendationsOptions) {
  const { repo, uow, jobs, events, shows } = options;

  /** Picks for every member in `rows` (grouped by member, newest first) from `neighbours`. */
  function picksFor(
    rows: TrackedRow[],
    neighbours: Parameters<typeof memberPicks>[1],
    dismissed: Map<number, Set<number>>,
  ): Map<number, Pick[]> {
    const byMember = new Map<number, { showId: number; weight: number }[]>();
    for (const r of rows)
      byMember.set(r.user_id, [
        ...(byMember.get(r.user_id) ?? []),
        { showId: r.show_id, weight: weightOf(r) },
      ]);
    const out = new Map<number, Pick[]>();
    for (const [userId, tracked] of byMember)
      out.set(
        userId,
        memberPicks(tracked, neighbours, dismissed.get(userId) ?? new Set(), PICKS_KEPT),
      );
    return out;
  }

  async function rebuild(): Promise<RebuildResult> {
    const started = performance.now();
    const [rows, meta, dismissed] = await Promise.all([
      repo.allTracked(),
      repo.showMeta(),
      repo.allDismissed(),
    ]);
    const signal: Interaction[] = rows
      .filter((r) => sharesTaste({ isPublic: r.is_public === 1 }))
      .map((r) => ({ userId: r.user_id, showId: r.show_id, weight: weightOf(r) }));
    const seeds = new Set(rows.map((r) => r.show_id));
    const neighbours = mergeNeighbours(communityNeighbours(signal), contentNeighbours(seeds, meta));
    const picks = picksFor(rows, neighbours, dismissed);
    const at = nowIso();
    const [neighbourRows, pickRows] = await uow.run(async (trx) => [
      await repo.saveNeighbours(trx, neighbours, at, true),
      await repo.savePicks(trx, picks, at, true),
    ]);
    return {
      members: picks.size,
      shows: neighbours.size,
      neighbours: neighbourRows,
      picks: pickRows,
      ms: Math.round(performance.now() - started),
    };
  }

  /**
   * One member's picks from the stored neighbour lists; a show nobody tracked at the last
   * rebuild gets content neighbours first (so a new member's first show already brings picks).
   */
  async function refreshMember(userId: number): Promise<number> {
    const [rows, dismissed] = await Promise.all([repo.trackedBy(userId), repo.dismissedBy(userId)]);
    const ids = [...new Set(rows.map((r) => r.show_id))];
    const neighbours = await repo.neighboursOf(ids);
    const missing = ids.filter((id) => !neighbours.has(id));
    const at = nowIso();
    const fresh = missing.length ? contentNeighbours(missing, await repo.showMeta()) : new Map();
    for (const [id, list] of fresh) neighbours.set(id, list);
    const picks = picksFor(rows, neighbours, new Map([[userId, dismissed]]));
    if (!picks.has(userId)) picks.set(userId, []);
    return uow.run(async (trx) => {
      if (fresh.size) await repo.saveNeighbours(trx, fresh, at, false);
      return repo.savePicks(trx, picks, at, false);
    });
  }

  return {
    rebuild,
    refreshMember,

    async list(viewer: Viewer, limit: number, offset: number): Promise<RecommendationPage> {
      const { rows, total, computedAt } = await repo.page(viewer!.id, limit, offset);
      const summaries = new Map(
        (await shows.summariesByIds(rows.map((r) => r.show_id))).map((s) => [s.id, s]),
      );
      const data = rows.flatMap((r) => {
        const show = summaries.get(r.show_id);
        return show
          ? [
              {
                show,
                because: { id: r.because_show_id, title: r.because_title },
                score: Number(r.score),
              },
            ]
          : [];
      });
      return { data, total, limit, offset, hasMore: offset + rows.length < total, computedAt };
    },

    /** "Not interested": that show is never suggested to this member again. */
    async dismiss(viewer: Viewer, showId: number): Promise<void> {
      if (!(await repo.showExists(showId))) throw notFound(trackingMessages.showNotFound);
      await repo.dismiss(viewer!.id, showId, nowIso());
    },

    async undismiss(viewer: Viewer, showId: number): Promise<void> {
      await repo.undismiss(viewer!.id, showId);
    },

    /** The jobs (scheduled rebuild, one member's refresh) and the tracking subscriber. */
    register() {
      jobs.define(REBUILD_JOB, () => rebuild(), { retryLimit: 1, expireInSeconds: 3600 });
      jobs.schedule(REBUILD_JOB, options.rebuildSeconds);
      jobs.define<{ userId: number }, number>(MEMBER_JOB, ({ payload }) =>
        refreshMember(payload.userId),
      );
      events.on('tracking.changed', async ({ userId, change }) => {
        // Episode marks do not change what a member tracks; status, score and adds do.
        if (change === 'progress') return;
        await jobs.enqueue(MEMBER_JOB, { userId }, { singletonKey: `member:${userId}` });
      });
    },
  };
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;

import {
  activityActions,
  type ActivityAction,
  type ActivityItem,
  type FeedPage,
} from '@series-tracker/contracts';
import { nowIso } from '../../lib/time';
import type { DomainEvents, EventBus, EventName, ReviewEventPayload } from '../../platform/events';
import type { Viewer } from '../../platform/policy';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { ActivityRepository, FeedRow } from './activity.repository';
import { page } from '../shows/shows.service';

/** Single episode marks of one show within this window join the entry before them. */
export const BURST_WINDOW_MS = 60 * 60 * 1000;

export function toActivityItem(r: FeedRow): ActivityItem {
  const action = (activityActions as readonly string[]).includes(r.action)
    ? (r.action as ActivityAction)
    : 'watched';
  return {
    id: r.id,
    action,
    createdAt: r.created_at,
    user: {
      id: r.u_id,
      username: r.u_username,
      displayName: r.u_display_name,
      avatarUrl: r.u_avatar_url,
    },
    show:
      r.s_id === null || r.s_title === null
        ? null
        : { id: r.s_id, title: r.s_title, coverImageUrl: r.s_poster_url },
    episode:
      r.e_id === null
        ? null
        : {
            id: r.e_id,
            seasonNumber: r.e_season,
            episodeNumber: r.e_number,
            title: r.e_title,
          },
    episodeCount: Number(r.episode_count),
    rating: r.rating === null ? null : Number(r.rating),
    content: action === 'list_created' || action === 'list_updated' ? null : r.content,
    reviewId: r.review_id,
    list:
      r.list_id !== null && (action === 'list_created' || action === 'list_updated')
        ? { id: r.list_id, name: r.content ?? '' }
        : null,
    targetUser:
      r.t_id === null || r.t_username === null
        ? null
        : {
            id: r.t_id,
            username: r.t_username,
            displayName: r.t_display_name,
            avatarUrl: r.t_avatar_url,
          },
  };
}

const within = (later: string, earlier: string) =>
  Date.parse(later) - Date.parse(earlier) <= BURST_WINDOW_MS;

export interface ActivityServiceOptions {
  repo: ActivityRepository;
  /** The one way to a transaction (ADR 141). */
  uow: UnitOfWork;
  events: EventBus;
}

/**
 * The activity log. It is written only here, from domain events of the other features (ADR
 * 090): private reviews and lists are never recorded, an entry goes when its review or list
 * goes private or away, bursts of episode marks on one show become one entry, and imported
 * things are recorded at the date they happened, never as now.
 */
export function createActivityService({ repo, uow, events }: ActivityServiceOptions) {
  async function watched(
    userId: number,
    showId: number,
    episodeIds: number[],
    at: string,
    action: 'watched' | 'rewatched' = 'watched',
  ) {
    await uow.run(async (trx) => {
      const last = await repo.latest(trx, userId);
      if (
        last &&
        last.action === action &&
        last.show_id === showId &&
        within(at, last.created_at) &&
        Date.parse(at) >= Date.parse(last.created_at)
      ) {
        const count = last.episode_count + episodeIds.length;
        await repo.update(trx, last.id, {
          episode_count: count,
          episode_id: count === 1 ? last.episode_id : null,
          created_at: at,
        });
        return;
      }
      await repo.insert(trx, {
        user_id: userId,
        action,
        show_id: showId,
        episode_id: episodeIds.length === 1 ? episodeIds[0]! : null,
        episode_count: episodeIds.length,
        created_at: at,
      });
    });
  }

  /** Unmarking right after marking takes the episodes back off the burst's entry. */
  async function unwatched(userId: number, showId: number, count: number) {
    await uow.run(async (trx) => {
      const last = await repo.latest(trx, userId);
      if (!last || last.action !== 'watched' || last.show_id !== showId) return;
      if (!within(nowIso(), last.created_at)) return;
      const left = last.episode_count - count;
      if (left <= 0) await repo.deleteById(trx, last.id);
      else await repo.update(trx, last.id, { episode_count: left, episode_id: null });
    });
  }

  /** Completion and score are read from the watchlist item after any change to it. */
  async function trackingChanged(userId: number, showId: number, change: string) {
    if (change === 'removed') return;
    await uow.run(async (trx) => {
      const item = await repo.watchlistItem(trx, userId, showId);
      if (!item) return;
      const now = nowIso();
      if (change === 'added') {
        await repo.insert(trx, {
          user_id: userId,
          action: 'added',
          show_id: showId,
          content: item.status,
          created_at: now,
        });
      }
      if (item.status === 'completed' && item.completed_at) {
        const done = await repo.latestFor(trx, userId, 'completed', showId);
        if (!done || done.created_at < item.completed_at) {
          await repo.insert(trx, {
            user_id: userId,
            action: 'completed',
            show_id: showId,
            created_at: item.completed_at,
          });
        }
      }
      if (item.score !== null && (change === 'updated' || change === 'added')) {
        const rated = await repo.latestFor(trx, userId, 'rated', showId);
        if (!rated || Number(rated.rating) !== item.score) {
          await repo.insert(trx, {
            user_id: userId,
            action: 'rated',
            show_id: showId,
            rating: item.score,
            created_at: now,
          });
        }
      }
    });
  }

  /**
   * Subscribes a recorder and, after it wrote, publishes `activity.changed` for the member whose
   * entries moved (caches of their followers' feeds go on it). A recorder returns `false` when
   * it wrote nothing.
   */
  function record<K extends EventName>(
    name: K,
    handler: (e: DomainEvents[K]) => Promise<unknown>,
    authorOf: (e: DomainEvents[K]) => number = (e) => (e as { userId: number }).userId,
  ) {
    return events.on(name, async (e) => {
      if ((await handler(e)) === false) return;
      await events.emit('activity.changed', { userIds: [authorOf(e)] });
    });
  }

  /** A public review's entry, dated when it was written (the original date if imported). */
  const reviewed = (e: ReviewEventPayload) =>
    repo.insert(repo.db, {
      user_id: e.userId,
      action: 'reviewed',
      show_id: e.showId,
      review_id: e.reviewId,
      rating: e.rating,
      content: e.title ?? null,
      created_at: e.at,
    });

  function subscribe(): () => void {
    const offs = [
      record('episode.watched', async (e) => {
        if (!e.episodeIds.length) return false;
        // An import without the viewing date would be announced as now: not recorded.
        if (e.imported && !e.at) return false;
        if (e.watched) await watched(e.userId, e.showId, e.episodeIds, e.at ?? nowIso());
        else await unwatched(e.userId, e.showId, e.episodeIds.length);
      }),
      record('episode.rewatched', async (e) => {
        if (!e.episodeIds.length) return false;
        await watched(e.userId, e.showId, e.episodeIds, e.at, 'rewatched');
      }),
      record('tracking.changed', async (e) => {
        if (e.imported || e.change === 'removed') return false;
        await trackingChanged(e.userId, e.showId, e.change);
      }),
      record('review.created', async (e) => {
        if (!e.isPublic) return false;
        await reviewed(e);
      }),
      record('review.updated', async (e) => {
        if (!e.isPublic) return void (await repo.deleteByReview(e.reviewId));
        if (await repo.hasReview(e.reviewId)) {
          await repo.updateReview(e.reviewId, e.rating, e.title ?? null);
        } else {
          // Made public now: announced when it becomes visible, at its original date if imported.
          await reviewed(e);
        }
      }),
      record('review.deleted', async (e) => void (await repo.deleteByReview(e.reviewId))),
      record('episode-review.created', async (e) => {
        await repo.insert(repo.db, {
          user_id: e.userId,
          action: 'episode_reviewed',
          show_id: e.showId,
          episode_id: e.episodeId,
          rating: e.rating,
          created_at: e.at,
        });
      }),
      record('list.created', async (e) => {
        if (!e.isPublic) return false;
        await repo.insert(repo.db, {
          user_id: e.userId,
          action: 'list_created',
          list_id: e.listId,
          content: e.name,
          created_at: e.at,
        });
      }),
      record('list.updated', async (e) => {
        if (!e.isPublic) return void (await repo.deleteByList(e.listId));
        if (e.imported) return false;
        await uow.run(async (trx) => {
          const last = await repo.latest(trx, e.userId);
          // Edits in a row to one list are one entry, moved to the latest edit.
          if (
            last &&
            last.list_id === e.listId &&
            (last.action === 'list_updated' || last.action === 'list_created') &&
            within(e.at, last.created_at)
          ) {
            await repo.update(trx, last.id, { content: e.name });
            return;
          }
          await repo.insert(trx, {
            user_id: e.userId,
            action: 'list_updated',
            list_id: e.listId,
            content: e.name,
            created_at: e.at,
          });
        });
      }),
      record('list.deleted', async (e) => void (await repo.deleteByList(e.listId))),
      // Moderation (ADR 151): reviews and lists leave through their own events (isPublic
      // false); an episode rating's entry names no rating row, so it goes here.
      record(
        'content.moderated',
        async (e) => {
          if (e.itemType !== 'episode-review' || e.episodeId === undefined) return false;
          if (e.action !== 'hide' && e.action !== 'remove') return false;
          await repo.deleteEpisodeReviewed(e.authorId, e.episodeId);
        },
        (e) => e.authorId,
      ),
      record(
        'user.followed',
        async (e) => {
          if (!e.followed) return void (await repo.deleteFollow(e.followerId, e.followeeId));
          // A follow read back from an export happened long ago: not news to anyone.
          if (e.imported) return false;
          await repo.insert(repo.db, {
            user_id: e.followerId,
            action: 'followed',
            target_user_id: e.followeeId,
            created_at: e.at,
          });
        },
        (e) => e.followerId,
      ),
    ];
    return () => offs.forEach((off) => off());
  }

  return {
    subscribe,

    async byUser(viewer: Viewer, userId: number, limit: number, offset: number) {
      const { rows, total } = await repo.byUser(viewer, userId, limit, offset);
      return page(rows.map(toActivityItem), total, limit, offset);
    },

    /**
     * The home feed: the people the viewer follows, or for `community` (and anonymous
     * visitors) every member's visible activity. One query each; `limit + 1` rows tell whether
     * more exist without counting the whole feed.
     */
    async feed(
      viewer: Viewer,
      scope: 'following' | 'community',
      limit: number,
      offset: number,
    ): Promise<FeedPage & { scope: 'following' | 'community' }> {
      const effective = viewer ? scope : 'community';
      const rows =
        effective === 'following' && viewer
          ? await repo.following(viewer, limit + 1, offset)
          : await repo.community(viewer, limit + 1, offset);
      return {
        scope: effective,
        data: rows.slice(0, limit).map(toActivityItem),
        limit,
        offset,
        hasMore: rows.length > limit,
      };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;

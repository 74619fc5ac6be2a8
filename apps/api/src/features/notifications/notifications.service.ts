import {
  calendarMessages,
  type Notification,
  type NotificationKind,
  type NotificationPage,
} from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import type { Viewer } from '../../platform/policy';
import type { NotificationsRepository } from './notifications.repository';
import type { SpoilerCheck, SpoilersService } from '../spoilers/spoilers.service';

type Row = Awaited<ReturnType<NotificationsRepository['page']>>['rows'][number];

function toNotification(r: Row): Notification {
  return {
    id: r.id,
    kind: r.kind as NotificationKind,
    createdAt: r.created_at,
    read: r.read_at !== null,
    actor:
      r.actor_id !== null && r.actor_username !== null
        ? {
            id: r.actor_id,
            username: r.actor_username,
            displayName: r.actor_display_name,
            avatarUrl: r.actor_avatar_url,
          }
        : null,
    show:
      r.show_id !== null && r.show_title !== null ? { id: r.show_id, title: r.show_title } : null,
    episode:
      r.episode_id !== null
        ? {
            id: r.episode_id,
            seasonNumber: r.season_number,
            episodeNumber: r.episode_number,
            title: r.episode_title,
          }
        : null,
    target: (r.target as Notification['target']) ?? null,
    reviewId: r.review_id,
  };
}

/** The bell shows "S2E5" of an unwatched episode, without its title (ADR 181). */
function hideSpoiler(n: Notification, showId: number | null, spoiler: SpoilerCheck): Notification {
  if (!n.episode || showId === null) return n;
  if (!spoiler({ ...n.episode, showId })) return n;
  return { ...n, episode: { ...n.episode, title: null, spoiler: true } };
}

/**
 * The bell (ADR 160): notifications written only by event subscribers (follows, likes,
 * comments, replies) and the new-episode alert job; read through policy's filter, so a block
 * hides the blocked member's notifications. Nothing imported rings (it did not happen now).
 */
export function createNotificationsService({
  repo,
  events,
  spoilers,
}: {
  repo: NotificationsRepository;
  events: EventBus;
  /** Spoiler protection (ADR 181): an unwatched episode's title never leaves the server here. */
  spoilers?: Pick<SpoilersService, 'checker'>;
}) {
  return {
    subscribe() {
      events.on('user.followed', async ({ followerId, followeeId, followed, at, imported }) => {
        if (!followed || imported || followerId === followeeId) return;
        await repo.add([
          {
            user_id: followeeId,
            kind: 'follow',
            actor_id: followerId,
            dedupe_key: `follow:${followerId}`,
            created_at: at,
          },
        ]);
      });
      events.on('review.liked', async (e) => {
        const target = e.target ?? 'review';
        const key = `like:${target}:${e.commentId ?? e.reviewId}:${e.userId}`;
        if (!e.liked) {
          // An unliked like leaves the bell if it was not seen yet.
          await repo.remove({ dedupe_key: key, user_id: e.authorId });
          return;
        }
        if (e.userId === e.authorId) return;
        const episode =
          target === 'episode-review' ? await repo.episodeOfEpisodeReview(e.reviewId) : null;
        await repo.add([
          {
            user_id: e.authorId,
            kind: 'like',
            actor_id: e.userId,
            target,
            review_id: target === 'episode-review' ? null : e.reviewId,
            comment_id: e.commentId ?? null,
            episode_id: episode?.episode_id ?? null,
            show_id: episode?.show_id ?? null,
            dedupe_key: key,
            created_at: e.at ?? nowIso(),
          },
        ]);
      });
      events.on('comment.created', async (e) => {
        const rows = [];
        if (e.repliedToId && e.repliedToId !== e.userId)
          rows.push({
            user_id: e.repliedToId,
            kind: 'reply',
            actor_id: e.userId,
            review_id: e.reviewId,
            comment_id: e.commentId,
            dedupe_key: `comment:${e.commentId}`,
            created_at: e.at,
          });
        if (e.reviewAuthorId !== e.userId && e.reviewAuthorId !== e.repliedToId)
          rows.push({
            user_id: e.reviewAuthorId,
            kind: 'comment',
            actor_id: e.userId,
            review_id: e.reviewId,
            comment_id: e.commentId,
            dedupe_key: `comment:${e.commentId}`,
            created_at: e.at,
          });
        await repo.add(rows);
      });
      // What was deleted no longer rings.
      events.on('comment.deleted', ({ commentId }) => repo.remove({ comment_id: commentId }));
      events.on('review.deleted', ({ reviewId }) => repo.remove({ review_id: reviewId }));
    },

    /** From the alert job: an episode of a show the member watches has aired. */
    async episodesAired(
      items: { userId: number; showId: number; episodeId: number; at: string }[],
    ) {
      return repo.add(
        items.map((i) => ({
          user_id: i.userId,
          kind: 'episode',
          show_id: i.showId,
          episode_id: i.episodeId,
          dedupe_key: `episode:${i.episodeId}`,
          created_at: i.at,
        })),
      );
    },

    async list(viewer: Viewer, limit: number, offset: number): Promise<NotificationPage> {
      const { rows, total, unread } = await repo.page(viewer, limit, offset);
      const spoiler =
        spoilers && viewer
          ? await spoilers.checker(
              viewer.id,
              rows.flatMap((r) => (r.show_id !== null ? [r.show_id] : [])),
            )
          : () => false;
      return {
        data: rows.map((r) => hideSpoiler(toNotification(r), r.show_id, spoiler)),
        total,
        limit,
        offset,
        hasMore: offset + rows.length < total,
        unreadCount: unread,
      };
    },

    unreadCount: (viewer: Viewer) => repo.unreadCount(viewer),

    async markRead(viewer: Viewer, id: number) {
      if (!(await repo.exists(viewer, id))) throw notFound(calendarMessages.notificationNotFound);
      await repo.markRead(viewer, nowIso(), id);
      return { unreadCount: await repo.unreadCount(viewer) };
    },

    async markAllRead(viewer: Viewer) {
      await repo.markRead(viewer, nowIso());
      return { unreadCount: 0 };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

import { cacheTags } from '../platform/cache-tags';
import type { EventBus } from '../platform/events';
import type { ResponseCache } from './response-cache.store';

/**
 * Drops exactly the cached responses a domain change affects:
 * - `show.counters.changed` (a show's totalUsers/favourites moved): that show's page, episodes,
 *   similar shows and episode pages; the platform figures (favourites).
 * - `tracking.changed`: that show's entries (its counters may follow from the change).
 * - `catalog.refreshed`: the same for every refreshed show; the platform figures (show count,
 *   average rating); every show search when shows were added (a search that came back before
 *   TVmaze answered then finds them at once).
 * - `user.changed` (joined, profile or visibility changed, left): answers listing users (global
 *   search) and the platform figures.
 * Lists, trending and searches that merely include a show keep their entry until its TTL
 * (30–300 s): they rank many shows and one counter rarely changes them.
 * Every server drops these (onEveryServer: events of other servers arrive over Redis when it
 * is configured). Returns the unsubscribe (an app closing leaves the bus it was given).
 */
export function subscribeResponseCache(
  events: EventBus,
  cache: ResponseCache,
  people?: {
    /** Who follows this member: their home feeds show the member's activity. */
    followersOf(userId: number): Promise<number[]>;
  },
): () => void {
  const off = [
    events.onEveryServer('show.counters.changed', ({ showIds }) =>
      cache.invalidateTags([...showIds.map(cacheTags.show), cacheTags.stats]),
    ),
    events.onEveryServer('tracking.changed', ({ showId }) =>
      cache.invalidateTags([cacheTags.show(showId)]),
    ),
    events.onEveryServer('catalog.refreshed', ({ showIds, added }) =>
      cache.invalidateTags([
        ...showIds.map(cacheTags.show),
        cacheTags.stats,
        ...(added?.length ? [cacheTags.showSearch] : []),
      ]),
    ),
    events.onEveryServer('user.changed', () =>
      cache.invalidateTags([cacheTags.users, cacheTags.stats]),
    ),
    // A deleted account's rows moved counters everywhere (shows' members and review counts,
    // lists' followers, reviews' likes) inside its erasure transaction; deletions are rare, so
    // every cached answer goes rather than each feature naming what it touched.
    events.onEveryServer('user.changed', ({ change }) => {
      if (change === 'deleted') cache.clear();
    }),
    // Lists (issue 10): list pages carry counts, covers and owners' names; stats count lists.
    events.onEveryServer('list.created', () =>
      cache.invalidateTags([cacheTags.lists, cacheTags.stats]),
    ),
    events.onEveryServer('list.updated', ({ listId }) =>
      cache.invalidateTags([cacheTags.lists, cacheTags.list(listId), cacheTags.stats]),
    ),
    events.onEveryServer('list.deleted', ({ listId }) =>
      cache.invalidateTags([cacheTags.lists, cacheTags.list(listId), cacheTags.stats]),
    ),
    events.onEveryServer('list.followed', ({ listId }) =>
      cache.invalidateTags([cacheTags.lists, cacheTags.list(listId)]),
    ),
    events.onEveryServer('user.changed', () => cache.invalidateTags([cacheTags.lists])),
    // Reviews: a show's Reviews count and rating, the platform's count, review searches (which
    // also show authors' names).
    ...(['review.created', 'review.updated', 'review.deleted'] as const).map((name) =>
      events.onEveryServer(name, ({ showId }) =>
        cache.invalidateTags([cacheTags.show(showId), cacheTags.stats, cacheTags.reviews]),
      ),
    ),
    // Counts shown on reviews move with likes and comments.
    ...(['review.liked', 'comment.created', 'comment.deleted'] as const).map((name) =>
      events.onEveryServer(name, () => cache.invalidateTags([cacheTags.reviews])),
    ),
    events.onEveryServer('user.changed', () => cache.invalidateTags([cacheTags.reviews])),
    // People (ADR 090): follows move the platform and engagement figures. Episode marks only
    // age them (60 s): dropping every figure on every mark would keep them uncached.
    events.onEveryServer('user.followed', () => cache.invalidateTags([cacheTags.stats])),

    // Per-viewer answers (ADR 091). Profiles: a member's counts move with their follows,
    // tracking, reviews and lists; the viewer's follow and block state with follows and blocks.
    // Feeds: a member's new, grown or removed entries reach their followers' home feeds and
    // the community feed; a follow, unfollow or block changes whose entries a feed holds.
    events.onEveryServer('activity.changed', async ({ userIds }) => {
      const tags: string[] = [cacheTags.communityFeed];
      for (const userId of userIds) {
        tags.push(cacheTags.feed(userId));
        for (const follower of (await people?.followersOf(userId)) ?? [])
          tags.push(cacheTags.feed(follower));
      }
      cache.invalidateTags(tags);
    }),
    events.onEveryServer('user.followed', ({ followerId, followeeId }) =>
      cache.invalidateTags([
        cacheTags.person(followerId),
        cacheTags.person(followeeId),
        cacheTags.feed(followerId),
      ]),
    ),
    events.onEveryServer('user.blocked', ({ blockerId, blockedId }) =>
      cache.invalidateTags([
        cacheTags.person(blockerId),
        cacheTags.person(blockedId),
        cacheTags.feed(blockerId),
        cacheTags.feed(blockedId),
        cacheTags.communityFeed,
      ]),
    ),
    // Names, avatars and privacy show in every feed that holds the member's entries (or
    // names them as followed): profile edits are rare, so all feeds go.
    events.onEveryServer('user.changed', ({ userId, change }) => {
      if (change !== 'registered')
        cache.invalidateTags([cacheTags.person(userId), cacheTags.feeds]);
    }),
    events.onEveryServer('tracking.changed', ({ userId }) =>
      cache.invalidateTags([cacheTags.person(userId)]),
    ),
    ...(['review.created', 'review.updated', 'review.deleted'] as const).map((name) =>
      events.onEveryServer(name, ({ userId }) => cache.invalidateTags([cacheTags.person(userId)])),
    ),
    ...(['list.created', 'list.updated', 'list.deleted'] as const).map((name) =>
      events.onEveryServer(name, ({ userId }) => cache.invalidateTags([cacheTags.person(userId)])),
    ),
    // A member's own pages (history, Up Next, statistics; issue 32): their marks, plays,
    // watchlist, ratings and the settings those pages read; shows' titles and episodes.
    ...(
      [
        'tracking.changed',
        'episode.watched',
        'episode.rewatched',
        'plays.changed',
        'ratings.changed',
        'preferences.changed',
      ] as const
    ).map((name) =>
      events.onEveryServer(name, ({ userId }) => cache.invalidateTags([cacheTags.mine(userId)])),
    ),
    events.onEveryServer('catalog.refreshed', () => cache.invalidateTags([cacheTags.tracked])),
    // Feeds show shows' titles and posters and episodes' titles.
    events.onEveryServer('catalog.refreshed', () => cache.invalidateTags([cacheTags.feeds])),
    // Moderation (ADR 151): what a moderator hid leaves every shared and per-viewer answer that
    // could hold it, within the request that hid it.
    events.onEveryServer('content.moderated', ({ authorId, action }) => {
      if (action === 'dismiss') return;
      cache.invalidateTags([
        cacheTags.reviews,
        cacheTags.lists,
        cacheTags.stats,
        cacheTags.users,
        cacheTags.feeds,
        cacheTags.person(authorId),
      ]);
    }),
  ];
  return () => off.forEach((unsubscribe) => unsubscribe());
}

import type { FastifyBaseLogger } from 'fastify';

/**
 * Every domain event and its payload. A feature adds its events here; subscribers (cache
 * invalidation, trending, later activity and mail) react to them instead of the feature
 * calling into them. Events are published after the transaction that caused them commits, so
 * a subscriber never sees a change that was rolled back.
 */
export interface DomainEvents {
  /** Episodes were marked (watched: true) or unmarked (false) by a user. */
  'episode.watched': {
    userId: number;
    showId: number;
    episodeIds: number[];
    watched: boolean;
    /** Written by an import with the file's own dates: never announce it as happening now. */
    /** Imports may say when it was watched; activity records it then (ADR 090). */
    at?: string;
    imported?: boolean;
  };
  /**
   * One more play of episodes the user had already watched ("Watch again", a scrobble): no
   * progress changed, so no episode.watched; `at` is when the play happened.
   */
  'episode.rewatched': { userId: number; showId: number; episodeIds: number[]; at: string };
  /** A user's watchlist item for a show was created, changed or removed. */
  'tracking.changed': {
    userId: number;
    showId: number;
    change: 'added' | 'updated' | 'removed' | 'progress';
    /** Written by an import (original dates kept): never announce it as happening now. */
    imported?: boolean;
  };
  /**
   * A member's settings that shape what their own pages read back changed: the calendar's time
   * zone (statistics), spoiler protection (Up Next), where-to-watch country and services.
   */
  'preferences.changed': { userId: number; what: 'calendar' | 'spoilers' | 'watch' };
  /**
   * A member's plays (their diary) changed: one added, re-dated or deleted, even of a show no
   * longer on their watchlist (no tracking.changed then).
   */
  'plays.changed': { userId: number };
  /** Counters kept on shows (total users, favourites) moved. */
  'show.counters.changed': { showIds: number[] };
  /** Catalogue rows of these shows (details, episodes) were written by an import or a sync. */
  'catalog.refreshed': {
    showIds: number[];
    source: 'tvmaze' | 'import';
    /** Of showIds, the shows that are new to the catalogue (search and lookups add shows). */
    added?: number[];
  };
  /**
   * A user joined, or what others may see of them (username, display name, avatar, whether
   * the profile is public) changed, or they left. Publish it from every such write: cached
   * search results that list users are dropped on it.
   */
  'user.changed': { userId: number; change: 'registered' | 'profile' | 'deleted' };

  // Community events. `isPublic` says whether others may see the thing: subscribers that make
  // something visible (activity, notifications) must drop private ones. `at` is when it
  // happened (ISO 8601 UTC); imports pass the original date and `imported: true`, and nothing
  // imported is announced as if it happened now.
  /** A review was written (or imported). */
  'review.created': ReviewEventPayload;
  /** A review's text, rating, spoiler flag or visibility changed. */
  'review.updated': ReviewEventPayload;
  'review.deleted': { reviewId: number; userId: number; showId: number };
  /** Likes on reviews, episode reviews and comments; `liked: false` for an unlike. */
  'review.liked': {
    reviewId: number;
    userId: number;
    authorId: number;
    liked: boolean;
    /**
     * What was liked (absent: a review). For a comment, `reviewId` is its review and
     * `commentId` the comment; for an episode review, `reviewId` is the episode review's id.
     */
    target?: 'review' | 'comment' | 'episode-review';
    commentId?: number;
    at?: string;
  };
  'episode-review.created': {
    episodeReviewId: number;
    userId: number;
    showId: number;
    episodeId: number;
    rating: number;
    at: string;
  };
  /**
   * A member's own rating of a show (watchlist score), season or episode was set, changed or
   * removed (ADR 171): last-activity stamps follow it. Not for feeds (episode-review.created
   * and review events carry what others may see).
   */
  'ratings.changed': { userId: number; kind: 'show' | 'season' | 'episode' };
  'comment.created': {
    commentId: number;
    reviewId: number;
    userId: number;
    parentId: number | null;
    /** The author of the comment this one answers (null for a top-level comment). */
    repliedToId?: number | null;
    reviewAuthorId: number;
    reviewIsPublic: boolean;
    at: string;
  };
  'comment.deleted': { commentId: number; reviewId: number; userId: number };
  'list.created': ListEventPayload;
  'list.updated': ListEventPayload & { change?: 'details' | 'items' | 'order' | 'visibility' };
  'list.deleted': { listId: number; userId: number };
  'list.followed': { listId: number; userId: number; ownerId: number; followed: boolean };
  /** `followed: false` for an unfollow. */
  'user.followed': {
    followerId: number;
    followeeId: number;
    followed: boolean;
    at: string;
    /** A follow read back from an export (imports): never announced as activity. */
    imported?: boolean;
  };
  /** `blocked: false` when the block is lifted. (Follows it ended come as `user.followed`.) */
  'user.blocked': { blockerId: number; blockedId: number; blocked: boolean };
  /**
   * The activity log changed: entries of these members were added, grown, edited or removed
   * (published by the activity recorder after its write, so feeds cached for their followers
   * can go).
   */
  'activity.changed': { userIds: number[] };
  /**
   * A member's sessions, or the account data a session carries (email, its verification,
   * password), changed: signed-in state cached for their tokens must be read again. Sign-out
   * and token refresh drop their own session directly (auth service).
   */
  'sessions.changed': { userId: number };
  /** One session ended (sign-out, token refresh): its token must not be answered from memory. */
  'session.revoked': { tokenHash: string };
  /**
   * A moderator acted (ADR 151): hid, removed or marked something, or suspended a member
   * (`itemType: 'profile'`). Published after commit, beside the feature events the change
   * implies (review.updated with isPublic false, comment.deleted, list.updated), so caches and
   * feeds drop it; the author's mail hangs off this one.
   */
  'content.moderated': {
    itemType: 'review' | 'episode-review' | 'comment' | 'list' | 'profile';
    itemId: number;
    authorId: number;
    action: 'dismiss' | 'hide' | 'spoiler' | 'remove' | 'suspend' | 'unsuspend';
    /** Episode reviews: which episode (activity drops its entry). */
    episodeId?: number;
    /** The audit log entry (moderation_actions.id): the author's mail is written from it. */
    actionId: number;
  };
}

export interface ReviewEventPayload {
  reviewId: number;
  userId: number;
  showId: number;
  rating: number;
  isPublic: boolean;
  at: string;
  imported?: boolean;
  /** The review's title, shown in activity feeds. */
  title?: string;
}

export interface ListEventPayload {
  listId: number;
  userId: number;
  name: string;
  isPublic: boolean;
  at: string;
  imported?: boolean;
  /** Shows put on the list by this change (created with items, an item added). */
  showIds?: number[];
}

export type EventName = keyof DomainEvents;
export type EventHandler<K extends EventName> = (payload: DomainEvents[K]) => void | Promise<void>;

/** Carries events between app servers (platform/event-bridge.ts, Redis pub/sub). */
export interface EventBridge {
  publish(name: EventName, payload: unknown): void;
}

export interface EventBus {
  on<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  /**
   * Like `on`, and also for the same event emitted on any other app server (through the
   * bridge, when one is connected): for what every server keeps in memory and must drop —
   * cached answers, signed-in state. Never for side effects that must happen once (mail,
   * activity rows): those stay `on`, run by the server that made the change.
   */
  onEveryServer<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  /** From now on, events with every-server subscribers are also published to other servers. */
  connect(bridge: EventBridge): void;
  /** An event another server emitted: runs only the every-server subscribers. */
  deliverRemote(name: EventName, payload: unknown): Promise<void>;
  /**
   * Runs every subscriber of `name` in subscription order and resolves when they are done.
   * Call it after commit. A subscriber that throws is logged and skipped: a side effect never
   * fails the change that caused it.
   */
  emit<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void>;
}

type AnyHandler = (payload: unknown) => void | Promise<void>;

export function createEventBus(log?: Pick<FastifyBaseLogger, 'error'>): EventBus {
  const handlers = new Map<EventName, AnyHandler[]>();
  const everyServer = new Map<EventName, AnyHandler[]>();
  let bridge: EventBridge | null = null;
  const add = (map: Map<EventName, AnyHandler[]>, name: EventName, handler: AnyHandler) => {
    map.set(name, [...(map.get(name) ?? []), handler]);
    return () =>
      map.set(
        name,
        (map.get(name) ?? []).filter((h) => h !== handler),
      );
  };
  const run = async (name: EventName, list: AnyHandler[], payload: unknown) => {
    for (const handler of list) {
      try {
        await handler(payload);
      } catch (err) {
        log?.error({ err, event: name }, 'event subscriber failed');
      }
    }
  };
  return {
    on: (name, handler) => add(handlers, name, handler as AnyHandler),
    onEveryServer: (name, handler) => add(everyServer, name, handler as AnyHandler),
    connect(b) {
      bridge = b;
    },
    async emit(name, payload) {
      await run(name, [...(handlers.get(name) ?? []), ...(everyServer.get(name) ?? [])], payload);
      if (bridge && everyServer.get(name)?.length) bridge.publish(name, payload);
    },
    async deliverRemote(name, payload) {
      await run(name, everyServer.get(name) ?? [], payload);
    },
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { etagMatches, prepare, setCacheHeaders } from './response-cache.http';
import {
  createEntryStore,
  type Entry,
  type RequestState,
  type ResponseCache,
} from './response-cache.store';

export { COMPRESS_THRESHOLD, pickEncoding } from './response-cache.http';
export type { ResponseCache } from './response-cache.store';
export { subscribeResponseCache } from './response-cache.invalidation';

export interface RouteCacheConfig {
  ttlSeconds: number;
  /**
   * For `viewer` routes: cache what anonymous visitors get (one answer for all of them) and
   * never touch requests that carry credentials, whose answers depend on who asks (review
   * feeds and pages, ADR 070; a list's detail and items, ADR 080).
   */
  anonymousOnly?: boolean;
  /**
   * For `viewer` routes whose answer depends on who asks (a profile's follow state, a home
   * feed): each signed-in member's answer is kept under their own key, anonymous visitors
   * share one. The token is looked up before the cache (so `tags` may name the viewer), and
   * the events must drop every entry a change affects (ADR 091).
   */
  perViewer?: boolean;
  /** Tags of this URL's response, from its (raw) params and query; handlers may add more. */
  tags?: (request: FastifyRequest) => string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this GET route's 200 responses by URL for `ttlSeconds` (shared by all viewers). */
    cache?: RouteCacheConfig;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
  interface FastifyRequest {
    responseCacheState: RequestState | null;
  }
}

export interface ResponseCacheOptions {
  enabled: boolean;
  /** Memory budget: bodies are counted twice, for the compressed copies made on demand. */
  maxBytes: number;
  /**
   * Keep signed-in members' own answers of `perViewer` routes (ADR 091). Off: those routes
   * cache only what anonymous visitors get, as `anonymousOnly` routes do.
   */
  perViewer?: boolean;
}

/**
 * Catalogue reads are the same for every viewer and change rarely, so their serialised JSON is
 * kept in process memory: a hit skips the database, the serialiser and (for compressed
 * answers after the first) the compressor. Only routes that opt in (route config `cache`) are
 * cached, and only `public` ones may (their answer never depends on who asks).
 * - Single flight: concurrent misses for one URL run the handler once; the others wait for it.
 * - Invalidation by tag through domain events (subscribeResponseCache); everything else
 *   (lists and searches that merely include a show) lives for its TTL.
 * See docs/decisions/060-response-cache-and-speed.md.
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, opts: ResponseCacheOptions) => {
    const store = createEntryStore(opts.maxBytes);
    app.decorate('responseCache', store.api);
    app.decorateRequest('responseCacheState', null);

    function serve(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
      void reply.header('x-cache', 'hit');
      if (etagMatches(request.headers['if-none-match'], entry.etag)) {
        setCacheHeaders(request, reply, entry.etag);
        void reply.status(304).send();
        return;
      }
      const body = prepare(request, reply, entry);
      void reply.type('application/json; charset=utf-8').send(body);
    }

    async function onRequest(request: FastifyRequest, reply: FastifyReply) {
      if (request.method !== 'GET') return;
      const cfg = request.routeOptions.config.cache;
      // A signed-in (or would-be) viewer's answer is theirs alone: neither read nor stored,
      // unless the route keeps one per viewer and this server may (ADR 091).
      const personalRoute = cfg?.perViewer && opts.perViewer !== false;
      if (
        (cfg?.anonymousOnly || (cfg?.perViewer && !personalRoute)) &&
        request.headers.authorization
      )
        return;
      // A signed-in route has no anonymous answer: without a member the route answers 401.
      const membersOnly = request.routeOptions.config.access === 'signed-in';
      if (membersOnly && (!personalRoute || !request.headers.authorization)) return;
      let key = request.url;
      let personal = false;
      if (personalRoute && request.headers.authorization) {
        // Who asks decides the key (a bad token is answered as an anonymous visitor is).
        await request.server.optionalUser(request);
        // An API token without `read` is refused by the route (platform/access.ts), never served.
        if (request.auth?.apiToken && !request.auth.apiToken.scopes.includes('read')) return;
        if (request.auth) {
          key = `@${request.auth.user.id} ${key}`;
          personal = true;
        }
      }
<<<<<<< HEAD
      if (membersOnly && !personal) return;
      let entry = cache.get(key);
=======
      let entry = store.get(key);
>>>>>>> platform
      // Another request is computing this answer: wait for it rather than run the handler
      // again. When it fails, one of the waiters takes over and the rest wait for that one.
      for (let waits = 0; entry === undefined && waits < 3; waits++) {
        const flight = store.flight(key);
        if (!flight) break;
        entry = (await flight.promise) ?? store.get(key);
      }
      if (entry !== undefined) {
        request.responseCacheState = {
          key,
          personal,
          tags: [],
          generation: store.generation(),
          hit: true,
          flight: null,
        };
        serve(request, reply, entry);
        return reply;
      }
      const tags = request.routeOptions.config.cache?.tags?.(request) ?? [];
      const flight = store.lead(key, tags);
      const state: RequestState = {
        key,
        personal,
        tags,
        generation: store.generation(),
        hit: false,
        flight,
      };
      request.responseCacheState = state;
      // A leader that ends without storing (client gone, hook error) must not leave others
      // waiting on it. Listeners only on leaders: hits pay nothing for this.
      if (flight) {
        const release = () => store.land(state, null);
        reply.raw.once('finish', release);
        reply.raw.once('close', release);
      }
    }

    async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const state = request.responseCacheState;
      if (!state || state.hit) return payload;
      if (reply.statusCode !== 200 || typeof payload !== 'string') {
        store.land(state, null);
        return payload;
      }
      // Kept as bytes: a hit then writes them as they are, with no UTF-8 encoding per request.
      const body = Buffer.from(payload);
      const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
      const entry: Entry = { body, etag, tags: [...new Set(state.tags)] };
      const cfg = request.routeOptions.config.cache!;
      store.keep(state, entry, cfg.ttlSeconds * 1000);
      store.land(state, entry);
      void reply.header('x-cache', 'miss');
      if (etagMatches(request.headers['if-none-match'], etag)) {
        setCacheHeaders(request, reply, etag);
        void reply.status(304);
        return null;
      }
      return prepare(request, reply, entry);
    }

    const hooks = (existing: unknown): unknown[] =>
      existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];

    // Hooks only on the routes that opt in, so every other request pays nothing for the cache.
    app.addHook('onRoute', (route) => {
      if (!route.config?.cache) return;
      // One answer for everyone is only right when nobody's identity shapes it.
      const anonymousView =
        route.config.access === 'viewer' &&
        (route.config.cache.anonymousOnly || route.config.cache.perViewer);
      // A member's own answer (their history, Up Next, statistics) is kept under their key only.
      const ownView = route.config.access === 'signed-in' && route.config.cache.perViewer;
      if (route.config.access !== 'public' && !anonymousView && !ownView)
        throw new Error(
          `${route.url}: only routes with access 'public' (or 'viewer' with anonymousOnly or perViewer, or 'signed-in' with perViewer) may use the response cache`,
        );
      if (!opts.enabled) return;
      const r = route as unknown as Record<string, unknown>;
      r.onRequest = [onRequest, ...hooks(r.onRequest)];
      // First of the route's onSend hooks, so @fastify/compress sees what this one returns.
      r.onSend = [onSend, ...hooks(r.onSend)];
    });
  },
  { name: 'response-cache' },
);
<<<<<<< HEAD

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
=======
>>>>>>> platform

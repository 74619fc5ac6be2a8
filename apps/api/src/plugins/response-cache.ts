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
      if (membersOnly && !personal) return;
      let entry = store.get(key);
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

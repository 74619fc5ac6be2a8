import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this GET route's 200 responses by URL for `ttlSeconds` (shared by all viewers). */
    cache?: { ttlSeconds: number };
  }
  interface FastifyInstance {
    responseCache: {
      clear(): void;
      /** Drops entries whose URL starts with this path, e.g. `/api/shows/42` (and its `?…`, `/similar`). */
      invalidate(pathPrefix: string): void;
      size(): number;
    };
  }
}

/**
 * Catalogue reads are the same for every viewer and change rarely, so their serialised JSON is
 * kept in process memory for a short time: a hit skips the database and the serialiser. Only
 * routes that opt in (route config `cache`) and never vary by viewer are cached. Writes made by
 * this process clear the cache (`app.responseCache.clear()`); other processes' writes show after
 * at most the TTL.
 */
/**
 * Browsers must ask again every time (a user who just tracked a show expects its count to move),
 * but an unchanged response costs them only a 304 thanks to the ETag.
 */
const BROWSER_CACHE = 'no-cache';

export const responseCachePlugin = fp(
  async (app: FastifyInstance, opts: { maxEntries: number; enabled: boolean }) => {
    const cache = new LRUCache<string, { body: string; etag: string }>({ max: opts.maxEntries });
    app.decorate('responseCache', {
      clear: () => cache.clear(),
      invalidate(pathPrefix: string) {
        for (const key of cache.keys()) {
          if (
            key === pathPrefix ||
            key.startsWith(`${pathPrefix}/`) ||
            key.startsWith(`${pathPrefix}?`)
          )
            cache.delete(key);
        }
      },
      size: () => cache.size,
    });
    if (!opts.enabled) return;

    app.addHook('onRequest', async (request, reply) => {
      const cfg = request.routeOptions.config.cache;
      if (!cfg || request.method !== 'GET') return;
      const hit = cache.get(request.url);
      if (hit === undefined) return;
      void reply
        .header('cache-control', BROWSER_CACHE)
        .header('etag', hit.etag)
        .header('x-cache', 'hit');
      if (request.headers['if-none-match'] === hit.etag) return reply.status(304).send();
      void reply.type('application/json; charset=utf-8').send(hit.body);
      return reply;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const cfg = request.routeOptions.config.cache;
      if (!cfg || request.method !== 'GET' || reply.statusCode !== 200) return payload;
      if (reply.getHeader('x-cache') === 'hit' || typeof payload !== 'string') return payload;
      const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
      cache.set(request.url, { body: payload, etag }, { ttl: cfg.ttlSeconds * 1000 });
      void reply
        .header('cache-control', BROWSER_CACHE)
        .header('etag', etag)
        .header('x-cache', 'miss');
      return payload;
    });
  },
  { name: 'response-cache' },
);

import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Logger } from './logger';

/*
 * @fastify/rate-limit's own stores (plain CommonJS, not in its type exports): Redis for budgets
 * shared by every server, a per-process LRU otherwise.
 */
const require = createRequire(import.meta.url);
type Callback = (err: Error | null, res: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreClass = new (...args: unknown[]) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreClass;

/**
 * Redis-shared budgets that fall back to this server's own budget while Redis is down (issue
 * 20): a limited route keeps a limit (per server) instead of letting everything through, and
 * a request never waits on a dead Redis (its commands fail fast: platform/redis.ts). Logged
 * once per outage; Redis is used again as soon as it answers.
 */
export function fallbackRateLimitStore(
  redis: Redis,
  nameSpace: string,
  log: Pick<Logger, 'warn' | 'info'>,
): FastifyRateLimitStoreCtor {
  let down = false;
  const pair = (shared: Store, local: Store): Store => ({
    incr(key, cb, timeWindow, max) {
      shared.incr(
        key,
        (err, res) => {
          if (!err) {
            if (down) log.info({}, 'Redis is back; rate limits are shared again');
            down = false;
            return cb(null, res);
          }
          if (!down)
            log.warn({ err: err.message }, 'Redis unavailable; rate limits are per server');
          down = true;
          local.incr(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    },
    read(key, cb, timeWindow, max) {
      shared.read!(
        key,
        (err, res) => (err ? local.read!(key, cb, timeWindow, max) : cb(null, res)),
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => pair(shared.child(routeOptions), local.child(routeOptions)),
  });
  // The plugin constructs the store with its global options (continueExceeding, backoff).
  return class FallbackStore {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin passes its resolved global params, which carry these two flags.
      const params = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      const continueExceeding = Boolean(params.continueExceeding);
      const backoff = Boolean(params.exponentialBackoff);
      return pair(
        new RedisStore(continueExceeding, backoff, redis, nameSpace),
        new LocalStore(continueExceeding, backoff, 5000),
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

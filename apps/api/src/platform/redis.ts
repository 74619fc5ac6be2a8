import { Redis } from 'ioredis';
import type { AppConfig } from '../config';

/**
 * One Redis connection for the app's shared state (rate-limit budgets), or null without
 * REDIS_URL. Commands fail after one retry while Redis is down, so an outage stalls no request for long; callers decide what failing open means for them.
 */
export function createRedis(
  config: Pick<AppConfig, 'redisUrl'>,
  log: { warn(obj: object, msg?: string): void },
): Redis | null {
  if (!config.redisUrl) return null;
  const redis = new Redis(config.redisUrl, {
    connectTimeout: 1000,
    // While Redis is down a command fails at once (no offline queue, no retry per request), and
    // one that gets no answer gives up after 250 ms: a sign-in never waits seconds on a dead
    // Redis (issue 20). Callers fall back to per-server budgets and memory.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 250,
    // Reconnect in the background: quickly at first, then every 2 s until it is back.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  let warned = false;
  redis.on('error', (err: Error) => {
    if (warned) return;
    warned = true;
    log.warn({ err: err.message }, 'Redis unavailable; limits and budgets are per server');
  });
  redis.on('ready', () => {
    warned = false;
  });
  return redis;
}

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
    // Commands sent before the connection is up wait for it; while Redis is down they fail
    // after one reconnection attempt instead of queueing forever.
    maxRetriesPerRequest: 1,
  });
  let warned = false;
  redis.on('error', (err: Error) => {
    if (warned) return;
    warned = true;
    log.warn({ err: err.message }, 'Redis unavailable; rate limits let requests through');
  });
  redis.on('ready', () => {
    warned = false;
  });
  return redis;
}

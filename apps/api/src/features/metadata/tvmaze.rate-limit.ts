import type { Redis } from 'ioredis';
import { createTokenBucket, type RateLimiter } from './tvmaze.client';
import type { Logger } from '../../platform/logger';

/**
 * GCRA ("virtual scheduling") in one Redis script: every app server takes its TVmaze calls
 * from one budget, so N servers together stay under TVmaze's ~20 calls per 10 s per IP.
 * The key holds the theoretical arrival time (ms, Redis's own clock so servers' clocks do
 * not matter). Answers 0 when a call may go now, else how many ms to wait before asking again.
 */
const GCRA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local wait = tat - burst - now
if wait > 0 then return wait end
local next = tat + interval
redis.call('SET', KEYS[1], next, 'PX', math.ceil(next - now + 1000))
return 0
`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface SharedLimiterOptions {
  redis: Redis;
  key: string;
  /** Calls allowed at once (and per interval). */
  capacity?: number;
  intervalMs?: number;
  log?: Pick<Logger, 'warn'>;
}

/**
 * TVmaze's rate limit shared by every app server through Redis. While Redis cannot be
 * reached, this process falls back to its own bucket (the same budget per server: several
 * servers may then exceed it briefly, and the client's 429 backoff absorbs that).
 */
export function createSharedTvmazeLimiter(options: SharedLimiterOptions): RateLimiter {
  const capacity = options.capacity ?? 20;
  const intervalMs = options.intervalMs ?? 10_000;
  const emission = intervalMs / capacity;
  const burst = emission * (capacity - 1);
  const local = createTokenBucket(capacity, intervalMs);
  let warned = false;
  return {
    async take() {
      for (;;) {
        let wait: number;
        try {
          wait = Number(await options.redis.eval(GCRA, 1, options.key, emission, burst));
          warned = false;
        } catch (err) {
          if (!warned)
            options.log?.warn(
              { err: err instanceof Error ? err.message : String(err) },
              'Redis unavailable; TVmaze calls use this server’s own rate limit',
            );
          warned = true;
          return local.take();
        }
        if (!(wait > 0)) return;
        await sleep(Math.ceil(wait));
      }
    },
  };
}

import type { Redis } from 'ioredis';

/**
 * Counts attempts per key in a fixed window (wrong passwords per account, reset mails per
 * address): in Redis when the app servers share one (one budget across servers), else in
 * process memory. While Redis is down, this server counts in its own memory.
 */
export interface AttemptCounter {
  /** Attempts recorded for `key` in its current window. */
  count(key: string): Promise<number>;
  /** Records one attempt; returns the count including it. */
  hit(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createAttemptCounter(
  redis: Redis | null,
  prefix: string,
  log?: { warn(obj: object, msg?: string): void },
): AttemptCounter {
  if (!redis) return memoryCounter();
  // While Redis is down the budgets are this server's own (issue 20): still counted, never
  // waiting on Redis (its commands fail fast), logged once per outage.
  const memory = memoryCounter();
  let down = false;
  const fallback = (err: unknown) => {
    if (!down)
      log?.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'Redis unavailable; attempt budgets are per server',
      );
    down = true;
    return memory;
  };
  const k = (key: string) => `${prefix}attempts:${key}`;
  return {
    async count(key) {
      try {
        const n = Number((await redis.get(k(key))) ?? 0);
        down = false;
        return n;
      } catch (err) {
        return fallback(err).count(key);
      }
    },
    async hit(key, windowMs) {
      try {
        // The first attempt opens the window (SET NX PX); the rest count inside it.
        const results = await redis
          .multi()
          .set(k(key), 0, 'PX', windowMs, 'NX')
          .incr(k(key))
          .exec();
        down = false;
        return Number(results?.[1]?.[1] ?? 0);
      } catch (err) {
        return fallback(err).hit(key, windowMs);
      }
    },
    async reset(key) {
      await memory.reset(key);
      await redis.del(k(key)).catch(() => undefined);
    },
  };
}

function memoryCounter(): AttemptCounter {
  const windows = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.until <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async count(key) {
      return live(key)?.n ?? 0;
    },
    async hit(key, windowMs) {
      // Expired windows of other keys go as new ones come, so the map stays small.
      if (windows.size > 10_000) for (const other of [...windows.keys()]) live(other);
      const w = live(key) ?? { n: 0, until: Date.now() + windowMs };
      w.n++;
      windows.set(key, w);
      return w.n;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

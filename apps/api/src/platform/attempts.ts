import type { Redis } from 'ioredis';

/**
 * Counts attempts per key in a fixed window (wrong passwords per account, reset mails per
 * address): in Redis when the app servers share one (one budget across servers), else in
 * process memory. A Redis failure lets the attempt through, as the per-address limits do.
 */
export interface AttemptCounter {
  /** Attempts recorded for `key` in its current window. */
  count(key: string): Promise<number>;
  /** Records one attempt; returns the count including it. */
  hit(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createAttemptCounter(redis: Redis | null, prefix: string): AttemptCounter {
  if (redis) {
    const k = (key: string) => `${prefix}attempts:${key}`;
    return {
      async count(key) {
        try {
          return Number((await redis.get(k(key))) ?? 0);
        } catch {
          return 0;
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
          return Number(results?.[1]?.[1] ?? 0);
        } catch {
          return 0;
        }
      },
      async reset(key) {
        await redis.del(k(key)).catch(() => undefined);
      },
    };
  }
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

import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createSharedTvmazeLimiter } from './tvmaze.rate-limit';

/*
 * TVmaze's budget shared by every app server through Redis (ADR 121). Runs with
 * TEST_REDIS_URL (CI sets it); the budget here is 2 calls a minute, so "still waiting" is a
 * matter of tens of seconds, never a race with the clock.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
afterAll(async () => {
  await redis?.quit();
});

const settledWithin = async (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe.skipIf(!redis)('the shared TVmaze rate limit (Redis)', () => {
  it('two servers take from one budget: the third call waits whichever server makes it', async () => {
    const key = `test:tvmaze:${randomUUID()}`;
    const serverA = createSharedTvmazeLimiter({
      redis: redis!,
      key,
      capacity: 2,
      intervalMs: 60_000,
    });
    const serverB = createSharedTvmazeLimiter({
      redis: redis!,
      key,
      capacity: 2,
      intervalMs: 60_000,
    });
    expect(await settledWithin(serverA.take(), 1_000)).toBe(true);
    expect(await settledWithin(serverB.take(), 1_000)).toBe(true);
    // The budget is spent across both: the next call (on either) waits ~30 s for a token.
    expect(await settledWithin(serverA.take(), 300)).toBe(false);
    expect(await settledWithin(serverB.take(), 300)).toBe(false);
    await redis!.del(key);
  });
});

describe('the shared TVmaze rate limit without Redis', () => {
  it("falls back to the server's own budget while Redis cannot be reached", async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => undefined);
    const warnings: string[] = [];
    const limiter = createSharedTvmazeLimiter({
      redis: down,
      key: 'test:tvmaze:down',
      capacity: 2,
      intervalMs: 60_000,
      log: { warn: (_obj: object, msg?: string) => warnings.push(msg ?? '') },
    });
    expect(await settledWithin(limiter.take(), 2_000)).toBe(true);
    expect(await settledWithin(limiter.take(), 2_000)).toBe(true);
    // Its own bucket has the same size: the third call waits, as it would with Redis.
    expect(await settledWithin(limiter.take(), 300)).toBe(false);
    expect(warnings).toHaveLength(1);
    down.disconnect();
  });
});

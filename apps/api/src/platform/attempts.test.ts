import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createAttemptCounter, type AttemptCounter } from './attempts';

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
afterAll(async () => {
  await redis?.quit();
});

const kinds: [string, () => AttemptCounter, boolean][] = [
  ['memory', () => createAttemptCounter(null, 'x:'), false],
  [
    'Redis',
    () => createAttemptCounter(redis, `st-test-${randomBytes(4).toString('hex')}:`),
    !redis,
  ],
];

describe.each(kinds)('attempt counter (%s)', (_name, make, skip) => {
  it.skipIf(skip)('counts per key inside the window, resets, and forgets after it', async () => {
    const counter = make();
    expect(await counter.count('a')).toBe(0);
    expect(await counter.hit('a', 60_000)).toBe(1);
    expect(await counter.hit('a', 60_000)).toBe(2);
    expect(await counter.hit('b', 60_000)).toBe(1);
    expect(await counter.count('a')).toBe(2);
    await counter.reset('a');
    expect(await counter.count('a')).toBe(0);
    expect(await counter.count('b')).toBe(1);

    expect(await counter.hit('short', 30)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await counter.count('short')).toBe(0);
    expect(await counter.hit('short', 30)).toBe(1);
  });
});

it.skipIf(!redis)('with Redis, two app servers share one budget', async () => {
  const prefix = `st-test-${randomBytes(4).toString('hex')}:`;
  const one = createAttemptCounter(redis, prefix);
  const two = createAttemptCounter(redis, prefix);
  await one.hit('k', 60_000);
  expect(await two.hit('k', 60_000)).toBe(2);
  expect(await one.count('k')).toBe(2);
});

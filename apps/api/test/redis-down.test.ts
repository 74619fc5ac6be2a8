import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { registerUser } from './factories';

/*
 * Issue 20: with Redis configured but down, nothing waits on it and nothing goes unlimited.
 * Each server falls back to its own budgets (rate limits, the per-account password guard), and
 * the password guard counts atomically, so a burst of guesses cannot slip past it.
 */
describe('Redis down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    t = await buildTestApp({
      redisUrl: 'redis://127.0.0.1:1',
      authRateLimit: { max: 4, timeWindow: '1 minute' },
    });
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip = '203.0.113.9') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { identifier: username, password },
    });

  it('sign-in still answers, and the per-address limit still holds (per server)', async () => {
    const member = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await login(member.user.username, member.password);
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('counts wrong passwords atomically: 20 at once give 5 refusals and 15 × 429', async () => {
    const member = await registerUser(t.app);
    // From 20 addresses, so the per-address limit is not what stops them.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(member.user.username, 'wrong password', `198.51.100.${i + 1}`),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // The budget holds for the right password too until the window ends.
    expect((await login(member.user.username, member.password, '198.51.100.99')).statusCode).toBe(
      429,
    );
  });
});

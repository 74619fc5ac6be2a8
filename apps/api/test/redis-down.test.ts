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

  it('wrong passwords from 20 addresses at once slow the account but never lock it', async () => {
    const member = await registerUser(t.app);
    // From 20 addresses, so neither per-address budget is what answers (ADR 150).
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(member.user.username, 'wrong password', `198.51.100.${i + 1}`),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(401));
    // The right password from yet another address still signs in (after a bounded delay).
    expect((await login(member.user.username, member.password, '198.51.100.99')).statusCode).toBe(
      200,
    );
  });
});

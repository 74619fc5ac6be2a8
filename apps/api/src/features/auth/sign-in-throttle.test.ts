import { describe, expect, it } from 'vitest';
import { accountMessages, authMessages } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { registerUser } from '../../../test/factories';

/**
 * Wrong passwords slow an account down and stop an address (ADR 150): a stranger guessing
 * from one address is refused there after 5, but never locks the member out: the right
 * password from another address still signs in, after a bounded delay. An unknown account
 * answers exactly like a known one.
 */
const t = useTestApp();

const login = (identifier: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { identifier, password },
  });

describe('sign-in throttle', () => {
  it('many wrong passwords from A: A is refused, the right password from B signs in', async () => {
    const u = await registerUser(t.app);
    const fromA: number[] = [];
    for (let i = 0; i < 8; i++)
      fromA.push((await login(u.user.username, `wrong ${i}`, '203.0.113.10')).statusCode);
    expect(fromA).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const refused = await login(u.user.username, u.password, '203.0.113.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: accountMessages.tooManyPasswordFailures });

    const started = Date.now();
    const fromB = await login(u.user.email, u.password, '198.51.100.20');
    expect(fromB.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 30_000);

  it('an unknown account answers exactly like a known one, step by step', async () => {
    const u = await registerUser(t.app);
    const run = async (identifier: string, ip: string) => {
      const out: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await login(identifier, `wrong ${i}`, ip);
        out.push({ status: res.statusCode, body: res.json() });
      }
      return out;
    };
    const known = await run(u.user.username, '203.0.113.30');
    const unknown = await run('nobody_at_all', '203.0.113.31');
    expect(unknown).toEqual(known);
    expect(known[0]).toEqual({
      status: 401,
      body: { error: authMessages.invalidCredentials, code: 'INVALID_CREDENTIALS' },
    });
  }, 30_000);

  it('counts atomically: 20 guesses at once from one address get 5 checks and 15 × 429', async () => {
    const u = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(u.user.username, 'wrong password', '203.0.113.40')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect((await login(u.user.username, u.password, '198.51.100.41')).statusCode).toBe(200);
  }, 30_000);

  it('a spent budget shows nothing about which e-mail goes with which username (review of 2026-11-26)', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const ip = '203.0.113.50';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login(u.user.username, `wrong ${i}`, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // From the same address: this account's e-mail, another account's and an unknown one,
    // step by step, answer exactly alike.
    const run = async (identifier: string) => {
      const out: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await login(identifier, `again ${i}`, ip);
        out.push({ status: res.statusCode, body: res.json() });
      }
      return out;
    };
    const own = await run(u.user.email);
    expect(own[0]).toEqual({
      status: 401,
      body: { error: authMessages.invalidCredentials, code: 'INVALID_CREDENTIALS' },
    });
    expect(await run(other.user.email)).toEqual(own);
    expect(await run('nobody.at.all@example.test')).toEqual(own);
    // Upper case or spaces around a name are the same account, not a fresh budget.
    expect((await login(u.user.username.toUpperCase(), 'wrong', ip)).statusCode).toBe(429);
  }, 60_000);
});

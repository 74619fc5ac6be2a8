import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from './build-test-app';
import { bearer, buildShow, registerUser } from './factories';
import { createTestDb } from './test-db';

/**
 * Two app servers on one database, as a community outgrowing one machine runs them: sessions
 * work across both, and with REDIS_URL the login budget is one budget, not one per server.
 * Needs a Redis: TEST_REDIS_URL (CI sets it; `npm test` on a laptop without Redis skips the
 * shared-budget case and says so).
 */
const redisUrl = process.env.TEST_REDIS_URL;

let db: Awaited<ReturnType<typeof createTestDb>>;
const apps: FastifyInstance[] = [];

async function server(overrides: Parameters<typeof testConfig>[0] = {}) {
  const app = await buildApp({ config: testConfig(overrides), db });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await db.drop();
});

describe('two app servers on one database', () => {
  it('a session made on one server works on the other, and sign-out ends it on both', async () => {
    // Without the signed-in cache, a sign-out on one server counts on the other at once
    // (with it and Redis, within a second: the last case below).
    const [a, b] = [
      await server({ sessionCacheSeconds: 0 }),
      await server({ sessionCacheSeconds: 0 }),
    ];
    expect((await a.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
    const { token } = await registerUser(a, {
      username: 'two_servers',
      email: 'two@servers.test',
      password: 'long enough pw',
    });
    expect((await b.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await a.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    expect(
      (await b.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) }))
        .statusCode,
    ).toBe(204);
    expect((await a.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it.skipIf(!redisUrl)(
    'with Redis, wrong passwords share one budget across servers (10, not 20)',
    async () => {
      const shared = {
        redisUrl: redisUrl!,
        // A namespace of its own, so runs and test files never share a budget.
        redisPrefix: `st-test-${randomBytes(4).toString('hex')}:`,
        authRateLimit: { max: 10, timeWindow: '1 minute' },
      };
      const [a, b] = [await server(shared), await server(shared)];
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await (i % 2 ? b : a).inject({
          method: 'POST',
          url: '/api/auth/login',
          // A name per try: the per-address budget of the route is under test, not the
          // per-account one (password-guard.ts).
          payload: { identifier: `nobody_${i}`, password: 'wrong password' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      // The budget is per client: the eleventh try is refused on either server.
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    },
  );

  it('without Redis, each server keeps its own budget (the documented single-server mode)', async () => {
    const own = { authRateLimit: { max: 3, timeWindow: '1 minute' } };
    const [a, b] = [await server(own), await server(own)];
    const tryLogin = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: 'nobody_here', password: 'wrong password' },
      });
    for (let i = 0; i < 3; i++) expect((await tryLogin(a)).statusCode).toBe(401);
    expect((await tryLogin(a)).statusCode).toBe(429);
    expect((await tryLogin(b)).statusCode).toBe(401);
  });

  it.skipIf(!redisUrl)(
    'with Redis, caches stay on and a change on one server shows on the other within a second',
    async () => {
      // Defaults with REDIS_URL: the signed-in cache (30 s) and the response caches are on.
      const shared = {
        redisUrl: redisUrl!,
        redisPrefix: `st-test-${randomBytes(4).toString('hex')}:`,
      };
      const [a, b] = [await server(shared), await server(shared)];
      expect(a.services.config.sessionCacheSeconds).toBeGreaterThan(0);
      const show = await buildShow(db, { title: 'Across Servers' });
      const { token } = await registerUser(a, {
        username: 'bridge_user',
        email: 'bridge@servers.test',
        password: 'long enough pw',
      });

      // A's show page is cached (a hit), then a member adds the show on B.
      await a.inject({ url: `/api/shows/${show.id}` });
      const cached = await a.inject({ url: `/api/shows/${show.id}` });
      expect(cached.headers['x-cache']).toBe('hit');
      const before = cached.json().totalUsers;
      const added = await b.inject({
        method: 'POST',
        url: '/api/user-content-status',
        headers: bearer(token),
        payload: { showId: show.id, status: 'watching' },
      });
      expect(added.statusCode).toBe(201);
      await vi.waitFor(
        async () => {
          const page = await a.inject({ url: `/api/shows/${show.id}` });
          expect(page.json().totalUsers).toBe(before + 1);
        },
        { timeout: 1_000, interval: 25 },
      );

      // A answers the token from memory; a sign-out on B ends it on A within a second.
      expect((await a.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(
        200,
      );
      expect(
        (await b.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) }))
          .statusCode,
      ).toBe(204);
      await vi.waitFor(
        async () =>
          expect((await a.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(
            401,
          ),
        { timeout: 1_000, interval: 25 },
      );
    },
  );
});

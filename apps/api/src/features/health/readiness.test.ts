import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { migrateTo } from '../../db/migrate';
import { buildTestApp, testConfig } from '../../../test/build-test-app';
import { createTestDb } from '../../../test/test-db';

/* Issue 20: /api/ready tells a load balancer the truth; /api/health stays the liveness check. */
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

describe('GET /api/ready', () => {
  it('is ready with the database up and every migration run; draining makes it 503', async () => {
    const t = await buildTestApp();
    closers.push(t.close);
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: {
        database: 'ok',
        migrations: 'current',
        redis: 'not-configured',
        storage: 'local',
        draining: false,
      },
    });

    // SIGTERM sets this (server.ts); requests are still answered meanwhile.
    t.app.lifecycle.draining = true;
    const draining = await t.app.inject({ url: '/api/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: 'not-ready', checks: { draining: true } });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('is not ready while migrations are pending', async () => {
    const db = await createTestDb({ migrate: false });
    await migrateTo(db, '0011-review-search-vector');
    const app = await buildApp({ config: testConfig(), db });
    closers.push(async () => {
      await app.close();
      await db.drop();
    });
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not-ready',
      checks: { database: 'ok', migrations: 'pending' },
    });
  });

  it('reports Redis down without taking the server out (budgets fall back per server)', async () => {
    const t = await buildTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    closers.push(t.close);
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', checks: { redis: 'down' } });
  });
});

import { describe, expect, it } from 'vitest';
import { useTestApp } from './build-test-app';
import { caller } from './http';
import { buildShow, registerUser } from './factories';
import { usePgAdmin } from './test-db';

/*
 * Issue 20: PostgreSQL's connections dropped under concurrent requests (a restart, a failover,
 * pg_terminate_backend). Before, an 'error' event on a client in use was unhandled and took the
 * whole process down. Now the requests that were on those connections get a 503 (retry is
 * safe), nothing answers 500, and the next requests succeed without a restart.
 * PostgreSQL only: SQLite has no connections to drop.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('database faults (PostgreSQL)', () => {
  // Uncached answers: every request reaches the database.
  const t = useTestApp({ responseCache: false, sessionCacheSeconds: 0 });
  const admin = usePgAdmin();
  const call = caller(() => t.app);

  /** Ends every connection this file's app holds (they carry the schema as application_name). */
  const terminate = async () =>
    (
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = $1 and pid <> pg_backend_pid()`,
        [t.db.schema],
      )
    ).rowCount ?? 0;

  it('a dropped connection is a 503 for the requests on it, and the next ones succeed', async () => {
    const member = await registerUser(t.app);
    const show = await buildShow(t.db, { title: 'Fault Tolerance' });
    const read = () => call(member.token, { url: '/api/auth/me' }).then((r) => r.statusCode);
    const write = (i: number) =>
      call(member.token, {
        method: 'POST',
        url: '/api/search/history',
        payload: { query: `fault ${i}` },
      }).then((r) => r.statusCode);
    const view = () => t.app.inject({ url: `/api/shows/${show.id}` }).then((r) => r.statusCode);

    let killed = 0;
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      // Requests in flight while the connections go (several rounds: some land mid-query).
      const inFlight = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? read() : i % 3 === 1 ? write(round * 100 + i) : view(),
      );
      killed += await terminate();
      statuses.push(...(await Promise.all(inFlight)));
    }
    expect(killed).toBeGreaterThan(0);
    // Only success or "try again": never a 500, and the process is still here.
    expect(statuses.filter((s) => s !== 200 && s !== 204 && s !== 503)).toEqual([]);

    // Once PostgreSQL answers again (at once here), everything works without a restart.
    const after = await Promise.all([read(), write(999), view(), read()]);
    expect(after).toEqual([200, 204, 200, 200]);
    const unavailable = await call(member.token, { url: '/api/auth/me' });
    expect(unavailable.statusCode).toBe(200);
  });

  it('answers 503 with a clear message while connections keep failing', async () => {
    await terminate();
    // A client taken from the pool just before its connection ends fails with a clear body.
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        if (i === 5) await terminate();
        return t.app.inject({ url: '/api/stats/global' });
      }),
    );
    for (const r of results) {
      expect([200, 503]).toContain(r.statusCode);
      if (r.statusCode === 503) {
        expect(r.json()).toEqual({
          error: 'The database is not reachable right now. Please try again in a moment.',
          code: 'SERVICE_UNAVAILABLE',
        });
        expect(r.headers['retry-after']).toBe('2');
      }
    }
  });
});

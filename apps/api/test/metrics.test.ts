import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { buildShow } from './factories';

/* Issue 20: Prometheus metrics for whoever holds METRICS_TOKEN, and no /metrics without it. */
const token = 'scrape-me-please-0123456789';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ metricsToken: token, responseCache: true });
  });
  afterAll(() => t.close());

  it('refuses a scraper without the token', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('reports request latency per route, cache hits and misses, and jobs waiting', async () => {
    const show = await buildShow(t.db, { title: 'Measured' });
    for (let i = 0; i < 3; i++) await t.app.inject({ url: `/api/shows/${show.id}` });
    await t.app.services.jobs.enqueue('auth.delete-expired-sessions');
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/shows\/:id",status_code="200"\} 3/,
    );
    expect(text).toMatch(/response_cache_requests_total\{result="miss"\} 1/);
    expect(text).toMatch(/response_cache_requests_total\{result="hit"\} 2/);
    expect(text).toMatch(/jobs\{name="auth.delete-expired-sessions",state="queued"\} 1/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('is not there without METRICS_TOKEN', async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

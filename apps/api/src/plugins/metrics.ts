import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Jobs } from '../platform/jobs/jobs';

/**
 * Prometheus metrics at GET /metrics (issue 20), with prom-client: request latency per route,
 * background jobs waiting and running per job (read from the jobs table at scrape time), and
 * response-cache hits and misses, plus the process's own figures. Off unless METRICS_TOKEN is
 * set; the scraper then sends `Authorization: Bearer <token>` (the figures name routes and jobs,
 * not for everyone).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { jobs: Pick<Jobs, 'openCounts'>; token: string }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    const cache = new Counter({
      name: 'response_cache_requests_total',
      help: 'Cacheable GET requests answered from the response cache (hit) or not (miss)',
      labelNames: ['result'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'jobs',
      help: 'Background jobs by name and state (queued, retry, running)',
      labelNames: ['name', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await opts.jobs.openCounts())
          this.set({ name: r.name, state: r.state }, r.n);
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      latency.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      const result = reply.getHeader('x-cache');
      if (result === 'hit' || result === 'miss') cache.inc({ result });
    });

    const expected = Buffer.from(`Bearer ${opts.token}`);
    app.get('/metrics', async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: 'A valid metrics token is required', code: 'UNAUTHORIZED' });
      }
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
);

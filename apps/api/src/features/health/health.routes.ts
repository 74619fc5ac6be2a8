import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import {
  apiErrorSchema,
  healthSchema,
  readinessSchema,
  type Readiness,
} from '@series-tracker/contracts';
import { ping, type Db } from '../../db/connection';
import type { Storage } from '../../platform/storage';
import { pendingMigrations } from '../../db/migrate';

/** Set on SIGTERM (server.ts): readiness answers 503 while in-flight requests finish. */
export interface Lifecycle {
  draining: boolean;
}

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms)),
  ]);

export async function healthRoutes(
  app: FastifyInstance,
  opts: { db: Db; redis: Redis | null; lifecycle: Lifecycle; storage: Pick<Storage, 'ping'> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        await ping(opts.db);
      } catch (err) {
        request.log.error({ err }, 'database unreachable');
        return reply
          .status(503)
          .send({ error: 'The database is unreachable', code: 'DATABASE_UNAVAILABLE' });
      }
      return { status: 'ok' as const, database: opts.db.dialect };
    },
  );

  // Migrations only ever move forward while a server runs: once current, stay current.
  let migrationsCurrent = false;
  r.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary:
          'Readiness for a load balancer: database, migrations and draining (503 when not ready); Redis and the file store reported',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const checks: Readiness['checks'] = {
        database: 'ok',
        migrations: migrationsCurrent ? 'current' : 'unknown',
        redis: opts.redis ? 'ok' : 'not-configured',
        storage: opts.storage.ping ? 'ok' : 'local',
        draining: opts.lifecycle.draining,
      };
      await Promise.all([
        withTimeout(ping(opts.db), 1_000).catch(() => {
          checks.database = 'down';
        }),
        opts.redis
          ? withTimeout(opts.redis.ping(), 250).catch(() => {
              checks.redis = 'down';
            })
          : null,
        opts.storage.ping
          ? withTimeout(opts.storage.ping(), 1_000).catch(() => {
              checks.storage = 'down';
            })
          : null,
      ]);
      if (checks.database === 'ok' && !migrationsCurrent) {
        const pending = await pendingMigrations(opts.db).catch(() => null);
        checks.migrations = pending === null ? 'unknown' : pending.length ? 'pending' : 'current';
        migrationsCurrent = checks.migrations === 'current';
      }
      const ready = checks.database === 'ok' && checks.migrations === 'current' && !checks.draining;
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? 'ready' : 'not-ready', checks });
    },
  );
}

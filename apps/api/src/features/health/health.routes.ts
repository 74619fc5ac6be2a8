import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { apiErrorSchema, healthSchema } from '@series-tracker/contracts';
import type { Db } from '../../db/connection';

export async function healthRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
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
        await sql`select 1`.execute(opts.db.kysely);
      } catch (err) {
        request.log.error({ err }, 'database unreachable');
        return reply
          .status(503)
          .send({ error: 'The database is unreachable', code: 'DATABASE_UNAVAILABLE' });
      }
      return { status: 'ok' as const, database: opts.db.dialect };
    },
  );
}

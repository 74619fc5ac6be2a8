import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  jobIdParamsSchema,
  jobMessages,
  jobSchema,
} from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import type { Jobs } from '../../platform/jobs/jobs';

export async function jobsRoutes(app: FastifyInstance, opts: { jobs: Jobs }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/jobs/:id',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['jobs'],
        security: [{ bearerAuth: [] }],
        summary: 'One of your background jobs: state, progress, result or error',
        params: jobIdParamsSchema,
        response: { 200: jobSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (req) => {
      const job = await opts.jobs.get(req.params.id);
      // Someone else's job and a system job (no owner) look exactly like no job at all.
      if (!job || job.userId === null || job.userId !== req.auth!.user.id) {
        throw notFound(jobMessages.notFound);
      }
      const { userId: _owner, ...visible } = job;
      return visible;
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, jobIdParamsSchema, jobSchema } from '@series-tracker/contracts';
import type { JobsService } from './jobs.service';

export async function jobsRoutes(app: FastifyInstance, opts: { jobs: JobsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/jobs/:id',
    {
      // The service asks the policy: someone else's job, or a system job, is a 404.
      config: { access: 'owner' },
      schema: {
        tags: ['jobs'],
        security: [{ bearerAuth: [] }],
        summary: 'One of your background jobs: state, progress, result or error',
        params: jobIdParamsSchema,
        response: {
          200: jobSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (req) => opts.jobs.get(req.auth && { id: req.auth.user.id }, req.params.id),
  );
}

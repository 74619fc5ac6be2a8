import { z } from 'zod';

export const jobStates = ['queued', 'running', 'retry', 'completed', 'failed'] as const;
export type JobState = (typeof jobStates)[number];

export const jobMessages = {
  notFound: 'Job not found',
  idInvalid: 'A job id is a UUID',
} as const;

/** GET /api/jobs/:id — one of the caller's own background jobs (an import, say). */
export const jobSchema = z.object({
  id: z.string(),
  /** What kind of work it is (e.g. `import.watch-history`). */
  name: z.string(),
  state: z.enum(jobStates),
  /** Attempts started; a retry after a failure is a new attempt. */
  attempts: z.number().int(),
  /** Done out of total, with what the job says it is doing; null until it reports any. */
  progress: z
    .object({ done: z.number(), total: z.number(), message: z.string().nullable() })
    .nullable(),
  /** What the job produced, once completed (its shape depends on the job). */
  result: z.unknown(),
  /** Why the last attempt failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobIdParamsSchema = z.object({
  id: z.uuid({ error: jobMessages.idInvalid }),
});

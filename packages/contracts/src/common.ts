import { z } from 'zod';

/** Error body of every non-2xx API response (DESIGN.md, API conventions). */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Machine codes the API puts in `code`. Clients branch on these, never on messages. */
export const errorCodes = {
  validation: 'VALIDATION_ERROR',
  invalidJson: 'INVALID_JSON',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  usernameTaken: 'USERNAME_TAKEN',
  internal: 'INTERNAL_ERROR',
  /** The database (or another service the request needs) is down for a moment: retry. */
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;

/** Messages of the file store (avatars, import uploads: ADR 140). */
export const storageMessages = {
  unavailable:
    'File storage is not reachable right now. Nothing was saved; please try again in a moment.',
} as const;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    hasMore: z.boolean(),
  });
}

/** A page of a collection, typed from `pageSchema` with its items as `T`. */
export type Page<T> = Omit<z.infer<ReturnType<typeof pageSchema>>, 'data'> & { data: T[] };

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});

/**
 * GET /api/ready (issue 20): whether this server should get traffic. Ready when the database
 * answers, every migration has run and the server is not draining (shutting down). Redis is
 * reported, but a server without it still serves (budgets fall back per server), so it does not
 * make the server unready. The file store (S3 bucket) likewise: only uploads need it.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    database: z.enum(['ok', 'down']),
    migrations: z.enum(['current', 'pending', 'unknown']),
    redis: z.enum(['ok', 'down', 'not-configured']),
    /** The S3 bucket (ADR 140), or 'local' files; reported, not a reason to take traffic away. */
    storage: z.enum(['ok', 'down', 'local']),
    draining: z.boolean(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;

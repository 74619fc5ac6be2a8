import { errorCodes } from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';
import { duration, msg } from '../../lib/i18n/text';

/**
 * The per-address budget of the sign-in and password routes (auth and account): the route
 * config for @fastify/rate-limit, answering 429 with the spec's message and the wait.
 */
export function attemptLimit(limit: { max: number; timeWindow: string }) {
  return {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.timeWindow,
      errorResponseBuilder: (_req: unknown, ctx: { ttl: number }) =>
        new AppError(
          429,
          errorCodes.rateLimited,
          msg('auth.tooManyAttempts', { wait: duration(Math.ceil(ctx.ttl / 1000)) }),
        ),
    },
  };
}

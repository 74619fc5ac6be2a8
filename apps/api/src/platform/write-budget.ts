import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '@series-tracker/contracts';
import { AppError } from '../lib/errors';
import type { Text } from '../lib/i18n/text';

export interface WriteBudget {
  /** The budget's name: members' counts are kept apart per name. */
  name: string;
  max: number;
  /** @fastify/rate-limit's window: '1 minute', '1 hour', or milliseconds. */
  timeWindow: string | number;
  /** The 429's message, given how long until the member may write again. */
  message: (retryAfterSeconds: number) => Text;
}

/**
 * A signed-in member's budget of one kind of write (lists, reviews, comments, likes), as a
 * route hook: counted per member, not per address, after sign-in and validation, before the
 * handler writes anything, so a 429 changes nothing. Shared across app servers through Redis
 * when REDIS_URL is set, like every other limit (the rate-limit plugin's store).
 */
export function memberWriteBudget(app: FastifyInstance, budget: WriteBudget) {
  const check = app.createRateLimit({
    max: budget.max,
    timeWindow: budget.timeWindow,
    keyGenerator: (req) => `write:${budget.name}:${req.auth?.user.id ?? req.ip}`,
  });
  return async (req: FastifyRequest) => {
    const state = await check(req);
    if (!state.isAllowed && state.isExceeded)
      throw new AppError(429, errorCodes.rateLimited, budget.message(state.ttlInSeconds));
  };
}

import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@series-tracker/contracts';
import { idParam, limitParam, offsetParam } from './params';

/** The error answers of a route that reads or writes a member's things (route schemas). */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** `:id` in the URL. */
export const idParams = z.object({ id: idParam });

/** `limit` (default `def`, at most `max`) and `offset` in the query. */
export const pagingQuery = (def: number, max: number) =>
  z.object({ limit: limitParam(def, max), offset: offsetParam });

/** The signed-in member (routes with access 'signed-in' or 'owner'). */
export const memberOf = (req: FastifyRequest) => ({ id: req.auth!.user.id });
/** Whoever asks: the signed-in member, or null for anonymous visitors. */
export const viewerOf = (req: FastifyRequest) => (req.auth ? { id: req.auth.user.id } : null);

/**
 * POST `url` turns something of the signed-in member's on, DELETE turns it off (likes, list
 * follows): both idempotent, one schema, one handler.
 */
export function toggleRoutes<R extends z.ZodType>(
  app: FastifyInstance,
  o: {
    url: string;
    tags: string[];
    summaries: { on: string; off: string };
    response: R;
    /** Before the change: a write budget (platform/write-budget.ts). */
    preHandler?: RouteShorthandOptions['preHandler'];
    set: (member: { id: number }, id: number, on: boolean) => Promise<z.infer<R>>;
  },
) {
  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: o.url,
      config: { access: 'signed-in' },
      ...(o.preHandler ? { preHandler: o.preHandler } : {}),
      schema: {
        tags: o.tags,
        summary: on ? o.summaries.on : o.summaries.off,
        params: idParams,
        response: { 200: o.response, ...errorResponses },
      },
      handler: async (req) => o.set(memberOf(req), (req.params as { id: number }).id, on),
    });
  }
}

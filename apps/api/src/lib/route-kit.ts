import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { errorResponses } from './error-responses';
import { idParam, limitParam, offsetParam } from './params';

/** The error answers of a route that reads or writes a member's things (route schemas). */
export const memberErrors = errorResponses(400, 401, 403, 404, 409, 429);

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
        response: { 200: o.response, ...memberErrors },
      },
      handler: async (req) => o.set(memberOf(req), (req.params as { id: number }).id, on),
    });
  }
}

/**
 * A write that answers 204 with no body (deletes, a new ranking): the member, the validated
 * params and body go to `run`.
 */
export function noContentRoute<P extends z.ZodType, B extends z.ZodType = z.ZodUndefined>(
  app: FastifyInstance,
  o: {
    method: 'DELETE' | 'PUT';
    url: string;
    access: 'signed-in' | 'owner';
    preHandler?: RouteShorthandOptions['preHandler'];
    tags: string[];
    summary: string;
    params: P;
    body?: B;
  },
  run: (member: { id: number }, params: z.infer<P>, body: z.infer<B>) => Promise<unknown>,
) {
  app.route({
    method: o.method,
    url: o.url,
    config: { access: o.access },
    ...(o.preHandler ? { preHandler: o.preHandler } : {}),
    schema: {
      tags: o.tags,
      summary: o.summary,
      params: o.params,
      ...(o.body ? { body: o.body } : {}),
      response: { 204: z.null(), ...memberErrors },
    },
    handler: async (req, reply) => {
      await run(memberOf(req), req.params as z.infer<P>, req.body as z.infer<B>);
      return reply.status(204).send(null);
    },
  });
}

/**
 * A member's own thing at `url` (`:id`): PUT changes it (200 with the thing), DELETE removes
 * it (204); both for its owner only.
 */
export function ownedRoutes<B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  o: {
    url: string;
    tags: string[];
    preHandler?: RouteShorthandOptions['preHandler'];
    update: {
      summary: string;
      body: B;
      response: R;
      run: (member: { id: number }, id: number, body: z.infer<B>) => Promise<z.infer<R>>;
    };
    remove: { summary: string; run: (member: { id: number }, id: number) => Promise<unknown> };
  },
) {
  const pre = o.preHandler ? { preHandler: o.preHandler } : {};
  app.route({
    method: 'PUT',
    url: o.url,
    config: { access: 'owner' },
    ...pre,
    schema: {
      tags: o.tags,
      summary: o.update.summary,
      params: idParams,
      body: o.update.body,
      response: { 200: o.update.response, ...memberErrors },
    },
    handler: async (req) =>
      o.update.run(memberOf(req), (req.params as { id: number }).id, req.body as z.infer<B>),
  });
  noContentRoute(
    app,
    {
      method: 'DELETE',
      url: o.url,
      access: 'owner',
      ...pre,
      tags: o.tags,
      summary: o.remove.summary,
      params: idParams,
    },
    (member, params) => o.remove.run(member, params.id),
  );
}

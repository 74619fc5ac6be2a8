import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { errorResponses } from './error-responses';
import { idParam, limitParam, offsetParam } from './params';

/** The error answers of a route that reads or writes a member's things (route schemas). */
export const memberErrors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * The member's own security and account settings: signed in, and from a session only, never
 * by a personal API token (`tokens: 'never'`). A route's settings (`routeTable`).
 */
export const sessionOnly = { access: 'signed-in', config: { tokens: 'never' } } as const;

/** `:id` in the URL. */
export const idParams = z.object({ id: idParam });

/** `limit` (default `def`, at most `max`) and `offset` in the query. */
export const pagingQuery = (def: number, max: number) =>
  z.object({ limit: limitParam(def, max), offset: offsetParam });

import { routeTable } from './route-table';

export { memberOf, viewerOf } from './route-table';

/** A route's `hooks` when it runs a write budget first. */
const hooksOf = (preHandler: RouteShorthandOptions['preHandler']) =>
  preHandler ? { hooks: { preHandler } } : {};

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
    /** The error answers it documents; `memberErrors` unless given. */
    errors?: Record<number, z.ZodType>;
    /** Before the change: a write budget (platform/write-budget.ts). */
    preHandler?: RouteShorthandOptions['preHandler'];
    set: (member: { id: number }, id: number, on: boolean) => Promise<z.output<R>>;
  },
) {
  const api = routeTable(app, {
    access: 'signed-in',
    tags: o.tags,
    errors: o.errors ?? memberErrors,
    ...hooksOf(o.preHandler),
  });
  for (const on of [true, false]) {
    api[on ? 'post' : 'delete'](o.url, {
      summary: on ? o.summaries.on : o.summaries.off,
      params: idParams,
      response: o.response,
      run: async ({ member, params }) => o.set(member, params.id, on),
    });
  }
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
      run: (member: { id: number }, id: number, body: z.output<B>) => Promise<z.output<R>>;
    };
    remove: { summary: string; run: (member: { id: number }, id: number) => Promise<unknown> };
  },
) {
  const api = routeTable(app, {
    access: 'owner',
    tags: o.tags,
    errors: memberErrors,
    ...hooksOf(o.preHandler),
  });
  api.put(o.url, {
    summary: o.update.summary,
    params: idParams,
    body: o.update.body,
    response: o.update.response,
    run: async ({ member, params, body }) => o.update.run(member, params.id, body as z.output<B>),
  });
  api.delete(o.url, {
    summary: o.remove.summary,
    params: idParams,
    status: 204,
    run: async ({ member, params }) => o.remove.run(member, params.id),
  });
}

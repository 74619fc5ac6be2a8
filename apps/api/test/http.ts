import type { FastifyInstance, InjectOptions } from 'fastify';
import { bearer } from './factories';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A request through app.inject as a member (their bearer token) or anonymously (`null`);
 * headers the request names are kept beside the token.
 */
export const injectAs = (app: FastifyInstance, token: string | null, opts: InjectOptions) =>
  app.inject({ ...opts, headers: { ...(token ? bearer(token) : {}), ...(opts.headers ?? {}) } });

/**
 * `call(token, { method, url, payload })` for a test file whose app is built in `beforeAll`:
 * `app` is read at each call.
 */
export const caller = (app: () => FastifyInstance) => (token: string | null, opts: InjectOptions) =>
  injectAs(app(), token, opts);

/** `inject(token, method, url, payload?)`: the same request in positional form. */
export const injector =
  (app: () => FastifyInstance) =>
  (token: string | null, method: Method, url: string, payload?: unknown) =>
    app().inject({
      method,
      url,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload: payload as InjectOptions['payload'] } : {}),
    });

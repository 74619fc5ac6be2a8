import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
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

/**
 * One test a route: each `[method, url]` answers a signed-out visitor 401 UNAUTHORIZED
 * (a write is sent an empty body, so the refusal comes before validation).
 */
export function itRefusesSignedOut(
  app: () => FastifyInstance,
  routes: readonly (readonly [Method, string])[],
) {
  it.each(routes)('%s %s → 401', async (method, url) => {
    const res = await app().inject({
      method,
      url,
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
}

/** Puts a show on the member's watchlist (`fields`: status, score…); the answer is the caller's to check. */
export const trackShow = (
  app: FastifyInstance,
  token: string,
  showId: number,
  fields: Record<string, unknown> = {},
) =>
  injectAs(app, token, {
    method: 'POST',
    url: '/api/user-content-status',
    payload: { showId, ...fields },
  });

/** Marks an episode watched as the member would (`payload`: `watched: false`, `watchedAt`…). */
export const markEpisode = (
  app: FastifyInstance,
  token: string,
  episodeId: number,
  payload: Record<string, unknown> = {},
) => injectAs(app, token, { method: 'POST', url: `/api/episodes/${episodeId}/progress`, payload });

import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { registerUser } from './factories';

/*
 * Walks over the app's route table (`app.routeAccess`: every route with its declared access),
 * so the 401, no-store and junk checks cover tomorrow's route without anyone listing it.
 */

/** Fills path parameters (`:id`, `:id_type`) with a plausible id, or with junk. */
export const fillParams = (url: string, value = '1') => url.replace(/:[A-Za-z_]+/g, value);

export const isMutating = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/**
 * The app and one signed-in member for a file's tests: built before them, closed after. Read
 * `app.t` and `app.token` inside tests (they are set once `beforeAll` has run).
 */
export function appWithMember() {
  const ctx = {} as { t: TestApp; token: string };
  beforeAll(async () => {
    ctx.t = await buildTestApp();
    ctx.token = (await registerUser(ctx.t.app)).token;
  });
  afterAll(() => ctx.t.close());
  return ctx;
}

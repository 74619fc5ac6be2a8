import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { OidcSettings } from '../src/config';
import { signInAtProvider, type ProviderAccount, type TestOpenIdProvider } from './oidc-provider';

/*
 * Our side of single sign-on in tests (ADR 174): the app's settings for the test provider, its
 * accounts, and the browser's steps through /api/auth/oidc (start, callback, exchange).
 */

export const SSO_CALLBACK = 'http://localhost:3000/api/auth/oidc/callback';

/** The app's OpenID settings for the test provider. */
export const oidcSettings = (
  op: TestOpenIdProvider,
  overrides: Partial<OidcSettings> = {},
): OidcSettings => ({
  issuer: op.issuer,
  clientId: op.clientId,
  clientSecret: op.clientSecret,
  providerName: 'Test ID',
  autoRegister: true,
  ...overrides,
});

let seq = 0;

/** A new account at the provider, unique per call (`prefix` names its kind in the username). */
export function addProviderAccount(
  op: TestOpenIdProvider,
  prefix: string,
  overrides: Partial<ProviderAccount> = {},
): ProviderAccount {
  seq++;
  return op.addAccount({
    sub: `${prefix}-${seq}-${Math.random().toString(36).slice(2)}`,
    username: `${prefix}_person_${seq}`,
    password: 'provider password',
    email: `${prefix}${seq}.${Date.now()}@idp.example.test`,
    emailVerified: true,
    name: `${prefix} Person ${seq}`,
    ...overrides,
  });
}

/** The browser's SSO cookie from a Set-Cookie header. */
export const browserOf = (setCookie: string | string[] | undefined) =>
  /st_sso=([^;]+)/.exec(String(setCookie))?.[1] ?? '';

/** Opens the URL the provider sent the browser back to (our callback). */
export function ssoCallback(
  app: FastifyInstance,
  url: URL,
  browser: string | null,
  accept = 'application/json',
) {
  return app.inject({
    url: url.pathname + url.search,
    headers: { accept, ...(browser ? { cookie: `st_sso=${browser}` } : {}) },
  });
}

/** Exchanges the one-time code of the callback's redirect for a session. */
export function ssoExchange(app: FastifyInstance, code: string, browser: string | null) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/oidc/exchange',
    headers: browser ? { cookie: `st_sso=${browser}` } : {},
    payload: { code },
  });
}

/** GET /start: the provider's authorization URL and this browser's cookie. */
export async function ssoStart(app: FastifyInstance, cookie?: string) {
  const res = await app.inject({
    url: '/api/auth/oidc/start',
    headers: cookie ? { cookie: `st_sso=${cookie}` } : {},
  });
  expect(res.statusCode, res.body).toBe(302);
  return {
    location: res.headers.location as string,
    browser: browserOf(res.headers['set-cookie']),
  };
}

export const codeOf = (location: string) =>
  decodeURIComponent(/#code=(.+)$/.exec(location)?.[1] ?? '');

/** The whole journey: start, sign in at the provider, callback, exchange. */
export async function signInWithProvider(app: FastifyInstance, account: ProviderAccount) {
  const { location, browser } = await ssoStart(app);
  const back = await signInAtProvider(location, account.username, account.password);
  const res = await ssoCallback(app, back, browser);
  if (res.statusCode !== 303) return { callback: res, session: null };
  expect(res.headers.location).toMatch(/^\/auth\/sso#code=/);
  const session = await ssoExchange(app, codeOf(res.headers.location as string), browser);
  expect(session.statusCode, session.body).toBe(200);
  return {
    callback: res,
    session: session.json() as {
      token: string;
      user: { id: number; username: string; email: string; emailVerified: boolean };
    },
  };
}

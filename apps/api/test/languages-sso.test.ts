import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoErrorCodes } from '@series-tracker/contracts';
import { buildTestApp, type TestApp } from './build-test-app';
import { signInAtProvider, startOpenIdProvider, type TestOpenIdProvider } from './oidc-provider';
import {
  addProviderAccount,
  codeOf,
  oidcSettings,
  SSO_CALLBACK,
  ssoExchange,
  ssoStart,
} from './sso';

/**
 * Single sign-on in the visitor's language (issue 31, ADR 186): the callback is a browser
 * navigation, which carries the browser's languages, so the language the visitor chose (the
 * `st_locale` cookie the web app keeps) comes first, for the account made on first sign-in and
 * for the error page.
 */
let op: TestOpenIdProvider;
let t: TestApp;
beforeAll(async () => {
  op = await startOpenIdProvider({ redirectUris: [SSO_CALLBACK] });
  t = await buildTestApp({ oidc: oidcSettings(op) });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

const callback = (url: URL, cookie: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: url.pathname + url.search, headers: { cookie, ...headers } });

describe('single sign-on and languages', () => {
  it('starts an account made on first sign-in in the language the visitor chose', async () => {
    const account = addProviderAccount(op, 'lang');
    const { location, browser } = await ssoStart(t.app);
    const back = await signInAtProvider(location, account.username, account.password);
    const res = await callback(back, `st_sso=${browser}; st_locale=de`, {
      'accept-language': 'en-US,en',
    });
    expect(res.statusCode, res.body).toBe(303);
    const session = await ssoExchange(t.app, codeOf(res.headers.location as string), browser);
    expect(session.statusCode).toBe(200);
    expect(session.json().user.locale).toBe('de');
  });

  it('shows a failed callback’s page in that language, right to left in Arabic', async () => {
    const { location, browser } = await ssoStart(t.app);
    const url = new URL(SSO_CALLBACK);
    url.searchParams.set('state', 'not-the-state');
    url.searchParams.set('code', new URL(location).searchParams.get('nonce') ?? 'x');
    const res = await callback(url, `st_sso=${browser}; st_locale=ar`, {
      accept: 'text/html',
      'accept-language': 'fr',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('تعذّر تسجيل الدخول');
    expect(res.body).toContain('Test ID');
    // The JSON answer to the same failure follows Accept-Language, code unchanged.
    const json = await callback(url, `st_sso=${browser}`, { 'accept-language': 'fr' });
    expect(json.json().code).toBe(ssoErrorCodes.callbackInvalid);
    expect(json.json().error).toMatch(/^Cette connexion n’a pas pu aboutir/);
  });
});

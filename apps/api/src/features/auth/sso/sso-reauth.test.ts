import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityErrorCodes, ssoErrorCodes } from '@series-tracker/contracts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { caller } from '../../../../test/http';
import { registerUser } from '../../../../test/factories';
import {
  signInAtProvider,
  startOpenIdProvider,
  type ProviderAccount,
  type TestOpenIdProvider,
} from '../../../../test/oidc-provider';
import {
  addProviderAccount,
  browserOf,
  oidcSettings,
  signInWithProvider,
  SSO_CALLBACK,
  ssoCallback,
} from '../../../../test/sso';

/*
 * "Sign in again with <provider>" (ADR 174): a member whose account was made through single
 * sign-on has no password to confirm sensitive actions with, so the recent-sign-in check
 * (ADR 173) is passed by going through the real OpenID Provider again. The provider is
 * panva's oidc-provider on loopback; nothing of ours is stood in for.
 */

let op: TestOpenIdProvider;
let t: TestApp;
const call = caller(() => t.app);

const providerAccount = () => addProviderAccount(op, 'reauth');

/** An account made through the provider (no password), signed in: its token. */
async function ssoMember(app: FastifyInstance, account: ProviderAccount) {
  const { callback, session } = await signInWithProvider(app, account);
  expect(callback.statusCode, callback.body).toBe(303);
  return session!;
}

/** The session signed in 20 minutes ago: no longer a recent sign-in. */
async function makeStale(userId: number) {
  await t.db.kysely
    .updateTable('sessions')
    .set({ verified_at: new Date(Date.now() - 20 * 60_000).toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

async function recentUntil(token: string): Promise<string | null> {
  const res = await call(token, { url: '/api/auth/security' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().recentUntil;
}

async function startReauth(token: string, returnTo?: string) {
  return call(token, {
    method: 'POST',
    url: '/api/auth/oidc/reauthenticate',
    payload: returnTo === undefined ? {} : { returnTo },
  });
}

/** Starts "Sign in again", signs in at the provider as `as`, hands the answer back. */
async function reauth(token: string, as: ProviderAccount, returnTo = '/settings#security') {
  const started = await startReauth(token, returnTo);
  expect(started.statusCode, started.body).toBe(200);
  const browser = browserOf(started.headers['set-cookie']);
  const back = await signInAtProvider(started.json().url, as.username, as.password);
  return { res: await ssoCallback(t.app, back, browser), url: new URL(started.json().url), back };
}

beforeAll(async () => {
  op = await startOpenIdProvider({ redirectUris: [SSO_CALLBACK] });
  t = await buildTestApp({ oidc: oidcSettings(op) });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

describe('sign in again with the provider (no password to confirm with)', () => {
  it('says which accounts have a password', async () => {
    const member = await ssoMember(t.app, providerAccount());
    expect((await call(member.token, { url: '/api/auth/security' })).json()).toMatchObject({
      hasPassword: false,
    });
    const withPassword = await registerUser(t.app);
    expect((await call(withPassword.token, { url: '/api/auth/security' })).json()).toMatchObject({
      hasPassword: true,
    });
  });

  it('the provider asks again, the session becomes recent, and the account can be deleted', async () => {
    const account = providerAccount();
    const member = await ssoMember(t.app, account);
    await makeStale(member.user.id);
    expect(await recentUntil(member.token)).toBeNull();
    // No password to give: deleting asks for a recent sign-in, and nothing goes.
    const refused = await call(member.token, {
      method: 'DELETE',
      url: '/api/users/me',
      payload: {},
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe(securityErrorCodes.reauthenticationRequired);

    const { res, url } = await reauth(member.token, account, '/settings?tab=account#danger');
    // The provider must ask, whatever it remembers of this browser.
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(url.searchParams.get('max_age')).toBe('0');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    // Back to the page the member was on; no code, no token in the address.
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/settings?tab=account#danger');
    expect(Date.parse((await recentUntil(member.token))!)).toBeGreaterThan(
      Date.now() + 14 * 60_000,
    );

    const deleted = await call(member.token, {
      method: 'DELETE',
      url: '/api/users/me',
      payload: {},
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(
      await t.db.kysely.selectFrom('users').where('id', '=', member.user.id).select('id').execute(),
    ).toEqual([]);
  });

  it('a recent sign-in also lets such a member change the e-mail address without a password', async () => {
    const account = providerAccount();
    const member = await ssoMember(t.app, account);
    await makeStale(member.user.id);
    const change = () =>
      call(member.token, {
        method: 'PUT',
        url: '/api/users/me',
        payload: { email: `moved.${account.sub}@example.test` },
      });
    expect((await change()).statusCode).toBe(403);
    expect((await reauth(member.token, account)).res.statusCode).toBe(303);
    const changed = await change();
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user.pendingEmail).toMatch(/^moved\./);
  });

  it('refuses someone else at the provider: nothing becomes recent', async () => {
    const member = await ssoMember(t.app, providerAccount());
    await makeStale(member.user.id);
    const stranger = providerAccount();
    const { res } = await reauth(member.token, stranger);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ssoErrorCodes.reauthMismatch);
    expect(await recentUntil(member.token)).toBeNull();
    // Nor did it make an account or a link for the stranger.
    expect(
      await t.db.kysely
        .selectFrom('users')
        .where('email', '=', stranger.email!)
        .select('id')
        .execute(),
    ).toEqual([]);
  });

  it('refuses an answer from a sign-in at the provider older than the request', async () => {
    const account = providerAccount();
    const member = await ssoMember(t.app, account);
    await makeStale(member.user.id);
    const started = await startReauth(member.token);
    const browser = browserOf(started.headers['set-cookie']);
    // As if the provider had answered from a session it remembered, without asking.
    await t.db.kysely
      .updateTable('oidc_flows')
      .set({ created_at: new Date(Date.now() + 10 * 60_000).toISOString() })
      .where('link_user_id', '=', member.user.id)
      .execute();
    const back = await signInAtProvider(started.json().url, account.username, account.password);
    const res = await ssoCallback(t.app, back, browser);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ssoErrorCodes.reauthStale);
    expect(await recentUntil(member.token)).toBeNull();
  });

  it('binds the answer to the browser and the session that asked', async () => {
    const account = providerAccount();
    const member = await ssoMember(t.app, account);
    await makeStale(member.user.id);
    const started = await startReauth(member.token);
    const back = await signInAtProvider(started.json().url, account.username, account.password);
    // Carried to another browser: refused, and the flow is spent.
    expect((await ssoCallback(t.app, back, null)).statusCode).toBe(400);
    expect(
      (await ssoCallback(t.app, back, browserOf(started.headers['set-cookie']))).statusCode,
    ).toBe(400);
    expect(await recentUntil(member.token)).toBeNull();

    // Signed out meanwhile: the ended session is not revived.
    const again = await startReauth(member.token);
    await call(member.token, { method: 'POST', url: '/api/auth/logout' });
    const back2 = await signInAtProvider(again.json().url, account.username, account.password);
    const res = await ssoCallback(t.app, back2, browserOf(again.headers['set-cookie']));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ssoErrorCodes.callbackInvalid);
  });

  it('a browser that fails gets a page with the way back to Settings', async () => {
    const member = await ssoMember(t.app, providerAccount());
    const started = await startReauth(member.token);
    const stranger = providerAccount();
    const back = await signInAtProvider(started.json().url, stranger.username, stranger.password);
    const res = await t.app.inject({
      url: back.pathname + back.search,
      headers: {
        accept: 'text/html',
        cookie: `st_sso=${browserOf(started.headers['set-cookie'])}`,
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Confirming it’s you did not work');
    expect(res.body).toContain('href="/settings#security"');
  });

  it('needs a linked identity, a path of this site, and a session (not an API token)', async () => {
    const withPassword = await registerUser(t.app);
    const notLinked = await startReauth(withPassword.token);
    expect(notLinked.statusCode).toBe(409);
    expect(notLinked.json().code).toBe(ssoErrorCodes.notLinked);

    const member = await ssoMember(t.app, providerAccount());
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'x'])
      expect((await startReauth(member.token, returnTo)).statusCode, returnTo).toBe(400);
    expect((await startReauth(member.token)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/reauthenticate',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a member with a password still needs it to delete the account', async () => {
    const member = await registerUser(t.app);
    const res = await call(member.token, { method: 'DELETE', url: '/api/users/me', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.password).toBe('Password is required');
  });
});

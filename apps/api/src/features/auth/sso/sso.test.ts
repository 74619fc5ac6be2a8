import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoErrorCodes } from '@series-tracker/contracts';
import type { OidcSettings } from '../../../config';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { caller } from '../../../../test/http';
import { bearer, registerUser } from '../../../../test/factories';
import {
  signInAtProvider,
  startOpenIdProvider,
  type ProviderAccount,
  type TestOpenIdProvider,
} from '../../../../test/oidc-provider';
import {
  addProviderAccount,
  browserOf,
  codeOf,
  oidcSettings,
  signInWithProvider,
  SSO_CALLBACK,
  ssoCallback,
  ssoExchange,
  ssoStart,
} from '../../../../test/sso';

/*
 * Single sign-on against a real OpenID Provider (panva's oidc-provider) on loopback: the
 * authorization URL our start answers is opened, the provider's login form is posted, and its
 * redirect back is handed to our callback; nothing of ours is stood in for (ADR 174).
 */

let op: TestOpenIdProvider;
let t: TestApp;
const call = caller(() => t.app);

const settings = (overrides: Partial<OidcSettings> = {}) => oidcSettings(op, overrides);
/** A new account at the provider, unique per call. */
const providerAccount = (overrides: Partial<ProviderAccount> = {}) =>
  addProviderAccount(op, 'sso', overrides);

async function count(
  table: 'users' | 'sessions' | 'identity_links' | 'oidc_handoffs',
  db: TestApp['db'] = t.db,
) {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  op = await startOpenIdProvider({ redirectUris: [SSO_CALLBACK] });
  t = await buildTestApp({ oidc: settings() });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

describe('single sign-on: what the sign-in page offers', () => {
  it('names the provider and says passwords still work', async () => {
    const res = await t.app.inject({ url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      oidc: { name: 'Test ID', startUrl: '/api/auth/oidc/start' },
      passwordSignIn: true,
    });
  });

  it('start redirects to the provider with PKCE S256, state and nonce, and binds the browser', async () => {
    const res = await t.app.inject({ url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('client_id')).toBe(op.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(SSO_CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth\/oidc/);
  });
});

describe('single sign-on: first sign-in (OIDC_AUTO_REGISTER on)', () => {
  it('creates an account from the verified claims, linked by subject, with no password', async () => {
    const account = providerAccount({ username: 'Zoë.Müller' });
    const { session } = await signInWithProvider(t.app, account);
    expect(session!.user.username).toBe('Zoe_Muller');
    expect(session!.user.email).toBe(account.email);
    expect(session!.user.emailVerified).toBe(true);
    const me = await call(session!.token, { url: '/api/auth/me' });
    expect(me.json().user.id).toBe(session!.user.id);
    // Linked once; no password signs in as them.
    const links = await call(session!.token, { url: '/api/auth/oidc/links' });
    expect(links.json()).toMatchObject({ provider: 'Test ID', canUnlink: false });
    expect(links.json().links).toHaveLength(1);
    expect(links.json().links[0].email).toBe(account.email);
    for (const password of ['', '!', 'provider password']) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: 'Zoe_Muller', password: password || 'x' },
      });
      expect(login.statusCode).toBe(401);
    }
    // The next sign-in finds the same account.
    const again = await signInWithProvider(t.app, account);
    expect(again.session!.user.id).toBe(session!.user.id);
  });

  it('reads e-mail and names from userinfo when the ID token leaves them out', async () => {
    const strict = await startOpenIdProvider({
      redirectUris: [SSO_CALLBACK],
      idTokenClaims: false,
    });
    const app = await buildTestApp({
      oidc: settings({ issuer: strict.issuer, clientId: strict.clientId }),
    });
    try {
      const account = strict.addAccount({
        sub: 'userinfo-only',
        username: 'userinfo_person',
        password: 'provider password',
        email: `userinfo.${Date.now()}@idp.example.test`,
        emailVerified: true,
      });
      const { session } = await signInWithProvider(app.app, account);
      expect(session!.user.username).toBe('userinfo_person');
      expect(session!.user.email).toBe(account.email);
    } finally {
      await app.close();
      await strict.close();
    }
  });

  it('makes a taken username unique', async () => {
    await registerUser(t.app, { username: 'taken_name' });
    const { session } = await signInWithProvider(
      t.app,
      providerAccount({ username: 'taken_name' }),
    );
    expect(session!.user.username).toBe('taken_name-2');
  });

  it('never links an existing account by its e-mail: 409 with the way to link, nothing made', async () => {
    const owner = await registerUser(t.app, { email: `owner${Date.now()}@example.test` });
    const account = providerAccount({ email: owner.user.email });
    const [users, links, handoffs] = [
      await count('users'),
      await count('identity_links'),
      await count('oidc_handoffs'),
    ];
    const { callback: res } = await signInWithProvider(t.app, account);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ssoErrorCodes.emailInUse);
    expect(res.json().error).toMatch(/Sign in to that account and link Test ID from Settings/);
    expect([
      await count('users'),
      await count('identity_links'),
      await count('oidc_handoffs'),
    ]).toEqual([users, links, handoffs]);
  });

  it('needs a verified e-mail address for a new account', async () => {
    const { callback: res } = await signInWithProvider(
      t.app,
      providerAccount({ emailVerified: false }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ssoErrorCodes.emailMissing);
  });

  it('the one-time code works once, only in the browser that started, and a browser gets a page', async () => {
    const account = providerAccount();
    const { location, browser } = await ssoStart(t.app);
    const back = await signInAtProvider(location, account.username, account.password);
    const res = await ssoCallback(t.app, back, browser);
    const code = codeOf(res.headers.location as string);
    const elsewhere = await ssoExchange(t.app, code, 'another-browser');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe(ssoErrorCodes.codeInvalid);
    // Taken by the failed try too: a stolen code is spent, not retried.
    expect((await ssoExchange(t.app, code, browser)).statusCode).toBe(400);
  });
});

describe('single sign-on: tampered or replayed callbacks are refused with no session', () => {
  async function tamperedCallback(
    tamper: (
      back: URL,
      browser: string,
      state: string,
    ) => Promise<{ url: URL; browser: string | null }>,
  ) {
    const account = providerAccount();
    const { location, browser } = await ssoStart(t.app);
    const state = new URL(location).searchParams.get('state')!;
    const back = await signInAtProvider(location, account.username, account.password);
    const before = [await count('users'), await count('sessions'), await count('oidc_handoffs')];
    const changed = await tamper(back, browser, state);
    const res = await ssoCallback(t.app, changed.url, changed.browser);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(ssoErrorCodes.callbackInvalid);
    expect([await count('users'), await count('sessions'), await count('oidc_handoffs')]).toEqual(
      before,
    );
    return { back, browser };
  }

  it('a state that was never issued', async () => {
    await tamperedCallback(async (back, browser) => {
      back.searchParams.set('state', 'forged-state-value');
      return { url: back, browser };
    });
  });

  it('a callback opened in another browser (no cookie, or another one)', async () => {
    await tamperedCallback(async (back) => ({ url: back, browser: null }));
    await tamperedCallback(async (back) => ({ url: back, browser: 'x'.repeat(43) }));
  });

  it('a replayed callback', async () => {
    const account = providerAccount();
    const { location, browser } = await ssoStart(t.app);
    const back = await signInAtProvider(location, account.username, account.password);
    expect((await ssoCallback(t.app, back, browser)).statusCode).toBe(303);
    const replay = await ssoCallback(t.app, back, browser);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe(ssoErrorCodes.callbackInvalid);
  });

  it('an ID token whose nonce is not the one we sent', async () => {
    await tamperedCallback(async (back, browser, state) => {
      const { hashToken } = await import('../tokens');
      await t.db.kysely
        .updateTable('oidc_flows')
        .set({ nonce: 'another-nonce' })
        .where('state_hash', '=', hashToken(state))
        .execute();
      return { url: back, browser };
    });
  });

  it('a code redeemed with another PKCE verifier (the provider refuses it)', async () => {
    await tamperedCallback(async (back, browser, state) => {
      const { hashToken } = await import('../tokens');
      await t.db.kysely
        .updateTable('oidc_flows')
        .set({ code_verifier: 'a'.repeat(43) })
        .where('state_hash', '=', hashToken(state))
        .execute();
      return { url: back, browser };
    });
  });

  it('a forged code', async () => {
    await tamperedCallback(async (back, browser) => {
      back.searchParams.set('code', 'forged-code');
      return { url: back, browser };
    });
  });

  it('a browser gets a page with the message and the way back, with the same status', async () => {
    const account = providerAccount();
    const { location, browser } = await ssoStart(t.app);
    const back = await signInAtProvider(location, account.username, account.password);
    back.searchParams.set('state', 'forged');
    const res = await ssoCallback(t.app, back, browser, 'text/html,application/xhtml+xml');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Signing in did not work');
    expect(res.body).toContain('href="/login"');
    expect(res.body).toContain('Nothing was changed');
  });

  it('the member cancelling at the provider', async () => {
    const { location, browser } = await ssoStart(t.app);
    const state = new URL(location).searchParams.get('state')!;
    const url = new URL(
      `/api/auth/oidc/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(op.issuer)}`,
      'http://localhost:3000',
    );
    const res = await ssoCallback(t.app, url, browser);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ssoErrorCodes.cancelled);
  });
});

describe('single sign-on: linking from Settings', () => {
  async function link(app: FastifyInstance, token: string, account: ProviderAccount) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/oidc/link',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const browser = browserOf(res.headers['set-cookie']);
    const back = await signInAtProvider(res.json().url, account.username, account.password);
    return ssoCallback(app, back, browser);
  }

  it('links the identity to the signed-in member; then signing in with it lands there', async () => {
    const member = await registerUser(t.app);
    const account = providerAccount({ email: member.user.email });
    const res = await link(t.app, member.token, account);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/settings?sso=linked#sso-heading');
    const links = (await call(member.token, { url: '/api/auth/oidc/links' })).json();
    expect(links.links).toHaveLength(1);
    expect(links.canUnlink).toBe(true);
    const { session } = await signInWithProvider(t.app, account);
    expect(session!.user.id).toBe(member.user.id);
  });

  it('refuses an identity linked to another account, and a link started by a session since ended', async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const account = providerAccount();
    expect((await link(t.app, first.token, account)).statusCode).toBe(303);
    const refused = await link(t.app, second.token, account);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ssoErrorCodes.linkedElsewhere);

    const third = await registerUser(t.app);
    const started = await call(third.token, { method: 'POST', url: '/api/auth/oidc/link' });
    const browser = browserOf(started.headers['set-cookie']);
    await call(third.token, { method: 'POST', url: '/api/auth/logout' });
    const other = providerAccount();
    const back = await signInAtProvider(started.json().url, other.username, other.password);
    const res = await ssoCallback(t.app, back, browser);
    expect(res.statusCode).toBe(400);
    expect(
      await t.db.kysely
        .selectFrom('identity_links')
        .where('user_id', '=', third.user.id)
        .selectAll()
        .execute(),
    ).toEqual([]);
  });

  it('unlinks only while another way in stays', async () => {
    const member = await registerUser(t.app);
    await link(t.app, member.token, providerAccount());
    const [row] = (await call(member.token, { url: '/api/auth/oidc/links' })).json().links;
    const res = await call(member.token, {
      method: 'DELETE',
      url: `/api/auth/oidc/links/${row.id}`,
    });
    expect(res.statusCode).toBe(204);
    expect((await call(member.token, { url: '/api/auth/oidc/links' })).json().links).toEqual([]);

    const { session } = await signInWithProvider(t.app, providerAccount());
    const [only] = (await call(session!.token, { url: '/api/auth/oidc/links' })).json().links;
    const refused = await call(session!.token, {
      method: 'DELETE',
      url: `/api/auth/oidc/links/${only.id}`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ssoErrorCodes.lastWayIn);
    // Someone else's link is not found.
    const stranger = await registerUser(t.app);
    const other = await call(stranger.token, {
      method: 'DELETE',
      url: `/api/auth/oidc/links/${only.id}`,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('single sign-on: settings', () => {
  it('OIDC_AUTO_REGISTER off: an unknown identity is refused with a clear message, nothing made', async () => {
    const app = await buildTestApp({ oidc: settings({ autoRegister: false }) });
    try {
      const users = await count('users', app.db);
      const { callback: res } = await signInWithProvider(app.app, providerAccount());
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(ssoErrorCodes.notLinked);
      expect(res.json().error).toMatch(/does not create accounts/);
      expect(await count('users', app.db)).toBe(users);
    } finally {
      await app.close();
    }
  });

  it('PASSWORD_SIGN_IN off: password sign-in, registration and reset answer 403; SSO works', async () => {
    const app = await buildTestApp({ oidc: settings(), passwordSignIn: false });
    try {
      const providers = (await app.app.inject({ url: '/api/auth/providers' })).json();
      expect(providers.passwordSignIn).toBe(false);
      const attempts = [
        { url: '/api/auth/login', payload: { identifier: 'someone', password: 'whatever pass' } },
        {
          url: '/api/auth/register',
          payload: {
            username: 'newbie',
            email: 'n@example.test',
            password: 'correct horse battery',
          },
        },
        { url: '/api/auth/finish-registration', payload: { token: 'x'.repeat(43) } },
        { url: '/api/auth/forgot-password', payload: { email: 'n@example.test' } },
        {
          url: '/api/auth/reset-password',
          payload: { token: 'x'.repeat(43), password: 'correct horse battery' },
        },
      ];
      for (const attempt of attempts) {
        const res = await app.app.inject({ method: 'POST', ...attempt });
        expect(res.statusCode, attempt.url).toBe(403);
        expect(res.json().code).toBe(ssoErrorCodes.passwordSignInOff);
      }
      const { session } = await signInWithProvider(app.app, providerAccount());
      expect(session!.token).toBeTruthy();
    } finally {
      await app.close();
    }
  });

  it('a provider that cannot be reached: 503 with the message, never a 500', async () => {
    const down = await startOpenIdProvider({ redirectUris: [SSO_CALLBACK] });
    await down.close();
    const app = await buildTestApp({ oidc: settings({ issuer: down.issuer }) });
    try {
      const res = await app.app.inject({
        url: '/api/auth/oidc/start',
        headers: { accept: 'application/json' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe(ssoErrorCodes.providerUnavailable);
      expect(res.json().error).toMatch(/Test ID could not be reached/);
      const page = await app.app.inject({
        url: '/api/auth/oidc/start',
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('Test ID could not be reached');
    } finally {
      await app.close();
    }
  });

  it('without OIDC_ISSUER nothing is offered and the routes answer 404', async () => {
    const app = await buildTestApp();
    try {
      expect((await app.app.inject({ url: '/api/auth/providers' })).json()).toEqual({
        oidc: null,
        passwordSignIn: true,
      });
      const res = await app.app.inject({
        url: '/api/auth/oidc/start',
        headers: { accept: 'application/json' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ssoErrorCodes.notConfigured);
    } finally {
      await app.close();
    }
  });
});

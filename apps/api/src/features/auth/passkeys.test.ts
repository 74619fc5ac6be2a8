import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityErrorCodes } from '@series-tracker/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, registerUser } from '../../../test/factories';
import { makeStale, totpCode } from '../../../test/second-factor';
import { softwareAuthenticator, type SoftPasskey } from '../../../test/software-authenticator';

/**
 * Passkeys (issue 28, ADR 173) against a software authenticator with real ES256 keys:
 * registered attestations and signed assertions go through the server's real WebAuthn checks.
 */
const origin = 'https://tracker.example.test';
let t: TestApp;
const authenticator = softwareAuthenticator(origin);
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: origin, sessionCacheSeconds: 0 });
});
afterAll(() => t.close());

const send = (method: 'POST' | 'DELETE' | 'GET', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? bearer(token) : {},
  });

async function withPasskey(name = 'Laptop') {
  const member = await registerUser(t.app);
  const opts = await send('POST', '/api/auth/passkeys/options', member.token);
  expect(opts.statusCode).toBe(200);
  const { challengeToken, options } = opts.json();
  expect(options.rp).toEqual({ name: 'Series Tracker', id: 'tracker.example.test' });
  expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
  const { passkey, response } = authenticator.create(options);
  const res = await send('POST', '/api/auth/passkeys', member.token, {
    challengeToken,
    name,
    response,
  });
  expect(res.statusCode).toBe(201);
  return { ...member, passkey, passkeyId: res.json().id as number };
}

async function signInWith(passkey: SoftPasskey, tamper = {}) {
  const opts = (await send('POST', '/api/auth/passkey/options')).json();
  return send('POST', '/api/auth/passkey', undefined, {
    challengeToken: opts.challengeToken,
    response: authenticator.get(passkey, opts.options, tamper),
  });
}

describe('registering a passkey', () => {
  it('lists it by name and leaves it out of the next registration', async () => {
    const m = await withPasskey('Work laptop');
    const status = (await send('GET', '/api/auth/security', m.token)).json();
    expect(status.passkeys).toEqual([
      { id: m.passkeyId, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    const row = await t.db.kysely
      .selectFrom('passkeys')
      .selectAll()
      .where('id', '=', m.passkeyId)
      .executeTakeFirstOrThrow();
    expect(row.transports).toBe('["internal"]');
    // The next options exclude the registered credential.
    const again = (await send('POST', '/api/auth/passkeys/options', m.token)).json();
    expect(again.options.excludeCredentials).toEqual([
      expect.objectContaining({ id: m.passkey.credentialId.toString('base64url') }),
    ]);
  });

  it('needs a recent sign-in, a name, and an answer to its own challenge', async () => {
    const m = await registerUser(t.app);
    const opts = (await send('POST', '/api/auth/passkeys/options', m.token)).json();
    const { response } = authenticator.create(opts.options);
    const unnamed = await send('POST', '/api/auth/passkeys', m.token, {
      challengeToken: opts.challengeToken,
      name: '  ',
      response,
    });
    expect(unnamed.statusCode).toBe(400);
    // Another challenge's answer is refused.
    const other = (await send('POST', '/api/auth/passkeys/options', m.token)).json();
    const wrong = await send('POST', '/api/auth/passkeys', m.token, {
      challengeToken: other.challengeToken,
      name: 'Phone',
      response,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: securityErrorCodes.passkeyInvalid });
    await makeStale(t, m.user.id);
    const stale = await send('POST', '/api/auth/passkeys/options', m.token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: securityErrorCodes.reauthenticationRequired });
  });
});

describe('signing in with a passkey', () => {
  it('needs no password: the credential names the member, the signature proves it', async () => {
    const m = await withPasskey();
    const res = await signInWith(m.passkey);
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session.user.username).toBe(m.user.username);
    expect((await send('GET', '/api/auth/me', session.token)).statusCode).toBe(200);
    // A passkey sign-in is a recent one.
    expect(
      (await send('GET', '/api/auth/security', session.token)).json().recentUntil,
    ).not.toBeNull();
    const row = await t.db.kysely
      .selectFrom('passkeys')
      .select(['counter', 'last_used_at'])
      .where('id', '=', m.passkeyId)
      .executeTakeFirstOrThrow();
    expect(row.counter).toBe(1);
    expect(row.last_used_at).not.toBeNull();
  });

  it('refuses a wrong key, another origin, a spent challenge and a removed passkey', async () => {
    const m = await withPasskey();
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const forged = await signInWith(m.passkey, { key: stranger });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: securityErrorCodes.passkeyInvalid });
    expect((await signInWith(m.passkey, { origin: 'https://evil.example' })).statusCode).toBe(400);

    const opts = (await send('POST', '/api/auth/passkey/options')).json();
    const answer = {
      challengeToken: opts.challengeToken,
      response: authenticator.get(m.passkey, opts.options),
    };
    expect((await send('POST', '/api/auth/passkey', undefined, answer)).statusCode).toBe(200);
    const replay = await send('POST', '/api/auth/passkey', undefined, answer);
    expect(replay.json()).toMatchObject({ code: securityErrorCodes.challengeInvalid });

    expect((await send('DELETE', `/api/auth/passkeys/${m.passkeyId}`, m.token)).statusCode).toBe(
      204,
    );
    expect((await send('GET', '/api/auth/security', m.token)).json().passkeys).toEqual([]);
    const removed = await signInWith(m.passkey);
    expect(removed.statusCode).toBe(400);
  });

  it("removing needs a recent sign-in, and only one's own passkey", async () => {
    const m = await withPasskey();
    const other = await registerUser(t.app);
    expect(
      (await send('DELETE', `/api/auth/passkeys/${m.passkeyId}`, other.token)).statusCode,
    ).toBe(404);
    await makeStale(t, m.user.id);
    expect((await send('DELETE', `/api/auth/passkeys/${m.passkeyId}`, m.token)).statusCode).toBe(
      403,
    );
  });
});

describe('a passkey as the second factor', () => {
  it('finishes a password sign-in of a member with two-factor sign-in on', async () => {
    const m = await withPasskey();
    const setup = (await send('POST', '/api/auth/2fa/totp', m.token)).json();
    await send('POST', '/api/auth/2fa/totp/confirm', m.token, { code: totpCode(setup.secret) });
    const login = await send('POST', '/api/auth/login', undefined, {
      identifier: m.user.username,
      password: m.password,
    });
    const { challengeToken, methods } = login.json().secondFactor;
    expect(methods).toEqual(['totp', 'backup', 'passkey']);
    const opts = await send('POST', '/api/auth/2fa/passkey/options', undefined, { challengeToken });
    expect(opts.statusCode).toBe(200);
    expect(opts.json().options.allowCredentials).toEqual([
      expect.objectContaining({ id: m.passkey.credentialId.toString('base64url') }),
    ]);
    // Another member's passkey does not answer this sign-in.
    const someoneElse = await withPasskey();
    const wrong = await send('POST', '/api/auth/2fa/passkey', undefined, {
      challengeToken,
      response: authenticator.get(someoneElse.passkey, opts.json().options),
    });
    expect(wrong.statusCode).toBe(400);
    const again = await send('POST', '/api/auth/2fa/passkey/options', undefined, {
      challengeToken,
    });
    const ok = await send('POST', '/api/auth/2fa/passkey', undefined, {
      challengeToken,
      response: authenticator.get(m.passkey, again.json().options),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.username).toBe(m.user.username);
  });
});

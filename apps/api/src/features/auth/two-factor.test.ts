import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, securityErrorCodes, securityLimits } from '@series-tracker/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, registerUser } from '../../../test/factories';
import { makeStale, totpCode } from '../../../test/second-factor';
import { memberRows } from '../../../test/test-db';

/**
 * Two-factor sign-in with an authenticator app and backup codes, and the recent sign-in
 * that sensitive actions need (issue 28, ADR 173).
 */
let t: TestApp;
beforeAll(async () => {
  // Every request reads its session: the tests move sessions' proof time in the database.
  t = await buildTestApp({ sessionCacheSeconds: 0 });
});
afterAll(() => t.close());

const send = (
  method: 'POST' | 'DELETE' | 'GET' | 'PUT',
  url: string,
  token?: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? bearer(token) : {},
  });
const login = (identifier: string, password: string) =>
  send('POST', '/api/auth/login', undefined, { identifier, password });

/** A member with two-factor sign-in on: their secret and backup codes. */
async function enrolled() {
  const member = await registerUser(t.app);
  const setup = await send('POST', '/api/auth/2fa/totp', member.token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirmCode = totpCode(secret);
  const confirm = await send('POST', '/api/auth/2fa/totp/confirm', member.token, {
    code: confirmCode,
  });
  expect(confirm.statusCode).toBe(200);
  return { ...member, secret, confirmCode, backupCodes: confirm.json().backupCodes as string[] };
}

async function challengeFor(username: string, password: string): Promise<string> {
  const res = await login(username, password);
  expect(res.statusCode).toBe(200);
  return res.json().secondFactor.challengeToken as string;
}

describe('turning on two-factor sign-in', () => {
  it('shows a QR code and the secret, needs a right code, then shows 10 backup codes once', async () => {
    const member = await registerUser(t.app);
    const setup = await send('POST', '/api/auth/2fa/totp', member.token);
    expect(setup.statusCode).toBe(200);
    const body = setup.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(body.uri).toContain(encodeURIComponent(member.user.username));
    expect(body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Not on until confirmed: signing in still gives a session straight away.
    expect((await login(member.user.username, member.password)).json().token).toBeDefined();

    const wrong = await send('POST', '/api/auth/2fa/totp/confirm', member.token, {
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: securityErrorCodes.codeInvalid });
    const ok = await send('POST', '/api/auth/2fa/totp/confirm', member.token, {
      code: totpCode(body.secret),
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().backupCodes as string[];
    expect(codes).toHaveLength(securityLimits.backupCodeCount);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored hashed only.
    const rows = await memberRows(t.db, 'backup_codes', member.user.id, ['code_hash']);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.code_hash)).not.toContain(codes[0]);

    const status = await send('GET', '/api/auth/security', member.token);
    expect(status.json()).toMatchObject({ totp: true, backupCodesLeft: 10, passkeys: [] });
    // A second app cannot replace the first while it is on.
    expect((await send('POST', '/api/auth/2fa/totp', member.token)).statusCode).toBe(409);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('asks for the code instead of answering a session; a used code cannot be replayed', async () => {
    const m = await enrolled();
    const res = await login(m.user.username, m.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBeUndefined();
    expect(body.user).toBeUndefined();
    expect(body.secondFactor.methods).toEqual(['totp', 'backup']);
    const challengeToken = body.secondFactor.challengeToken as string;

    // The code that turned it on was accepted for its 30-second step: never again.
    const replay = await send('POST', '/api/auth/2fa', undefined, {
      challengeToken,
      code: m.confirmCode,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: securityErrorCodes.codeInvalid });

    const next = totpCode(m.secret, 1);
    const ok = await send('POST', '/api/auth/2fa', undefined, { challengeToken, code: next });
    expect(ok.statusCode).toBe(200);
    const session = ok.json();
    expect(session.user.username).toBe(m.user.username);
    expect((await send('GET', '/api/auth/me', session.token)).statusCode).toBe(200);

    // The challenge is spent, and the same code on a new challenge is a replay.
    const again = await send('POST', '/api/auth/2fa', undefined, { challengeToken, code: next });
    expect(again.json()).toMatchObject({ code: securityErrorCodes.challengeInvalid });
    const fresh = await challengeFor(m.user.username, m.password);
    const replayed = await send('POST', '/api/auth/2fa', undefined, {
      challengeToken: fresh,
      code: next,
    });
    expect(replayed.json()).toMatchObject({ code: securityErrorCodes.codeInvalid });
  });

  it('takes each backup code once, in any case and with or without its dash', async () => {
    const m = await enrolled();
    const code = m.backupCodes[3]!;
    const first = await send('POST', '/api/auth/2fa', undefined, {
      challengeToken: await challengeFor(m.user.username, m.password),
      code: code.toUpperCase().replace('-', ''),
    });
    expect(first.statusCode).toBe(200);
    const second = await send('POST', '/api/auth/2fa', undefined, {
      challengeToken: await challengeFor(m.user.username, m.password),
      code,
    });
    expect(second.statusCode).toBe(400);
    const status = await send('GET', '/api/auth/security', first.json().token);
    expect(status.json().backupCodesLeft).toBe(9);
  });

  it('refuses a wrong password before any code, and an unknown challenge', async () => {
    const m = await enrolled();
    expect((await login(m.user.username, 'not the password')).statusCode).toBe(401);
    const res = await send('POST', '/api/auth/2fa', undefined, {
      challengeToken: 'x'.repeat(43),
      code: totpCode(m.secret, 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: securityErrorCodes.challengeInvalid });
  });

  it('limits wrong codes per account: past 5 even the right code waits', async () => {
    const m = await enrolled();
    const challengeToken = await challengeFor(m.user.username, m.password);
    for (let i = 0; i < securityLimits.secondFactorFailuresMax; i++) {
      const res = await send('POST', '/api/auth/2fa', undefined, {
        challengeToken,
        code: '123456',
      });
      expect(res.statusCode).toBe(400);
    }
    // A new challenge from another sign-in does not reset the account's budget.
    const other = await challengeFor(m.user.username, m.password);
    const limited = await send('POST', '/api/auth/2fa', undefined, {
      challengeToken: other,
      code: totpCode(m.secret, 1),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: errorCodes.rateLimited });
  });
});

describe('recent sign-in', () => {
  it('turning two-factor off needs one; re-entering the password gives it', async () => {
    const m = await enrolled();
    await makeStale(t, m.user.id);
    const refused = await send('DELETE', '/api/auth/2fa/totp', m.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: securityErrorCodes.reauthenticationRequired });
    expect((await send('GET', '/api/auth/security', m.token)).json()).toMatchObject({
      totp: true,
      recentUntil: null,
    });

    const wrong = await send('POST', '/api/auth/reauthenticate', m.token, {
      password: 'nope nope',
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await send('POST', '/api/auth/reauthenticate', m.token, { password: m.password });
    expect(ok.statusCode).toBe(200);
    expect(Date.parse(ok.json().recentUntil)).toBeGreaterThan(Date.now() + 14 * 60_000);

    expect((await send('DELETE', '/api/auth/2fa/totp', m.token)).statusCode).toBe(204);
    expect((await login(m.user.username, m.password)).json().token).toBeDefined();
    const codes = await memberRows(t.db, 'backup_codes', m.user.id, ['id']);
    expect(codes).toEqual([]);
  });

  it('a code proves it too, and new backup codes need it', async () => {
    const m = await enrolled();
    await makeStale(t, m.user.id);
    expect((await send('POST', '/api/auth/2fa/backup-codes', m.token)).statusCode).toBe(403);
    const ok = await send('POST', '/api/auth/reauthenticate', m.token, {
      code: totpCode(m.secret, 1),
    });
    expect(ok.statusCode).toBe(200);
    const fresh = await send('POST', '/api/auth/2fa/backup-codes', m.token);
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json().backupCodes as string[];
    // The old codes stop working, the new ones work.
    const old = await send('POST', '/api/auth/2fa', undefined, {
      challengeToken: await challengeFor(m.user.username, m.password),
      code: m.backupCodes[0]!,
    });
    expect(old.statusCode).toBe(400);
    const used = await send('POST', '/api/auth/2fa', undefined, {
      challengeToken: await challengeFor(m.user.username, m.password),
      code: codes[0]!,
    });
    expect(used.statusCode).toBe(200);
  });

  it('a session rotated by refresh is not made recent by it', async () => {
    const m = await registerUser(t.app);
    await makeStale(t, m.user.id);
    const refreshed = await send('POST', '/api/auth/refresh', m.token);
    expect(refreshed.statusCode).toBe(200);
    const res = await send('POST', '/api/auth/2fa/totp', refreshed.json().token);
    expect(res.statusCode).toBe(403);
  });

  it('setting up an app and creating an API token need one', async () => {
    const m = await registerUser(t.app);
    await makeStale(t, m.user.id);
    expect((await send('POST', '/api/auth/2fa/totp', m.token)).statusCode).toBe(403);
    const token = { name: 'script', scopes: ['read'] };
    const refused = await send('POST', '/api/api-tokens', m.token, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: securityErrorCodes.reauthenticationRequired });
    await send('POST', '/api/auth/reauthenticate', m.token, { password: m.password });
    expect((await send('POST', '/api/api-tokens', m.token, token)).statusCode).toBe(201);
  });

  it('changing the password or e-mail, or deleting the account, take the password as the proof', async () => {
    const m = await registerUser(t.app);
    await makeStale(t, m.user.id);
    const wrongPw = await send('POST', '/api/auth/change-password', m.token, {
      currentPassword: 'not it at all',
      newPassword: 'a brand new phrase',
    });
    expect(wrongPw.statusCode).toBe(400);
    const changed = await send('POST', '/api/auth/change-password', m.token, {
      currentPassword: m.password,
      newPassword: 'a brand new phrase',
    });
    expect(changed.statusCode).toBe(200);
    const email = await send('PUT', '/api/users/me', m.token, {
      email: `new.${m.user.email}`,
      currentPassword: 'a brand new phrase',
    });
    expect(email.statusCode).toBe(200);
    expect(email.json().user.pendingEmail).toBe(`new.${m.user.email}`);
    const wrongDelete = await send('DELETE', '/api/users/me', m.token, { password: m.password });
    expect(wrongDelete.statusCode).toBe(400);
    const deleted = await send('DELETE', '/api/users/me', m.token, {
      password: 'a brand new phrase',
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('an API token can neither prove it nor take the actions that need it', async () => {
    const m = await registerUser(t.app);
    const created = await send('POST', '/api/api-tokens', m.token, {
      name: 'bot',
      scopes: ['read'],
    });
    const apiToken = created.json().token as string;
    expect(
      (await send('POST', '/api/auth/reauthenticate', apiToken, { password: m.password }))
        .statusCode,
    ).toBe(403);
    expect((await send('POST', '/api/auth/2fa/totp', apiToken)).statusCode).toBe(403);
  });
});

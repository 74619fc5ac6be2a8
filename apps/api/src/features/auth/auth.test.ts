import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@series-tracker/contracts';
import { buildTestApp, useTestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { bearer, registerUser } from '../../../test/factories';
import { countRows, memberRows } from '../../../test/test-db';

const t = useTestApp();
beforeAll(async () => {
  // The site has its first account, so registering goes the mailed way (first run: ADR 173,
  // first-run.test.ts).
  await registerUser(t.app);
});

const call = caller(() => t.app);

const countUsers = () => countRows(t.db, 'users');

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

const register = (username: string, email: string, password: string) =>
  post('/api/auth/register', { username, email, password });
/** A registration body sent as is, with this content type. */
const registerRaw = (contentType: string, body: string) =>
  post('/api/auth/register', body, { 'content-type': contentType });
const signIn = (identifier: string, password: string) =>
  post('/api/auth/login', { identifier, password });

/** Nothing secret may ever appear in a response body. */
function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/scrypt\$/);
  expect(body).not.toMatch(/password/i);
  expect(body).not.toMatch(/token_hash|salt/i);
}

describe('POST /api/auth/register', () => {
  it('answers 202 with the address, creates no account and signs nobody in yet', async () => {
    const before = await countUsers();
    const res = await post('/api/auth/register', {
      username: 'Jon_Snow',
      email: 'Jon@Example.test',
      password: 'winteriscoming',
      displayName: 'Jon Snow',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      message: authMessages.registrationSent,
      email: 'Jon@Example.test',
      // No SMTP_URL in tests: the screen tells where the mail went (ADR 173).
      mailOutbox: true,
    });
    expectNoSecrets(res.body);
    expect(await countUsers()).toBe(before);
    // Not yet an account: the password does not sign in, exactly like an unknown name.
    const login = await signIn('Jon_Snow', 'winteriscoming');
    expect(login.statusCode).toBe(401);
    expect(login.json().error).toBe(authMessages.invalidCredentials);
  });

  it('stores only a hash of the password and of the token', async () => {
    const { token, user, password } = await registerUser(t.app);
    const row = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(password);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    const sessions = await memberRows(t.db, 'sessions', user.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).not.toBe(token);
  });

  it.each([
    [{ email: 'a@b.test', password: 'secret-one' }, 'username', authMessages.usernameRequired],
    [
      { username: 'ab', email: 'a@b.test', password: 'secret-one' },
      'username',
      authMessages.usernameTooShort,
    ],
    [
      { username: 'a'.repeat(31), email: 'a@b.test', password: 'secret-one' },
      'username',
      authMessages.usernameTooLong,
    ],
    [
      { username: 'bad name!', email: 'a@b.test', password: 'secret-one' },
      'username',
      authMessages.usernameChars,
    ],
    [
      { username: 'valid_one', email: 'not-an-email', password: 'secret-one' },
      'email',
      authMessages.emailInvalid,
    ],
    [{ username: 'valid_one', password: 'secret-one' }, 'email', authMessages.emailRequired],
    [
      { username: 'valid_one', email: 'a@b.test', password: '12345' },
      'password',
      authMessages.passwordTooShort,
    ],
    [{ username: 'valid_one', email: 'a@b.test' }, 'password', authMessages.passwordRequired],
    [
      {
        username: 'valid_one',
        email: 'a@b.test',
        password: 'secret-one',
        displayName: 'x'.repeat(51),
      },
      'displayName',
      authMessages.displayNameTooLong,
    ],
  ])('rejects %j with a 400 on %s and creates nothing', async (payload, field, message) => {
    const before = await countUsers();
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details[field]).toBe(message);
    expect(body.error).toBeTruthy();
    expect(await countUsers()).toBe(before);
  });

  it('reports every invalid field at once', async () => {
    const res = await register('x', 'nope', '1');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details).sort()).toEqual(['email', 'password', 'username']);
  });

  it('refuses a username taken in another case with 409 and creates nothing', async () => {
    await registerUser(t.app, { username: 'Arya' });
    const before = await countUsers();
    const res = await register('aRYA', 'other@x.test', 'needle-one');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      error: authMessages.usernameTaken,
      details: { username: authMessages.usernameTaken },
    });
    expect(await countUsers()).toBe(before);
  });

  it('names only the username when both the username and the email are taken', async () => {
    await registerUser(t.app, { username: 'brienne', email: 'brienne@tarth.test' });
    const res = await register('Brienne', 'brienne@tarth.test', 'oathkeeper');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'USERNAME_TAKEN',
      error: authMessages.usernameTaken,
      details: { username: authMessages.usernameTaken },
    });
  });

  it('lets exactly one of many simultaneous accounts of one name be made', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        t.app.services.registration.createAccount({
          username: 'racer',
          email: `racer${i}@x.test`,
          password: 'fast and loose',
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const refused = attempts.filter((a) => a.status === 'rejected');
    expect(refused).toHaveLength(7);
    for (const r of refused) expect((r.reason as { statusCode: number }).statusCode).toBe(409);
    const rows = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', 'racer')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers malformed JSON with 400 INVALID_JSON, never 500', async () => {
    const res = await registerRaw('application/json', '{"username": "broken",');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_JSON');
  });

  it.each([['[]'], ['"just a string"'], ['null'], ['42']])(
    'answers a JSON %s body with 400',
    async (payload) => {
      const res = await registerRaw('application/json', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBeTruthy();
    },
  );

  it('answers a body over 1 MB with 413', async () => {
    const res = await register('big', 'b@b.test', 'x'.repeat(1_100_000));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await registerRaw('application/xml', '<user/>');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in by username or email, in any case', async () => {
    const { user, password } = await registerUser(t.app, {
      username: 'Tyrion',
      email: 'tyrion@lannister.test',
    });
    for (const identifier of ['Tyrion', 'tyrion', 'TYRION@lannister.TEST']) {
      const res = await signIn(identifier, password);
      expect(res.statusCode, identifier).toBe(200);
      expect(res.json().user.id).toBe(user.id);
      expectNoSecrets(res.body);
    }
  });

  it('gives the same 401 for a wrong password and an unknown account', async () => {
    const { password } = await registerUser(t.app, { username: 'cersei' });
    const wrong = await signIn('cersei', `${password}!`);
    const unknown = await signIn('nobody_here', password);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: authMessages.invalidCredentials,
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('requires both fields', async () => {
    const res = await signIn('  ', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({
      identifier: authMessages.identifierRequired,
      password: authMessages.passwordRequired,
    });
  });
});

describe('sessions', () => {
  it('GET /api/auth/me is 401 without a token, with a garbage token and with a malformed header', async () => {
    for (const headers of [
      {},
      bearer('not-a-real-token'),
      { authorization: 'Basic abc' },
      bearer('x'.repeat(5000)),
    ]) {
      const res = await t.app.inject({ url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('logout revokes the token and only that token', async () => {
    const { token, password, user } = await registerUser(t.app);
    const second = (await signIn(user.username, password)).json().token as string;
    const res = await post('/api/auth/logout', undefined, bearer(token));
    expect(res.statusCode).toBe(204);
    expect((await call(token, { url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await post('/api/auth/logout', undefined, bearer(token))).statusCode).toBe(401);
    expect((await call(second, { url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('refresh rotates the token: the old one stops working', async () => {
    const { token } = await registerUser(t.app);
    const res = await post('/api/auth/refresh', undefined, bearer(token));
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    expect(fresh).not.toBe(token);
    expect((await call(token, { url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await call(fresh, { url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', undefined, bearer(token))).statusCode).toBe(401);
  });

  it('rejects an expired token and forgets it', async () => {
    const { token, user } = await registerUser(t.app);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await call(token, { url: '/api/auth/me' })).statusCode).toBe(401);
    const left = await memberRows(t.db, 'sessions', user.id, ['id']);
    expect(left).toHaveLength(0);
  });

  it('slides the expiry forward when a token is used after a while', async () => {
    const { token, user } = await registerUser(t.app);
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await t.db.kysely
      .updateTable('sessions')
      .set({ last_used_at: old, expires_at: soon })
      .where('user_id', '=', user.id)
      .execute();
    expect((await call(token, { url: '/api/auth/me' })).statusCode).toBe(200);
    const row = await t.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });

  it("never shows one user's email to another", async () => {
    const a = await registerUser(t.app, {
      username: 'private_arya',
      email: 'private-a@x.test',
      displayName: 'Arya Private',
    });
    const b = await registerUser(t.app);
    // Every response that carries another user: the viewer's own profile, user search and
    // global search, signed in and anonymously. Each must find A (else the check is empty).
    const me = await call(b.token, { url: '/api/auth/me' });
    expect(me.json().user.id).toBe(b.user.id);
    expect(me.body).not.toContain('private-a@x.test');
    for (const headers of [bearer(b.token), {}]) {
      for (const url of ['/api/search/users?q=private_arya', '/api/search?q=private_arya']) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(`"id":${a.user.id}`);
        expect(res.body).not.toContain('private-a@x.test');
        expect(res.body).not.toMatch(/"email"/);
      }
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After once an IP exceeds the login limit', async () => {
    const limited = await buildTestApp({ authRateLimit: { max: 3, timeWindow: '1 minute' } });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { identifier: 'x', password: 'y' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().code).toBe('RATE_LIMITED');
      expect(res.json().error).toContain(authMessages.tooManyAttempts);
      // Another IP is not affected.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: 'x', password: 'y' },
        remoteAddress: '10.1.2.3',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

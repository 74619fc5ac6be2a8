import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authLimits, authMessages } from '@series-tracker/contracts';
import type { TestApp } from '../../../test/build-test-app';
import { bearer, registerUser } from '../../../test/factories';
import type { startSmtp } from '../../../test/smtp';
import { buildMailingTestApp, tokenIn } from '../../../test/smtp';

/**
 * Registration does not reveal whether an address has an account (issue 21, ADR 152): one
 * 202 for both, a finishing link to a new address, a reminder to the owner of a known one.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  ({ t, smtp } = await buildMailingTestApp({ publicUrl: 'https://tracker.example.test' }));
  // The site has its first account, so registering goes the mailed way (first run: ADR 173,
  // first-run.test.ts).
  await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let seq = 0;
const fresh = (name: string) => `${name}${++seq}${Date.now().toString(36)}`;

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });
const register = (body: { username: string; email: string; password?: string }) =>
  post('/api/auth/register', { password: 'winter is coming', ...body });
const finish = (token: string) => post('/api/auth/finish-registration', { token });

const users = (emailLower: string) =>
  t.db.kysely
    .selectFrom('users')
    .select(['id', 'username'])
    .where('email_lower', '=', emailLower)
    .execute();

/** Every queued mail delivered: what has not arrived by now was never sent. */
const mailsSettled = () => t.app.services.jobs.idle('mail.send');

describe('registering with a new address', () => {
  it('mails a link that creates the account, confirmed and signed in, once', async () => {
    const username = fresh('Arya_');
    const email = `${username}@Braavos.test`;
    const res = await register({ username, email });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: authMessages.registrationSent, email });
    expect(await users(email.toLowerCase())).toHaveLength(0);

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Finish creating your Series Tracker account');
    expect(mail.text).toContain(`the username ${username}`);
    expect(mail.text).toContain('https://tracker.example.test/finish-registration?token=');
    const token = tokenIn(mail, 'finish-registration');

    const done = await finish(token);
    expect(done.statusCode).toBe(201);
    const body = done.json();
    expect(body.user).toMatchObject({ username, email, emailVerified: true, isPublic: true });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(done.body).not.toMatch(/scrypt\$|password|token_hash/i);
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(body.token) });
    expect(me.json().user.username).toBe(username);
    // The password chosen when registering signs in from now on.
    const login = await post('/api/auth/login', {
      identifier: email,
      password: 'winter is coming',
    });
    expect(login.statusCode).toBe(200);

    // Single use: the same link again creates nothing and says what to do.
    const again = await finish(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      error: authMessages.registrationLinkInvalid,
    });
    expect(await users(email.toLowerCase())).toHaveLength(1);
    // The address was proven by the link: no confirmation mail follows.
    await mailsSettled();
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });

  it('replaces the first link when the same address registers again', async () => {
    const username = fresh('bran');
    const email = `${username}@winterfell.test`;
    expect((await register({ username, email })).statusCode).toBe(202);
    const first = tokenIn(await smtp.waitFor(email, 1), 'finish-registration');
    // Same address, another username: its own earlier registration holds nothing against it.
    const second = fresh('brandon');
    expect((await register({ username: second, email })).statusCode).toBe(202);
    const latest = tokenIn(await smtp.waitFor(email, 2), 'finish-registration');

    expect((await finish(first)).statusCode).toBe(400);
    const done = await finish(latest);
    expect(done.statusCode).toBe(201);
    expect(done.json().user.username).toBe(second);
    // The first username is free again.
    expect((await register({ username, email: `${username}@other.test` })).statusCode).toBe(202);
  });

  it('answers every one of simultaneous registrations of one address, keeping one', async () => {
    const email = `${fresh('rush')}@example.test`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => register({ username: fresh('rush'), email })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    const rows = await t.db.kysely
      .selectFrom('pending_registrations')
      .select('id')
      .where('email_lower', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an expired link and creates nothing', async () => {
    const username = fresh('hodor');
    const email = `${username}@winterfell.test`;
    await register({ username, email });
    const token = tokenIn(await smtp.waitFor(email), 'finish-registration');
    await t.db.kysely
      .updateTable('pending_registrations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email_lower', '=', email)
      .execute();
    const res = await finish(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(authMessages.registrationLinkInvalid);
    expect(await users(email)).toHaveLength(0);
  });

  it.each([
    [{}, 400],
    [{ token: '' }, 400],
    [{ token: 'not-a-token-we-made' }, 400],
    [{ token: 'x'.repeat(500) }, 400],
  ])('answers finish %j with %i, never 500', async (payload, status) => {
    const res = await post('/api/auth/finish-registration', payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBeTruthy();
  });

  it('answers 409 when the address or the username got an account before the link was opened', async () => {
    const a = fresh('jaime');
    await register({ username: a, email: `${a}@rock.test` });
    const tokenA = tokenIn(await smtp.waitFor(`${a}@rock.test`), 'finish-registration');
    // Another member changes their address to this one meanwhile (a fixture stands in).
    await registerUser(t.app, { email: `${a.toUpperCase()}@ROCK.test` });
    const lost = await finish(tokenA);
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toEqual({
      code: 'CONFLICT',
      error: authMessages.registrationAddressTaken,
    });

    const b = fresh('cersei');
    await register({ username: b, email: `${b}@rock.test` });
    const tokenB = tokenIn(await smtp.waitFor(`${b}@rock.test`), 'finish-registration');
    await registerUser(t.app, { username: b.toUpperCase() });
    const taken = await finish(tokenB);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('USERNAME_TAKEN');
    expect(await users(`${b}@rock.test`)).toHaveLength(0);
  });
});

describe('registering with an address that has an account', () => {
  it('answers exactly like a new address; only the owner is told, by mail', async () => {
    const owner = await registerUser(t.app, { username: fresh('sansa') });
    const ownerEmail = owner.user.email;
    const typed = ownerEmail.toUpperCase();
    const newcomer = fresh('sansa_two');
    const known = await register({ username: newcomer, email: typed });
    const unknownEmail = `${fresh('nobody')}@example.test`;
    const unknown = await register({ username: fresh('sansa_three'), email: unknownEmail });

    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual({ message: authMessages.registrationSent, email: typed });
    expect(Object.keys(known.json())).toEqual(Object.keys(unknown.json()));
    expect(known.body.replace(typed, 'X')).toBe(unknown.body.replace(unknownEmail, 'X'));
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);

    const mail = await smtp.waitFor(ownerEmail);
    expect(mail.subject).toBe('You already have a Series Tracker account');
    expect(mail.text).toContain(`username ${owner.user.username}`);
    expect(mail.text).toContain('https://tracker.example.test/login');
    expect(mail.text).not.toContain('finish-registration');
    await mailsSettled();
    expect(smtp.mailsTo(ownerEmail)).toHaveLength(1);
    // No second account, and the newcomer's password signs nobody in.
    expect(await users(ownerEmail.toLowerCase())).toEqual([
      { id: owner.user.id, username: owner.user.username },
    ]);
    const login = await post('/api/auth/login', {
      identifier: newcomer,
      password: 'winter is coming',
    });
    expect(login.statusCode).toBe(401);
  });

  it('holds the username for 24 hours just as a new address would', async () => {
    const owner = await registerUser(t.app);
    const heldByKnown = fresh('rickon');
    const heldByNew = fresh('shaggydog');
    expect((await register({ username: heldByKnown, email: owner.user.email })).statusCode).toBe(
      202,
    );
    expect(
      (await register({ username: heldByNew, email: `${heldByNew}@wolf.test` })).statusCode,
    ).toBe(202);
    for (const username of [heldByKnown, heldByNew]) {
      const res = await register({ username, email: `${fresh('else')}@wolf.test` });
      expect(res.statusCode, username).toBe(409);
      expect(res.json()).toEqual({
        code: 'USERNAME_TAKEN',
        error: authMessages.usernameTaken,
        details: { username: authMessages.usernameTaken },
      });
    }
  });
});

it(`sends one address at most ${authLimits.registrationMailsPerHour} registration mails an hour, answering alike`, async () => {
  const owner = await registerUser(t.app);
  const email = `${fresh('floody')}@example.test`;
  for (let i = 0; i < authLimits.registrationMailsPerHour + 2; i++) {
    expect((await register({ username: fresh('flood'), email })).statusCode).toBe(202);
    expect((await register({ username: fresh('flood'), email: owner.user.email })).statusCode).toBe(
      202,
    );
  }
  await smtp.waitFor(email, authLimits.registrationMailsPerHour);
  await mailsSettled();
  expect(smtp.mailsTo(email)).toHaveLength(authLimits.registrationMailsPerHour);
  expect(smtp.mailsTo(owner.user.email)).toHaveLength(authLimits.registrationMailsPerHour);
});

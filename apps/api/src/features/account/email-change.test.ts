import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLimits, accountMessages } from '@series-tracker/contracts';
import type { TestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { registerUser } from '../../../test/factories';
import type { startSmtp } from '../../../test/smtp';
import { buildMailingTestApp, tokenIn } from '../../../test/smtp';

/**
 * Changing the e-mail address does not reveal whether an address has an account (issue 21,
 * ADR 152 "E-mail change"): the same answer for a free and a taken address, the address in
 * force until the link mailed to the new one is opened, and the owner of a taken one told.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  ({ t, smtp } = await buildMailingTestApp({
    publicUrl: 'https://tracker.example.test',
    sessionCacheSeconds: 30,
  }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = caller(() => t.app);

let seq = 0;
const fresh = (name: string) => `${name}${++seq}${Date.now().toString(36)}@example.test`;

type Member = Awaited<ReturnType<typeof registerUser>>;
const change = (m: Member, email: string) =>
  call(m.token, {
    method: 'PUT',
    url: '/api/users/me',
    payload: { email, currentPassword: m.password },
  });
const me = (m: Member) => call(m.token, { url: '/api/auth/me' });
const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const stored = (id: number) =>
  t.db.kysely
    .selectFrom('users')
    .select(['email', 'email_lower', 'email_verified_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** Every queued mail delivered: what has not arrived by now was never sent. */
const mailsSettled = () => t.app.services.jobs.idle('mail.send');

describe('asking for a new address', () => {
  it('answers a free and a taken address byte for byte alike, and switches nothing', async () => {
    const a = await registerUser(t.app);
    const owner = await registerUser(t.app);
    const free = fresh('free');
    const taken = owner.user.email.toUpperCase();

    const toFree = await change(a, free);
    const toTaken = await change(a, taken);
    expect(toFree.statusCode).toBe(200);
    expect(toTaken.statusCode).toBe(200);
    expect(toFree.json().user).toEqual({ ...a.user, pendingEmail: free });
    expect(toTaken.body.replace(taken, 'X')).toBe(toFree.body.replace(free, 'X'));
    expect(toTaken.headers['content-type']).toBe(toFree.headers['content-type']);

    // The address in force stays, still confirmed, still signed in.
    expect((await me(a)).json().user).toEqual({ ...a.user, pendingEmail: taken });
    expect(await stored(a.user.id)).toMatchObject({ email: a.user.email });
    expect((await stored(a.user.id)).email_verified_at).not.toBeNull();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: a.user.email, password: a.password },
    });
    expect(login.json().user.pendingEmail).toBe(taken);

    // The free address got the link; the owner of the taken one got a note, no link.
    const confirm = await smtp.waitFor(free);
    expect(confirm.subject).toBe('Confirm your new e-mail address for Series Tracker');
    expect(confirm.text).toContain('https://tracker.example.test/verify-email?token=');
    const note = await smtp.waitFor(owner.user.email);
    expect(note.subject).toBe(
      'Someone tried to use your address for another Series Tracker account',
    );
    expect(note.text).toContain(owner.user.username);
    expect(note.text).not.toContain(a.user.username);
    expect(note.text).not.toContain(a.user.email);
    expect(note.text).not.toContain('token=');
    await mailsSettled();
    expect(smtp.mailsTo(a.user.email)).toHaveLength(0);
    expect(smtp.mailsTo(owner.user.email)).toHaveLength(1);
  });

  it('still needs the current password, checked first', async () => {
    const a = await registerUser(t.app);
    const owner = await registerUser(t.app);
    const res = await call(a.token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { email: owner.user.email, currentPassword: 'not the password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.currentPassword).toBe(accountMessages.currentPasswordIncorrect);
    await mailsSettled();
    expect(smtp.mailsTo(owner.user.email)).toHaveLength(0);
    expect((await me(a)).json().user.pendingEmail).toBeNull();
  });

  it('changes only the case at once, and calls a pending change off', async () => {
    const a = await registerUser(t.app);
    const other = fresh('other');
    await change(a, other);
    const link = tokenIn(await smtp.waitFor(other), 'verify-email');
    const upper = a.user.email.toUpperCase();
    const res = await change(a, upper);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: upper,
      emailVerified: true,
      pendingEmail: null,
    });
    expect((await verify(link)).statusCode).toBe(400);
    expect((await stored(a.user.id)).email).toBe(upper);
  });

  it(`mails one address at most ${accountLimits.emailChangeMailsPerHour} times an hour, answering alike`, async () => {
    const owner = await registerUser(t.app);
    const free = fresh('floody');
    const members = await Promise.all(
      Array.from({ length: accountLimits.emailChangeMailsPerHour + 2 }, () => registerUser(t.app)),
    );
    for (const m of members) {
      const toFree = await change(m, free);
      const toTaken = await change(m, owner.user.email);
      expect([toFree.statusCode, toTaken.statusCode]).toEqual([200, 200]);
      expect(toTaken.json().user.pendingEmail).toBe(owner.user.email);
    }
    await smtp.waitFor(free, accountLimits.emailChangeMailsPerHour);
    await mailsSettled();
    expect(smtp.mailsTo(free)).toHaveLength(accountLimits.emailChangeMailsPerHour);
    expect(smtp.mailsTo(owner.user.email)).toHaveLength(accountLimits.emailChangeMailsPerHour);
  });
});

it(`lets one account ask for at most ${accountLimits.emailChangesPerHour} changes an hour; the next changes nothing`, async () => {
  const m = await registerUser(t.app);
  const asked: string[] = [];
  for (let i = 0; i < accountLimits.emailChangesPerHour; i++) {
    const email = fresh('spray');
    asked.push(email);
    expect((await change(m, email)).statusCode).toBe(200);
  }
  const last = asked.at(-1)!;
  const refused = await call(m.token, {
    method: 'PUT',
    url: '/api/users/me',
    payload: { email: fresh('spray'), currentPassword: m.password, displayName: 'Renamed' },
  });
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({
    code: 'RATE_LIMITED',
    error: accountMessages.tooManyMails,
  });
  const after = (await me(m)).json().user;
  expect(after).toMatchObject({ pendingEmail: last, email: m.user.email });
  expect(after.displayName).toBe(m.user.displayName);
  await mailsSettled();
  expect(asked.map((a) => smtp.mailsTo(a).length)).toEqual(asked.map(() => 1));
});

describe('the link to the new address', () => {
  it('switches the address, confirmed, tells the old one with its undo link, once', async () => {
    const a = await registerUser(t.app);
    const email = fresh('New.Home');
    await change(a, email);
    // The session (cached) is still the old address's until the link is opened.
    expect((await me(a)).json().user.email).toBe(a.user.email);
    const res = await verify(tokenIn(await smtp.waitFor(email), 'verify-email'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: accountMessages.emailChanged });

    const user = (await me(a)).json().user;
    expect(user).toMatchObject({ email, emailVerified: true, pendingEmail: null });
    expect(await stored(a.user.id)).toMatchObject({ email, email_lower: email.toLowerCase() });
    const undo = await smtp.waitFor(a.user.email);
    expect(undo.subject).toBe('Your Series Tracker e-mail address was changed');
    expect(undo.text).toContain('/undo-email-change?token=');
    expect(undo.text).not.toContain(email);
    // No confirmation mail follows: the link proved the mailbox.
    await mailsSettled();
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });

  it('replaces an earlier link with a second change', async () => {
    const a = await registerUser(t.app);
    const first = fresh('first');
    const second = fresh('second');
    await change(a, first);
    await change(a, second);
    expect((await me(a)).json().user.pendingEmail).toBe(second);
    const old = await verify(tokenIn(await smtp.waitFor(first), 'verify-email'));
    expect(old.statusCode).toBe(400);
    expect((await stored(a.user.id)).email).toBe(a.user.email);
    expect((await verify(tokenIn(await smtp.waitFor(second), 'verify-email'))).statusCode).toBe(
      200,
    );
    expect((await stored(a.user.id)).email).toBe(second);
  });

  it('refuses an address taken meanwhile with a neutral 409, changing nothing', async () => {
    const a = await registerUser(t.app);
    const email = fresh('contested');
    await change(a, email);
    const link = tokenIn(await smtp.waitFor(email), 'verify-email');
    await registerUser(t.app, { email });
    const res = await verify(link);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      error: accountMessages.emailChangeUnavailable,
    });
    expect((await stored(a.user.id)).email).toBe(a.user.email);
    expect((await me(a)).json().user.email).toBe(a.user.email);
    await mailsSettled();
    expect(smtp.mailsTo(a.user.email)).toHaveLength(0);
  });

  it('refuses an expired link', async () => {
    const a = await registerUser(t.app);
    const email = fresh('late');
    await change(a, email);
    const link = tokenIn(await smtp.waitFor(email), 'verify-email');
    await t.db.kysely
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', a.user.id)
      .where('purpose', '=', 'email-change')
      .execute();
    expect((await me(a)).json().user.pendingEmail).toBeNull();
    const res = await verify(link);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
    expect((await stored(a.user.id)).email).toBe(a.user.email);
  });
});

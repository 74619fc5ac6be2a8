import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, authMessages } from '@series-tracker/contracts';
import type { TestApp } from '../../../test/build-test-app';
import { buildShow, registerUser } from '../../../test/factories';
import type { startSmtp } from '../../../test/smtp';
import { buildMailingTestApp, tokenIn } from '../../../test/smtp';
import { hashToken } from '../auth/tokens';
import { FORGOT_PASSWORD_JOB } from './account.service';
import { caller } from '../../../test/http';
import { memberRows, showRow } from '../../../test/test-db';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'uploads-'));
  ({ t, smtp } = await buildMailingTestApp({ uploadDir }, uploadDir));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

const call = caller(() => t.app);
const post = (url: string, payload?: object, token: string | null = null) =>
  call(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
const me = (token: string) => call(token, { url: '/api/auth/me' });
const login = (identifier: string, password: string) =>
  post('/api/auth/login', { identifier, password });

describe('forgot and reset password', () => {
  it('mails a one-time link whose token resets the password and ends every session', async () => {
    const u = await registerUser(t.app);
    const second = (await login(u.user.username, u.password)).json().token as string;

    const res = await post('/api/auth/forgot-password', { email: u.user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: accountMessages.forgotPasswordSent });

    const resetMail = (await smtp.waitForSubject(u.user.email, (s) => s.startsWith('Reset')))!;
    expect(resetMail.subject).toBe('Reset your Series Tracker password');
    const token = tokenIn(resetMail, 'reset-password');

    // Stored hashed only.
    const rows = await t.db.kysely
      .selectFrom('account_tokens')
      .selectAll()
      .where('user_id', '=', u.user.id)
      .where('purpose', '=', 'password-reset')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(rows[0]!.token_hash).not.toContain(token);
    const ttl = Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at);
    expect(ttl).toBe(60 * 60_000);

    const reset = await post('/api/auth/reset-password', { token, password: 'brand new pass' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: accountMessages.passwordReset });

    // Every old session is gone.
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    // The old password no longer works, the new one does.
    expect((await login(u.user.username, u.password)).statusCode).toBe(401);
    expect((await login(u.user.username, 'brand new pass')).statusCode).toBe(200);

    // The token works once.
    const again = await post('/api/auth/reset-password', { token, password: 'another pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'TOKEN_USED', error: accountMessages.tokenUsed });
    expect((await login(u.user.username, 'another pass')).statusCode).toBe(401);

    // The owner is told the password changed.
    const notice = await smtp.waitForSubject(u.user.email, (s) => s.includes('was changed'));
    expect(notice.text).toContain('/forgot-password');
  });

  it('gives an unknown address the same answer and sends nothing', async () => {
    const u = await registerUser(t.app);
    const outcomes = async () => {
      await t.app.services.jobs.idle(FORGOT_PASSWORD_JOB);
      const rows = await t.db.kysely
        .selectFrom('jobs')
        .select('result')
        .where('name', '=', FORGOT_PASSWORD_JOB)
        .where('state', '=', 'completed')
        .execute();
      return rows.map((r) => r.result);
    };
    const before = await outcomes();
    const known = await post('/api/auth/forgot-password', { email: u.user.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.test' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    // Both just queued the same job; the one for the unknown address found no account (the
    // job keeps no address once finished).
    const after = await outcomes();
    const added = after.slice(before.length).sort();
    expect(added).toEqual(['{"sent":false}', '{"sent":true}']);
    await smtp.waitFor(u.user.email, 1); // the reset (a finished registration is confirmed already)
    expect(smtp.mailsTo('nobody-here@example.test')).toHaveLength(0);
  });

  it('rejects an expired token, a made-up token and a short password, changing nothing', async () => {
    const u = await registerUser(t.app);
    await post('/api/auth/forgot-password', { email: u.user.email });
    const mail = await smtp.waitForSubject(u.user.email, (s) => s.startsWith('Reset'));
    const token = tokenIn(mail, 'reset-password');

    const short = await post('/api/auth/reset-password', { token, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details.password).toBe(authMessages.passwordTooShort);

    const madeUp = await post('/api/auth/reset-password', {
      token: 'x'.repeat(43),
      password: 'whatever1',
    });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      error: accountMessages.tokenInvalid,
    });

    await t.db.kysely
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const expired = await post('/api/auth/reset-password', { token, password: 'whatever1' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'TOKEN_EXPIRED',
      error: accountMessages.tokenExpired,
    });
    expect((await me(u.token)).statusCode).toBe(200);
    expect((await login(u.user.username, u.password)).statusCode).toBe(200);
  });

  it('lets exactly one of several simultaneous resets with one token through', async () => {
    const u = await registerUser(t.app);
    await post('/api/auth/forgot-password', { email: u.user.email });
    const mail = await smtp.waitForSubject(u.user.email, (s) => s.startsWith('Reset'));
    const token = tokenIn(mail, 'reset-password');
    const results = await Promise.all(
      ['first pass 1', 'second pass 2', 'third pass 3', 'fourth pass 4'].map((password) =>
        post('/api/auth/reset-password', { token, password }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400).map((r) => r.json().code)).toEqual([
      'TOKEN_USED',
      'TOKEN_USED',
      'TOKEN_USED',
    ]);
    // Exactly one of the passwords took.
    const working = [];
    for (const password of ['first pass 1', 'second pass 2', 'third pass 3', 'fourth pass 4'])
      if ((await login(u.user.username, password)).statusCode === 200) working.push(password);
    expect(working).toHaveLength(1);
  });

  it('limits reset mails per address, known or not', async () => {
    const email = `limit-${Date.now()}@example.test`;
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const sixth = await post('/api/auth/forgot-password', { email: email.toUpperCase() });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: accountMessages.tooManyMails,
    });
    // Another address is not affected.
    expect((await post('/api/auth/forgot-password', { email: `other-${email}` })).statusCode).toBe(
      200,
    );
  });
});

describe('email verification', () => {
  /** A member who asked for a new address, and the link mailed to it (ADR 152). */
  async function movedMember() {
    const u = await registerUser(t.app);
    // Registration finished by its mailed link: the address is confirmed already (ADR 152).
    expect(u.user.emailVerified).toBe(true);
    const email = `moved-${u.user.email}`;
    const change = await call(u.token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { email, currentPassword: u.password },
    });
    expect(change.statusCode).toBe(200);
    // Nothing switches before the link: the old address stays, confirmed.
    expect(change.json().user).toMatchObject({
      email: u.user.email,
      emailVerified: true,
      pendingEmail: email,
    });
    const mail = await smtp.waitForSubject(email, (s) => s.startsWith('Confirm'));
    return { u, email, mail };
  }

  /** A member whose address was never confirmed (an account made before ADR 152). */
  async function unconfirmedMember() {
    const u = await registerUser(t.app);
    await t.db.kysely
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('id', '=', u.user.id)
      .execute();
    return u;
  }

  it('mails a link to a new address that switches to it, confirmed, once', async () => {
    const { u, email, mail } = await movedMember();
    expect(mail.subject).toBe('Confirm your new e-mail address for Series Tracker');
    const token = tokenIn(mail, 'verify-email');

    const res = await post('/api/auth/verify-email', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: accountMessages.emailChanged });
    expect((await me(u.token)).json().user).toMatchObject({
      email,
      emailVerified: true,
      pendingEmail: null,
    });

    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_USED');

    const resend = await post('/api/auth/resend-verification', undefined, u.token);
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ code: 'ALREADY_VERIFIED' });
  });

  it('resends on request, at most 3 an hour, and a link for an old address confirms nothing', async () => {
    const u = await unconfirmedMember();
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/auth/resend-verification', undefined, u.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: accountMessages.verificationSent });
    }
    expect((await post('/api/auth/resend-verification', undefined, u.token)).statusCode).toBe(429);
    const first = tokenIn(await smtp.waitFor(u.user.email, 1), 'verify-email');
    const resent = tokenIn(await smtp.waitFor(u.user.email, 3), 'verify-email');
    expect(resent).not.toBe(first);
    const confirmed = await post('/api/auth/verify-email', { token: first });
    expect(confirmed.json()).toEqual({ message: accountMessages.emailVerified });
    expect((await me(u.token)).json().user.emailVerified).toBe(true);

    // Change the address (through its link): links sent to the old one confirm nothing.
    await t.db.kysely
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('id', '=', u.user.id)
      .execute();
    const newEmail = `again-${u.user.email}`;
    const change = await call(u.token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { email: newEmail, currentPassword: u.password },
    });
    expect(change.statusCode).toBe(200);
    const link = tokenIn(await smtp.waitFor(newEmail), 'verify-email');
    expect((await post('/api/auth/verify-email', { token: link })).statusCode).toBe(200);
    const stale = await post('/api/auth/verify-email', { token: resent });
    expect(stale.statusCode).toBe(400);
    expect((await me(u.token)).json().user).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('needs a token', async () => {
    const res = await post('/api/auth/verify-email', { token: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.token).toBe(accountMessages.tokenRequired);
  });
});

describe('change password', () => {
  it('refuses a wrong current password beside its field and changes nothing', async () => {
    const u = await registerUser(t.app);
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: 'wrong one', newPassword: 'new password' },
      u.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: accountMessages.currentPasswordIncorrect,
      details: { currentPassword: accountMessages.currentPasswordIncorrect },
    });
    expect((await login(u.user.username, u.password)).statusCode).toBe(200);
  });

  it('sets the new password and signs out every other session, keeping this one', async () => {
    const u = await registerUser(t.app);
    const other = (await login(u.user.username, u.password)).json().token as string;
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: u.password, newPassword: 'changed password' },
      u.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: accountMessages.passwordChanged });
    expect((await me(u.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(u.user.username, 'changed password')).statusCode).toBe(200);
    expect((await login(u.user.username, u.password)).statusCode).toBe(401);
  });

  it('validates the new password with the registration rule', async () => {
    const u = await registerUser(t.app);
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: u.password, newPassword: '123' },
      u.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details.newPassword).toBe(authMessages.passwordTooShort);
  });
});

describe('wrong passwords per account', () => {
  // ADR 150: the address that guessed is refused; the member is slowed down, never locked out.
  it('after 5 wrong passwords the guessing address gets 429, the member still gets in', async () => {
    const u = await registerUser(t.app);
    const bystander = await registerUser(t.app);
    for (let i = 0; i < 5; i++)
      expect((await login(u.user.username, `wrong ${i}`)).statusCode).toBe(401);
    // The same name, even with the right password (its e-mail address has a budget of its
    // own, so a spent name does not show which address is its: review of 2026-11-26).
    const locked = await login(u.user.username.toUpperCase(), u.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: accountMessages.tooManyPasswordFailures,
    });
    // A check inside the member's own session is slowed, not refused.
    const change = await post(
      '/api/auth/change-password',
      { currentPassword: u.password, newPassword: 'something new' },
      u.token,
    );
    expect(change.statusCode).toBe(200);
    expect((await login(bystander.user.username, bystander.password)).statusCode).toBe(200);
  });

  it('a right password resets the count', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 4; i++) await login(u.user.username, `wrong ${i}`);
    expect((await login(u.user.username, u.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(u.user.username, `wrong ${i}`);
    expect((await login(u.user.username, u.password)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('lists the account sessions with the current one marked', async () => {
    const u = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: u.user.username, password: u.password },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
    });
    const res = await call(u.token, { url: '/api/auth/sessions' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(2);
    expect(data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(data.map((s: { userAgent: string }) => s.userAgent)).toContain(
      'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    );
    expect(res.body).not.toMatch(/token/i);
  });

  it('signs one session out, never another account’s (404)', async () => {
    const u = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const other = (await login(u.user.username, u.password)).json().token as string;
    const list = (await call(u.token, { url: '/api/auth/sessions' })).json().data as {
      id: number;
      current: boolean;
    }[];
    const otherId = list.find((s) => !s.current)!.id;

    const foreign = await call(stranger.token, {
      method: 'DELETE',
      url: `/api/auth/sessions/${otherId}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(other)).statusCode).toBe(200);

    const res = await call(u.token, { method: 'DELETE', url: `/api/auth/sessions/${otherId}` });
    expect(res.statusCode).toBe(204);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(u.token)).statusCode).toBe(200);
    expect(
      (await call(u.token, { method: 'DELETE', url: `/api/auth/sessions/${otherId}` })).statusCode,
    ).toBe(404);
  });

  it('signs out everywhere else', async () => {
    const u = await registerUser(t.app);
    const others = [];
    for (let i = 0; i < 3; i++)
      others.push((await login(u.user.username, u.password)).json().token as string);
    const res = await call(u.token, { method: 'DELETE', url: '/api/auth/sessions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 3 });
    for (const token of others) expect((await me(token)).statusCode).toBe(401);
    expect((await me(u.token)).statusCode).toBe(200);
  });
});

describe('PUT /api/users/me', () => {
  const put = (token: string, payload: object) =>
    call(token, { method: 'PUT', url: '/api/users/me', payload });

  it('saves display name, bio, username and privacy, and announces the profile change', async () => {
    const u = await registerUser(t.app);
    const seen: unknown[] = [];
    const off = t.app.services.events.on('user.changed', (p) => void seen.push(p));
    try {
      const res = await put(u.token, {
        displayName: '  Ned Stark ',
        bio: 'Winter is coming.',
        username: `Ned_${u.user.id}`,
        isPrivate: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        displayName: 'Ned Stark',
        bio: 'Winter is coming.',
        username: `Ned_${u.user.id}`,
        isPublic: false,
      });
      const row = await t.db.kysely
        .selectFrom('users')
        .selectAll()
        .where('id', '=', u.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ is_public: 0, username_lower: `ned_${u.user.id}` });
      expect(seen).toEqual([{ userId: u.user.id, change: 'profile' }]);

      // Empty clears; isPrivate false makes the profile public again.
      const cleared = await put(u.token, { displayName: '', bio: '', isPrivate: false });
      expect(cleared.json().user).toMatchObject({ displayName: null, bio: null, isPublic: true });
      // Nothing changed: nothing announced.
      seen.length = 0;
      expect((await put(u.token, { isPrivate: false })).statusCode).toBe(200);
      expect(seen).toEqual([]);
    } finally {
      off();
    }
  });

  it.each([
    [{ displayName: 'x'.repeat(51) }, 'displayName', authMessages.displayNameTooLong],
    [{ bio: 'x'.repeat(501) }, 'bio', accountMessages.bioTooLong],
    [{ username: 'ab' }, 'username', authMessages.usernameTooShort],
    [{ username: 'has space' }, 'username', authMessages.usernameChars],
    [{ username: 'x'.repeat(31) }, 'username', authMessages.usernameTooLong],
    [{ email: 'nope' }, 'email', authMessages.emailInvalid],
    [{ isPrivate: 'yes' }, 'isPrivate', undefined],
  ])('rejects %j on %s and changes nothing', async (payload, field, message) => {
    const u = await registerUser(t.app);
    const res = await put(u.token, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().details[field]).toBe(message);
    else expect(res.json().details[field]).toBeTruthy();
    expect((await me(u.token)).json().user).toEqual(u.user);
  });

  it('refuses a username another account has, in any case (409 on the field)', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await put(b.token, { username: a.user.username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      details: { username: authMessages.usernameTaken },
    });
    // Changing only the case of one's own name is fine.
    const own = await put(a.token, { username: a.user.username.toUpperCase() });
    expect(own.statusCode).toBe(200);
  });

  it('asks for the current password to change the email, and never says an address is taken', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const missing = await put(a.token, { email: 'new@example.test' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.currentPassword).toBe(accountMessages.currentPasswordRequired);
    const wrong = await put(a.token, { email: 'new@example.test', currentPassword: 'nope nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.currentPassword).toBe(accountMessages.currentPasswordIncorrect);
    // A taken address is answered like a free one (ADR 152); its owner is told by mail.
    const taken = await put(a.token, {
      email: b.user.email.toUpperCase(),
      currentPassword: a.password,
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().user).toEqual({ ...a.user, pendingEmail: b.user.email.toUpperCase() });
    expect((await me(a.token)).json().user.email).toBe(a.user.email);
  });
});

describe('DELETE /api/users/me', () => {
  it('needs the right password and keeps everything on a wrong one', async () => {
    const u = await registerUser(t.app);
    const res = await call(u.token, {
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: 'not it' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.password).toBe(accountMessages.passwordIncorrect);
    expect((await me(u.token)).statusCode).toBe(200);
    const none = await call(u.token, { method: 'DELETE', url: '/api/users/me', payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().details.password).toBe(authMessages.passwordRequired);
  });

  it('deletes the user inside one transaction with every erasure step; counters stay exact', async () => {
    const u = await registerUser(t.app);
    const stays = await registerUser(t.app);
    const show = await buildShow(t.db);
    for (const who of [u, stays]) {
      const added = await call(who.token, {
        method: 'POST',
        url: '/api/user-content-status',
        payload: { showId: show.id },
      });
      expect(added.statusCode).toBe(201);
    }
    const totalUsers = async () => (await showRow(t.db, show.id)).total_users;
    expect(await totalUsers()).toBe(2);
    const statsBefore = (await t.app.inject({ url: '/api/stats/global' })).json().totalUsers;
    const seen: unknown[] = [];
    const off = t.app.services.events.on('user.changed', (p) => void seen.push(p));
    expect(t.app.services.erasure.names()).toContain('tracking');

    const res = await call(u.token, {
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: u.password },
    });
    off();
    expect(res.statusCode).toBe(204);
    expect(seen).toEqual([{ userId: u.user.id, change: 'deleted' }]);
    expect(
      await t.db.kysely
        .selectFrom('users')
        .select('id')
        .where('id', '=', u.user.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    for (const table of ['sessions', 'watchlist_items', 'account_tokens'] as const) {
      const rows = await memberRows(t.db, table, u.user.id, ['id']);
      expect(rows, table).toEqual([]);
    }
    expect(await totalUsers()).toBe(1);
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await login(u.user.username, u.password)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/stats/global' })).json().totalUsers).toBe(
      statsBefore - 1,
    );
    expect((await me(stays.token)).statusCode).toBe(200);
  });

  it('removes what the member wrote and liked, and others keep exact counters', async () => {
    const leaver = await registerUser(t.app);
    const stays = await registerUser(t.app);
    const show = await buildShow(t.db);
    const ok = async (res: Awaited<ReturnType<typeof call>>, status = 201) => {
      expect(res.statusCode, res.body).toBe(status);
      return res.json();
    };
    const review = (token: string, title: string) =>
      call(token, {
        method: 'POST',
        url: '/api/reviews',
        payload: { showId: show.id, title, content: 'A review long enough to count.', rating: 8 },
      });
    const theirs = await ok(await review(stays.token, 'The one that stays'));
    const mine = await ok(await review(leaver.token, 'The one that goes'));
    const theirReviewId = (theirs.review ?? theirs).id as number;
    const myReviewId = (mine.review ?? mine).id as number;
    // The leaver likes and comments on the review that stays; the other likes the leaver's.
    await ok(
      await call(leaver.token, { method: 'POST', url: `/api/reviews/${theirReviewId}/like` }),
      200,
    );
    await ok(
      await call(stays.token, { method: 'POST', url: `/api/reviews/${myReviewId}/like` }),
      200,
    );
    await ok(
      await call(leaver.token, {
        method: 'POST',
        url: `/api/reviews/${theirReviewId}/comments`,
        payload: { content: 'Nice one' },
      }),
    );
    // The leaver follows a list that stays and owns one that goes.
    const list = await ok(
      await call(stays.token, {
        method: 'POST',
        url: '/api/lists',
        payload: { name: 'Keepers', isPublic: true, isRanked: false },
      }),
    );
    const listId = (list.list ?? list).id as number;
    await ok(await call(leaver.token, { method: 'POST', url: `/api/lists/${listId}/follow` }), 200);
    await ok(
      await call(leaver.token, {
        method: 'POST',
        url: '/api/lists',
        payload: { name: 'Leaving with me', isPublic: true, isRanked: false },
      }),
    );

    const counts = async () => {
      const r = await t.db.kysely
        .selectFrom('reviews')
        .select(['likes_count', 'comments_count'])
        .where('id', '=', theirReviewId)
        .executeTakeFirstOrThrow();
      const l = await t.db.kysely
        .selectFrom('lists')
        .select('followers_count')
        .where('id', '=', listId)
        .executeTakeFirstOrThrow();
      const s = await showRow(t.db, show.id);
      return {
        likes: Number(r.likes_count),
        comments: Number(r.comments_count),
        followers: Number(l.followers_count),
        showReviews: Number(s.total_reviews),
      };
    };
    expect(await counts()).toEqual({ likes: 1, comments: 1, followers: 1, showReviews: 2 });

    const res = await call(leaver.token, {
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: leaver.password },
    });
    expect(res.statusCode).toBe(204);
    expect(await counts()).toEqual({ likes: 0, comments: 0, followers: 0, showReviews: 1 });
    for (const table of ['reviews', 'lists', 'review_comments'] as const) {
      const rows = await memberRows(t.db, table, leaver.user.id, ['id']);
      expect(rows, table).toEqual([]);
    }
    expect((await call(stays.token, { url: `/api/reviews/${myReviewId}` })).statusCode).toBe(404);
  });

  it('rolls everything back when an erasure step fails', async () => {
    const u = await registerUser(t.app);
    const show = await buildShow(t.db);
    await call(u.token, {
      method: 'POST',
      url: '/api/user-content-status',
      payload: { showId: show.id },
    });
    // A throwaway erasure instance stands in for a feature whose step fails after tracking's.
    const erasure = t.app.services.erasure;
    const run = erasure.run;
    erasure.run = async (trx, userId) => {
      await run(trx, userId);
      throw new Error('a later step failed');
    };
    try {
      const res = await call(u.token, {
        method: 'DELETE',
        url: '/api/users/me',
        payload: { password: u.password },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      erasure.run = run;
    }
    expect((await me(u.token)).statusCode).toBe(200);
    const total = await showRow(t.db, show.id);
    expect(total.total_users).toBe(1);
  });
});

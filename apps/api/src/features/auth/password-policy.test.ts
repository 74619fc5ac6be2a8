import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, errorCodes } from '@series-tracker/contracts';
import type { TestApp } from '../../../test/build-test-app';
import { bearer, registerUser } from '../../../test/factories';
import type { startSmtp } from '../../../test/smtp';
import { buildMailingTestApp, tokenIn } from '../../../test/smtp';

/**
 * New passwords are at least 8 characters and not on the common-password list (ADR 150), on
 * every path that sets one: registration, change and reset. Refused ones change nothing.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let outbox: string;
beforeAll(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  ({ t, smtp } = await buildMailingTestApp({}, outbox));
  // The site has its first account, so registering goes the mailed way (first run: ADR 173,
  // first-run.test.ts).
  await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await fs.rm(outbox, { recursive: true, force: true });
});

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
/** The member changes their password to `newPassword` (typed twice). */
const changePassword = (u: { password: string; token: string }, newPassword: string) =>
  post(
    '/api/auth/change-password',
    { currentPassword: u.password, newPassword, confirmPassword: newPassword },
    u.token,
  );

describe('password policy', () => {
  it('registration refuses a short password and a common one, creating nothing', async () => {
    const base = { username: 'pat_policy', email: 'pat.policy@example.test' };
    const short = await post('/api/auth/register', { ...base, password: 'abc1234' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: errorCodes.validation,
      details: { password: 'Password must be at least 8 characters long' },
    });
    for (const password of ['password1', 'Iloveyou123', 'qwertyuiop']) {
      const res = await post('/api/auth/register', { ...base, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({
        code: errorCodes.validation,
        error: authMessages.passwordTooCommon,
        details: { password: authMessages.passwordTooCommon },
      });
    }
    const users = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', 'pat_policy')
      .execute();
    expect(users).toEqual([]);
    const ok = await post('/api/auth/register', { ...base, password: 'violet kettle drum' });
    expect(ok.statusCode).toBe(202);
  });

  it('change password refuses a common new password and keeps the old one', async () => {
    const u = await registerUser(t.app);
    const res = await changePassword(u, 'password123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ details: { newPassword: authMessages.passwordTooCommon } });
    const login = await post('/api/auth/login', {
      identifier: u.user.username,
      password: u.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('reset password refuses a common password and leaves the link usable', async () => {
    const u = await registerUser(t.app);
    await post('/api/auth/forgot-password', { email: u.user.email });
    const mail = await smtp.waitForSubject(u.user.email, (s) => s.startsWith('Reset'));
    const token = tokenIn(mail, 'reset-password');
    const common = await post('/api/auth/reset-password', { token, password: 'letmein123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ details: { password: authMessages.passwordTooCommon } });
    const good = await post('/api/auth/reset-password', { token, password: 'amber lantern 42' });
    expect(good.statusCode).toBe(200);
  });

  it('refuses a password the strength estimator scores as trivial, on register, change and reset (review of 2026-11-26)', async () => {
    const base = { username: 'marigold_fan', email: 'marigold.fan@example.test' };
    // Repeats, runs, keyboard rows and the member's own name: long enough, not on the list.
    for (const password of ['aaaaaaaa', 'abcdefgh', 'fastfast', 'marigold_fan1']) {
      const res = await post('/api/auth/register', { ...base, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({
        code: errorCodes.validation,
        error: authMessages.passwordTooWeak,
        details: { password: authMessages.passwordTooWeak },
      });
    }
    // The spec's messages keep their exact words.
    const short = await post('/api/auth/register', { ...base, password: 'aaaa' });
    expect(short.json().details).toEqual({
      password: 'Password must be at least 8 characters long',
    });
    const users = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', 'marigold_fan')
      .execute();
    expect(users).toEqual([]);
    expect(
      (await post('/api/auth/register', { ...base, password: 'a quiet evening in' })).statusCode,
    ).toBe(202);

    const u = await registerUser(t.app);
    const change = await changePassword(u, 'aaaaaaaa');
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ details: { newPassword: authMessages.passwordTooWeak } });

    await post('/api/auth/forgot-password', { email: u.user.email });
    const mail = await smtp.waitForSubject(u.user.email, (s) => s.startsWith('Reset'));
    const token = tokenIn(mail, 'reset-password');
    const weak = await post('/api/auth/reset-password', { token, password: 'abcdefgh' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ details: { password: authMessages.passwordTooWeak } });
    expect(
      (await post('/api/auth/login', { identifier: u.user.username, password: u.password }))
        .statusCode,
    ).toBe(200);
  });
});

import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@series-tracker/contracts';
import type { TestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { registerUser } from '../../../test/factories';
import type { startSmtp } from '../../../test/smtp';
import { buildMailingTestApp, tokenIn } from '../../../test/smtp';
import { hashToken } from '../auth/tokens';

/**
 * Changing the e-mail address tells the old one, with a link that undoes the change for 7
 * days (ADR 150): a stolen session can no longer take an account over quietly. The change
 * happens when the link mailed to the new address is opened (ADR 152), and so does the notice.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let outbox: string;
beforeAll(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  ({ t, smtp } = await buildMailingTestApp({ sessionCacheSeconds: 0 }, outbox));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await fs.rm(outbox, { recursive: true, force: true });
});

const call = caller(() => t.app);

const undo = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/undo-email-change', payload: { token } });

async function changeEmail() {
  const u = await registerUser(t.app);
  const newEmail = `taken.over.${u.user.id}@example.test`;
  const res = await call(u.token, {
    method: 'PUT',
    url: '/api/users/me',
    payload: { email: newEmail, currentPassword: u.password },
  });
  expect(res.statusCode).toBe(200);
  // Nothing is switched, and the old address told of nothing, before the new one's link.
  expect(res.json().user).toMatchObject({ email: u.user.email, pendingEmail: newEmail });
  const confirm = await smtp.waitForSubject(newEmail, (s) => s.startsWith('Confirm your new'));
  expect(smtp.mailsTo(u.user.email)).toHaveLength(0);
  const switched = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: tokenIn(confirm, 'verify-email') },
  });
  expect(switched.statusCode).toBe(200);
  const mail = await smtp.waitForSubject(u.user.email, (s) => s.includes('address was changed'));
  return { u, newEmail, mail, token: tokenIn(mail, 'undo-email-change') };
}

describe('e-mail change', () => {
  it('tells the old address, whose link restores it and signs every session out', async () => {
    const { u, newEmail, mail, token } = await changeEmail();
    expect(mail.subject).toBe('Your Series Tracker e-mail address was changed');
    expect(mail.text).toContain('7 days');
    expect(mail.text).not.toContain(newEmail);
    // Stored hashed only.
    const row = await t.db.kysely
      .selectFrom('account_tokens')
      .select(['token_hash', 'purpose'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('email-change-undo');
    // Whoever changed it asks for yet another address; undoing ends that link too.
    const further = `further.${u.user.id}@example.test`;
    await call(u.token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { email: further, currentPassword: u.password },
    });
    const furtherLink = tokenIn(await smtp.waitFor(further), 'verify-email');

    const res = await undo(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: accountMessages.emailChangeUndone });
    const user = await t.db.kysely
      .selectFrom('users')
      .select(['email', 'email_lower'])
      .where('id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(u.user.email);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: furtherLink },
    });
    expect(late.statusCode).toBe(400);
    const me = await call(u.token, { url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
    // The old address signs in again.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: u.user.email, password: u.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a used link and an expired one, changing nothing', async () => {
    const used = await changeEmail();
    expect((await undo(used.token)).statusCode).toBe(200);
    const again = await undo(used.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: accountMessages.tokenUsed });

    const old = await changeEmail();
    await t.db.kysely
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(old.token))
      .execute();
    const expired = await undo(old.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: accountMessages.tokenExpired });
    const user = await t.db.kysely
      .selectFrom('users')
      .select('email')
      .where('id', '=', old.u.user.id)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(old.newEmail);
    const bad = await undo('x'.repeat(43));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: accountMessages.tokenInvalid });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app';
import { registerUser } from './factories';
import { caller } from './http';
import { buildMailingTestApp, type startSmtp } from './smtp';

/**
 * Mail in the member's language (issue 31, ADR 186), through the real mail job and the SMTP
 * stand-in: the language the member chose, else the one they registered in; English for
 * members without one. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  ({ t, smtp } = await buildMailingTestApp({ publicUrl: 'https://tracker.example.test' }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = caller(() => t.app);
const forgot = (email: string, language?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    headers: language ? { 'accept-language': language } : {},
  });

describe('mails in the member’s language', () => {
  it('writes a password reset in the language the member chose, whatever the request asks', async () => {
    const m = await registerUser(t.app);
    const saved = await call(m.token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { locale: 'fr' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await forgot(m.user.email, 'de')).statusCode).toBeLessThan(300);
    const mail = await smtp.waitFor(m.user.email);
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe Series Tracker');
    expect(mail?.text).toContain(`Bonjour ${m.user.username},`);
    expect(mail?.html).toContain('<html lang="fr">');
  });

  it('writes Arabic right to left, and English for a member who never chose', async () => {
    const ar = await registerUser(t.app);
    await call(ar.token, { method: 'PUT', url: '/api/users/me', payload: { locale: 'ar' } });
    const none = await registerUser(t.app);
    await forgot(ar.user.email);
    await forgot(none.user.email, 'ja');
    expect((await smtp.waitFor(ar.user.email)).html).toContain('<html lang="ar" dir="rtl">');
    expect((await smtp.waitFor(none.user.email)).subject).toBe(
      'Reset your Series Tracker password',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  accountMessages,
  authMessages,
  errorCodes,
  ssoMessages,
  trackingMessages,
} from '@series-tracker/contracts';
import contractsDe from '@series-tracker/contracts/messages/de.json';
import contractsJa from '@series-tracker/contracts/messages/ja.json';
import { ssoErrorPage } from '../src/features/auth/sso/sso-error-page';
import { contractWith } from '../src/lib/i18n/text';
import { useTestApp } from './build-test-app';
import { registerUser } from './factories';
import { injectAs } from './http';

/**
 * Languages on the server (issue 31, ADR 186): errors in the request's language (its
 * Accept-Language, never the member's own setting), the code and fields the same in all; the
 * member's language saved, sent to them alone, and kept from the language they registered in.
 * Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const t = useTestApp();
const as = (token: string | null, language: string | null, opts: Parameters<typeof injectAs>[2]) =>
  injectAs(t.app, token, {
    ...opts,
    headers: { ...(language ? { 'accept-language': language } : {}), ...(opts.headers ?? {}) },
  });
const me = async (token: string) =>
  (await as(token, null, { method: 'GET', url: '/api/auth/me' })).json().user;

describe('errors in the request’s language', () => {
  it('answers a 400 in German with the same code and fields as in English', async () => {
    const ann = await registerUser(t.app);
    const bad = {
      method: 'PUT',
      url: '/api/users/me',
      payload: { username: 'ab', isPrivate: 'x' },
    };
    const english = await as(ann.token, null, bad as never);
    const german = await as(ann.token, 'de-DE,de;q=0.9,en;q=0.5', bad as never);
    expect(english.statusCode).toBe(400);
    expect(german.statusCode).toBe(400);
    const [en, de] = [english.json(), german.json()];
    expect(de.code).toBe(errorCodes.validation);
    expect(de.code).toBe(en.code);
    expect(Object.keys(de.details).sort()).toEqual(Object.keys(en.details).sort());
    // A contracts message, from the shared catalogue.
    expect(en.details.username).toBe(authMessages.usernameTooShort);
    expect(de.details.username).toBe('Der Benutzername muss mindestens 3 Zeichen lang sein');
    expect(de.details.username).toBe(contractsDe['contracts.auth.usernameTooShort']);
    // Zod's own message, in Zod's German.
    expect(en.details.isPrivate).toMatch(/^Invalid input/);
    expect(de.details.isPrivate).toMatch(/^Ungültige Eingabe/);
    expect([en.details.username, en.details.isPrivate]).toContain(en.error);
    expect([de.details.username, de.details.isPrivate]).toContain(de.error);
  });

  it('answers a 404 in Arabic, and in English without the header', async () => {
    const arabic = await as(null, 'ar', { method: 'GET', url: '/api/shows/987654' });
    expect(arabic.statusCode).toBe(404);
    expect(arabic.json()).toEqual({ error: 'المسلسل غير موجود', code: errorCodes.notFound });
    const english = await as(null, null, { method: 'GET', url: '/api/shows/987654' });
    expect(english.json()).toEqual({
      error: trackingMessages.showNotFound,
      code: errorCodes.notFound,
    });
    // A language we do not offer falls back to English.
    const italian = await as(null, 'it-IT,it', { method: 'GET', url: '/api/shows/987654' });
    expect(italian.json().error).toBe(trackingMessages.showNotFound);
  });

  it('translates the API’s own messages, with their data in place', async () => {
    const noRoute = await as(null, 'ar', { method: 'GET', url: '/api/no-such-thing' });
    expect(noRoute.statusCode).toBe(404);
    expect(noRoute.json().error).toBe('لا يوجد مسار لـ GET /api/no-such-thing');
    const badId = await as(null, 'ja', { method: 'GET', url: '/api/shows/abc' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details).toEqual({ id: '数値にしてください' });
    const notJson = await as(null, 'fr', {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops"',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({
      error: 'Le corps de la requête n’est pas du JSON valide',
      code: errorCodes.invalidJson,
    });
  });

  it('follows the request, not the member’s own setting', async () => {
    const bea = await registerUser(t.app);
    await as(bea.token, null, { method: 'PUT', url: '/api/users/me', payload: { locale: 'ja' } });
    const res = await as(bea.token, 'es', { method: 'GET', url: '/api/shows/987654' });
    expect(res.json().error).toBe('Serie no encontrada');
    const plain = await as(bea.token, null, { method: 'GET', url: '/api/shows/987654' });
    expect(plain.json().error).toBe(trackingMessages.showNotFound);
  });

  it('answers a sentence of success in the request’s language', async () => {
    const res = await as(null, 'de', {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(contractsDe['contracts.account.forgotPasswordSent']);
  });

  it('leaves the Trakt-compatible API in English, as Trakt answers', async () => {
    const res = await as(null, 'de', { method: 'GET', url: '/trakt/shows/987654' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('No show matches this id');
  });

  it('writes the single sign-on error page in the visitor’s language, right to left in Arabic', () => {
    const page = ssoErrorPage(
      'ar',
      contractWith(ssoMessages.cancelled, { provider: 'Keycloak' }),
      'sign-in',
    );
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('تعذّر تسجيل الدخول');
    expect(page).toContain('أُلغي تسجيل الدخول باستخدام Keycloak. لم يتغيّر شيء.');
    expect(ssoErrorPage('en', ssoMessages.notConfigured, 'link')).toContain('Linking did not work');
  });
});

describe('the member’s language', () => {
  it('is saved by PUT /users/me and sent back on the current user; null returns to the browser’s', async () => {
    const cam = await registerUser(t.app);
    expect(cam.user.locale).toBeNull();
    expect((await me(cam.token)).locale).toBeNull();
    const saved = await as(cam.token, null, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { locale: 'fr' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.locale).toBe('fr');
    expect((await me(cam.token)).locale).toBe('fr');
    const cleared = await as(cam.token, null, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { locale: null },
    });
    expect(cleared.json().user.locale).toBeNull();
    expect((await me(cam.token)).locale).toBeNull();
  });

  it('refuses a language we do not offer with 400, saving nothing', async () => {
    const dev = await registerUser(t.app);
    await as(dev.token, null, { method: 'PUT', url: '/api/users/me', payload: { locale: 'de' } });
    for (const locale of ['it', 'DE', 'de-AT', '', 3]) {
      const res = await as(dev.token, null, {
        method: 'PUT',
        url: '/api/users/me',
        payload: { locale, displayName: 'Changed' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: errorCodes.validation,
        details: { locale: accountMessages.localeInvalid },
      });
    }
    const after = await me(dev.token);
    expect(after.locale).toBe('de');
    expect(after.displayName).not.toBe('Changed');
  });

  it('starts as the language the account was registered in', async () => {
    const email = `yuki${Date.now().toString(36)}@example.test`;
    const res = await as(null, 'ja,en;q=0.8', {
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: `yuki_${Date.now().toString(36)}`, email, password: 'winter is coming' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(contractsJa['contracts.auth.registrationSent']);
    const link = await t.app.services.registration.reissueLink(email);
    if (!link || !('token' in link)) throw new Error('no pending registration');
    // Finished from a browser in another language: the account keeps the one it was made in.
    const done = await as(null, 'fr', {
      method: 'POST',
      url: '/api/auth/finish-registration',
      payload: { token: link.token },
    });
    expect(done.statusCode).toBe(201);
    expect(done.json().user.locale).toBe('ja');
    expect((await me(done.json().token)).locale).toBe('ja');
  });

  it('stays null when the registration named none of our languages', async () => {
    const email = `zoe${Date.now().toString(36)}@example.test`;
    await as(null, 'pt-BR', {
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: `zoe_${Date.now().toString(36)}`, email, password: 'winter is coming' },
    });
    const link = await t.app.services.registration.reissueLink(email);
    if (!link || !('token' in link)) throw new Error('no pending registration');
    const done = await as(null, null, {
      method: 'POST',
      url: '/api/auth/finish-registration',
      payload: { token: link.token },
    });
    expect(done.json().user.locale).toBeNull();
  });

  it('is never shown to anyone else', async () => {
    const eve = await registerUser(t.app);
    const fay = await registerUser(t.app);
    await as(eve.token, null, { method: 'PUT', url: '/api/users/me', payload: { locale: 'ar' } });
    const profile = await as(fay.token, null, {
      method: 'GET',
      url: `/api/users/username/${eve.user.username}`,
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).not.toHaveProperty('locale');
    expect(JSON.stringify(profile.json())).not.toContain('"ar"');
    const people = await as(fay.token, null, { method: 'GET', url: '/api/users?limit=50' });
    for (const person of people.json().data) expect(person).not.toHaveProperty('locale');
    const anonymous = await as(null, null, {
      method: 'GET',
      url: `/api/users/username/${eve.user.username}`,
    });
    expect(anonymous.json().user).not.toHaveProperty('locale');
  });
});

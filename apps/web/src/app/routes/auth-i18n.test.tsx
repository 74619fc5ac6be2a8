import { screen, within, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '@/i18n/locale-state';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { expectLink } from '@/test/expect-link';

// The interface language lives in a module (for code outside React): a test that switched it
// must not leave the next one rendering in it.
afterEach(() => setCurrentLocale('en'));

describe('the sign-in pages in other languages (issue 31)', () => {
  it('/login in German: heading, title, fields and the way to sign up', async () => {
    mockFetch(() => jsonResponse(500));
    renderApp('/login', { i18n: await inLanguage('de') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Willkommen zurück' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Willkommen zurück · Series Tracker'));
    expect(screen.getByLabelText('Benutzername oder E-Mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Passwort')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeDisabled();
    expect(screen.getByText(/Noch kein Konto\?/)).toBeInTheDocument();
    expectLink(screen, 'Registrieren', '/register');
    expectLink(screen, 'Passwort vergessen?', '/forgot-password');
  }, 20_000);

  it('/register in Arabic: right to left, with Arabic plural rules in the hints', async () => {
    mockFetch(() => jsonResponse(500));
    renderApp('/register', { i18n: await inLanguage('ar') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'انضم إلى Series Tracker' }),
    ).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    // 8 is "few" and 30 is "many" in Arabic.
    expect(screen.getByText('8 أحرف على الأقل')).toBeInTheDocument();
    expect(screen.getByText('من 3 إلى 30 حرفًا: أحرف وأرقام و_ و-')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إنشاء حساب' })).toBeDisabled();
    // The form's own link (the header has one of the same name).
    expectLink(within(screen.getByRole('main')), 'تسجيل الدخول', '/login');
  }, 15_000);

  it('/forgot-password in Japanese', async () => {
    mockFetch(() => jsonResponse(500));
    renderApp('/forgot-password', { i18n: await inLanguage('ja') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'パスワードをお忘れですか？' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '再設定リンクを送信' })).toBeDisabled();
  }, 15_000);
});

import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '@/i18n/locale-state';
import { buildUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';

const sessions = [
  {
    id: 1,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
    createdAt: '2026-11-01T10:00:00.000Z',
    lastUsedAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-20T10:00:00.000Z',
    current: true,
  },
  {
    id: 2,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/605.1',
    createdAt: '2026-10-01T10:00:00.000Z',
    lastUsedAt: '2026-11-02T10:00:00.000Z',
    expiresAt: '2026-12-02T10:00:00.000Z',
    current: false,
  },
];

/** Signed in; `handler` answers first, then the account's own calls (two-factor as `totp`). */
function signedIn(
  handler: (call: RecordedCall) => Response | undefined = () => undefined,
  { totp = false } = {},
) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
  return mockFetch((call) => {
    const answer = handler(call);
    if (answer) return answer;
    if (call.url === '/api/auth/me') return jsonResponse(200, { user: buildUser() });
    if (call.url === '/api/auth/security')
      return jsonResponse(200, {
        totp,
        backupCodesLeft: totp ? 7 : 0,
        passkeys: [],
        recentUntil: null,
      });
    if (call.url === '/api/auth/sessions' && call.method === 'GET')
      return jsonResponse(200, { data: sessions });
    return jsonResponse(404, { error: 'unexpected', code: 'NOT_FOUND' });
  });
}

// The interface language lives in a module (for code outside React): a test that switched it
// must not leave the next one rendering in it.
afterEach(() => setCurrentLocale('en'));

describe('/settings › Language (issue 31)', () => {
  it('has a Language section whose choice is saved to the account and switches the page', async () => {
    const { calls } = signedIn((call) => {
      if (call.url === '/api/users/me' && call.method === 'PUT')
        return jsonResponse(200, { user: buildUser({ locale: 'de' }) });
    });
    const user = userEvent.setup();
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Language' });
    expect(
      within(section).getByText(
        'The language of this site and of the e-mails we send you, on all your devices.',
      ),
    ).toBeInTheDocument();
    // Linked from the list of sections at the top.
    expect(
      within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('link', {
        name: 'Language',
      }),
    ).toHaveAttribute('href', '#language-heading');

    const menu = within(section).getByRole('combobox', { name: 'Language' });
    expect(menu).toHaveValue('en');
    await user.selectOptions(menu, 'de');

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT' && c.url === '/api/users/me')).toHaveLength(1),
    );
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ locale: 'de' });
    // The page follows at once, in the chosen language.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Einstellungen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sprache' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  }, 20_000);

  it('reads right to left in Arabic, with Arabic plurals', async () => {
    const { calls } = signedIn((call) => {
      if (call.url === '/api/auth/sessions' && call.method === 'DELETE')
        return jsonResponse(200, { revoked: 1 });
    });
    const user = userEvent.setup();
    renderApp('/settings', { i18n: await inLanguage('ar') });
    expect(await screen.findByRole('heading', { level: 1, name: 'الإعدادات' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByLabelText('الاسم المعروض')).toHaveValue('Alice Liddell');
    for (const name of ['الملف الشخصي', 'الخصوصية', 'اللغة', 'الحساب', 'الأمان', 'الجلسات'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(await screen.findByText('Chrome على Linux')).toBeInTheDocument();
    expect(screen.getByText('هذا الجهاز')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج من كل مكان آخر' }));
    expect(await screen.findByText('تم تسجيل الخروج من جلسة أخرى واحدة')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/auth/sessions')).toBe(true);
  }, 15_000);

  it('counts backup codes left in German', async () => {
    signedIn(undefined, { totp: true });
    renderApp('/settings', { i18n: await inLanguage('de') });
    expect(await screen.findByText('Zwei-Faktor-Anmeldung: an')).toBeInTheDocument();
    expect(screen.getByText(/Du hast noch 7 von 10 Backup-Codes\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profil speichern' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meine Daten exportieren' })).toHaveAttribute(
      'href',
      '/settings/import',
    );
  }, 15_000);
});

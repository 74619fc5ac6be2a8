import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '@/i18n/locale-state';
import { buildUser } from '@/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

afterEach(() => setCurrentLocale('en'));

/** Signed in, with the session's answer held back until `arrive` is called. */
function slowSession(accountLocale: 'de' | null) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const { calls } = mockFetch(async (call) => {
    if (call.url === '/api/auth/me') {
      await arrived;
      return jsonResponse(200, { user: buildUser({ locale: accountLocale }) });
    }
    if (call.url === '/api/users/me' && call.method === 'PUT')
      return jsonResponse(200, { user: buildUser({ locale: 'fr' }) });
    return jsonResponse(404, { error: 'unexpected', code: 'NOT_FOUND' });
  });
  return { calls, arrive };
}

describe('the language menu while the session loads (issue 31)', () => {
  it('a language picked before the session arrives is saved to the account and wins over its old one', async () => {
    const { calls, arrive } = slowSession('de');
    const user = userEvent.setup();
    renderApp('/about');
    const menu = within(await screen.findByRole('contentinfo')).getByRole('combobox', {
      name: 'Language',
    });
    await user.selectOptions(menu, 'fr');
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    arrive();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT' && c.url === '/api/users/me')).toHaveLength(1),
    );
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ locale: 'fr' });
    expect(document.documentElement.lang).toBe('fr');
  }, 15_000);

  it('without a pick, the account’s language wins once the session arrives', async () => {
    const { calls, arrive } = slowSession('de');
    renderApp('/about');
    await screen.findByRole('contentinfo');
    arrive();
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  }, 15_000);
});

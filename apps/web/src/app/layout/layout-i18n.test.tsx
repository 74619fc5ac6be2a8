import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { enqueueMark, forgetMarks } from '@/features/tracking/api/offline-marks';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { buildUser } from '@/test/fixtures';
import { inLanguage, renderApp, renderWithProviders } from '@/test/render';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineBanner } from './offline-banner';

/** The shell in other languages (issue 31): header, menus, footer, offline strip, 404. */

function queueMarks(count: number) {
  for (let i = 1; i <= count; i++) {
    enqueueMark({
      key: `mark-${i}`,
      episodeId: i,
      showId: 1,
      watched: true,
      code: `S1E${i}`,
      counts: true,
      queuedAt: '2026-11-27T09:00:00.000Z',
    });
  }
}

describe('the shell in German and Arabic', () => {
  it('German header and footer: links, buttons and landmarks translated, the brand kept', async () => {
    mockFetch(() => jsonResponse(500));
    renderWithProviders(
      <>
        <Header />
        <Footer />
      </>,
      { i18n: await inLanguage('de') },
    );
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Konto erstellen' })).toHaveAttribute(
      'href',
      '/register',
    );
    const nav = screen.getAllByRole('navigation', { name: 'Hauptnavigation' })[0]!;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Start', 'Stöbern', 'Rezensionen', 'Listen']);
    expect(screen.getByRole('button', { name: 'Suche' })).toBeInTheDocument();
    // The product's name is the same in every language.
    const brand = screen.getAllByTestId('brand')[0]!;
    expect(Array.from(brand.querySelectorAll('span')).map((s) => s.textContent)).toEqual([
      'Series',
      'Tracker',
    ]);

    const discover = screen.getByRole('navigation', { name: 'Entdecken' });
    expect(within(discover).getByRole('link', { name: 'Beliebte Serien' })).toHaveAttribute(
      'href',
      '/browse?sort=popular',
    );
    expect(screen.getByRole('heading', { name: 'Datenquellen' })).toBeInTheDocument();
    expect(screen.getByText(/TV-Daten von/)).toHaveTextContent(
      'TV-Daten von TVmaze (CC BY-SA 4.0)',
    );
    expect(screen.getByRole('link', { name: 'TVmaze' })).toHaveAttribute(
      'href',
      'https://www.tvmaze.com',
    );
  });

  it('German account menu for a signed-in member', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
    const user = buildUser({ displayName: 'Alice Liddell' });
    mockFetch((call) =>
      call.url === '/api/auth/me'
        ? jsonResponse(200, { user })
        : jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' }),
    );
    renderWithProviders(<Header />, { i18n: await inLanguage('de') });
    const trigger = await screen.findByRole('button', { name: 'Kontomenü für Alice Liddell' });
    await userEvent.setup().click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Dein Profil' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Einstellungen' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Abmelden' })).toBeInTheDocument();
  });

  it('counts marks waiting offline with the plural of each language', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    queueMarks(1);
    const german = renderWithProviders(<OfflineBanner />, { i18n: await inLanguage('de') });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Du bist offline. Bereits geöffnete Seiten bleiben lesbar; 1 offline als gesehen markierte Folge wird synchronisiert, sobald du wieder online bist.',
    );
    german.unmount();

    forgetMarks();
    queueMarks(2);
    renderWithProviders(<OfflineBanner />, { i18n: await inLanguage('ar') });
    // Arabic has a dual: two marks are neither "one" nor "few".
    expect(await screen.findByRole('status')).toHaveTextContent('حلقتان عُلّمتا كمُشاهَدة دون اتصال');
    forgetMarks();
  });

  it('Arabic not-found page: heading, way home and the tab title, right to left', async () => {
    mockFetch(() => jsonResponse(500));
    renderApp('/no-such-page', { i18n: await inLanguage('ar') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute(
      'href',
      '/',
    );
    await waitFor(() => expect(document.title).toBe('الصفحة غير موجودة · Series Tracker'));
    expect(document.documentElement.dir).toBe('rtl');
  });
});

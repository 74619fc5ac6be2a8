import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inLanguage, renderWithProviders } from '@/test/render';
import { expectLink } from '@/test/expect-link';
import { AboutRoute, HelpRoute, PrivacyRoute } from './info-pages';

describe('info pages in other languages', () => {
  it('Help reads in German, its links kept inside the sentences', async () => {
    renderWithProviders(<HelpRoute />, { path: '/help', i18n: await inLanguage('de') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hilfe' })).toBeInTheDocument();
    expect(document.title).toBe('Hilfe · Series Tracker');
    expect(screen.getByRole('heading', { name: 'Wie finde ich eine Serie?' })).toBeInTheDocument();
    expectLink(screen, 'Katalog auch durchstöbern', '/browse');
    expectLink(screen, 'Erstelle ein Konto', '/register');
    expectLink(screen, 'Suchseite', '/search?tab=users');
  });

  it('Privacy counts the registration hours with the language’s plural', async () => {
    renderWithProviders(<PrivacyRoute />, { path: '/privacy', i18n: await inLanguage('de') });
    expect(
      await screen.findByText(/höchstens aber 24 Stunden, und danach gelöscht/),
    ).toBeInTheDocument();
  });

  it('About reads right to left in Arabic, with the sources linked', async () => {
    renderWithProviders(<AboutRoute />, { path: '/about', i18n: await inLanguage('ar') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'عن Series Tracker' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'TVmaze' })).toHaveAttribute(
      'href',
      'https://www.tvmaze.com',
    );
    expect(document.documentElement.dir).toBe('rtl');
  });
});

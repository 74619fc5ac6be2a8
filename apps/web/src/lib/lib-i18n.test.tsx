import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { inLanguage, renderWithProviders } from '@/test/render';
import { shareLink } from './share-link';
import { pageTitle, siteSlogan } from './site';
import { greeting, markNewMember, welcomeWord } from './welcome';

/** lib/'s words follow the interface's language, read when they are used (issue 31). */
describe('lib in German and Arabic', () => {
  it('German: tab titles, the slogan, the greeting and the share toast', async () => {
    renderWithProviders(<Toaster />, { i18n: await inLanguage('de') });
    expect(pageTitle('Merkliste')).toBe('Merkliste · Series Tracker');
    expect(pageTitle()).toBe('Series Tracker');
    expect(siteSlogan()).toMatch(/^Verfolge jede Folge/);
    expect(greeting({ id: 7 }, 'Ann')).toBe('Willkommen zurück, Ann');
    markNewMember(7);
    expect(greeting({ id: 7 }, 'Ann')).toBe('Willkommen, Ann');
    expect(welcomeWord({ id: 7 })).toBe('Willkommen');

    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.resolve() } });
    await shareLink('https://example.test/list/1', 'Liste');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Link in die Zwischenablage kopiert.',
    );
  });

  it('Arabic: the greeting is one sentence, the name inside it', async () => {
    renderWithProviders(<p />, { i18n: await inLanguage('ar') });
    expect(greeting({ id: 8 }, 'سارة')).toBe('مرحبًا بعودتك، سارة');
  });
});

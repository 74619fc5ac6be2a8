import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { buildShow, page } from '@/test/shows';

/** Search and browse in German (issue 31): headings, tabs, filters, counts and empty states. */
describe('search in German', () => {
  it('says what it found, with the plural of the language, and names its filters', async () => {
    mockFetch((call) => {
      if (call.url.startsWith('/api/search/advanced'))
        return jsonResponse(
          200,
          page([buildShow({ id: 1, title: 'Dark' }), buildShow({ id: 2, title: 'Darker' })]),
        );
      if (call.url.startsWith('/api/shows/genres')) return jsonResponse(200, { data: ['Drama'] });
      if (call.url.startsWith('/api/users/search')) return jsonResponse(200, page([]));
      return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
    });
    renderApp('/search?q=dark', { i18n: await inLanguage('de') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ergebnisse für „dark“' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('2 Serien')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Serien',
      'Mitglieder',
      'Rezensionen',
    ]);
    const status = screen.getByLabelText('Status');
    expect(status).toHaveAttribute('id', 'filter-status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Läuft');
    expect(screen.getByRole('combobox', { name: 'Suche' })).toHaveAttribute(
      'placeholder',
      'Serien suchen…',
    );
    expect(document.title).toBe('Suche: dark · Series Tracker');

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Mitglieder' }));
    expect(await screen.findByText('Keine Mitglieder gefunden')).toBeInTheDocument();
    expect(
      screen.getByText('Versuche andere Suchbegriffe oder stöbere in anderen Kategorien'),
    ).toBeInTheDocument();
  });

  it('one show is singular', async () => {
    mockFetch((call) => {
      if (call.url.startsWith('/api/shows?'))
        return jsonResponse(200, page([buildShow({ id: 1, title: 'Dark' })]));
      if (call.url.startsWith('/api/shows/genres')) return jsonResponse(200, { data: [] });
      return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
    });
    renderApp('/browse', { i18n: await inLanguage('de') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Serien entdecken' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('1 Serie')).toBeInTheDocument();
  });
});

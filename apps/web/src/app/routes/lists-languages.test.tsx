import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { buildListDetail, buildListItem, buildListSummary, listPage } from '@/test/lists';
import { inLanguage, renderApp } from '@/test/render';

const url = (call: { url: string }) => new URL(call.url, 'http://x');

/** The lists screens in other languages (issue 31): words, plurals and dates follow the language. */
describe('lists in other languages', () => {
  it('shows the community lists in German, counting with German plurals', async () => {
    mockFetch(() =>
      jsonResponse(
        200,
        listPage(
          [
            buildListSummary({ id: 1, name: 'Best Dramas', isRanked: true, itemCount: 5 }),
            buildListSummary({ id: 2, name: 'Comfy', itemCount: 1 }),
          ],
          2,
        ),
      ),
    );
    renderApp('/lists', { i18n: await inLanguage('de') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Community-Listen' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('2 Listen insgesamt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Am beliebtesten' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(within(cards[0]!).getByText('5 Einträge')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Rangliste')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('1 Eintrag')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Öffentlich')).toBeInTheDocument();
    expect(document.title).toBe('Community-Listen · Series Tracker');
  });

  it('lays a list out right to left in Arabic, with Arabic plural forms', async () => {
    mockFetch((call) => {
      if (url(call).pathname === '/api/lists/5')
        return jsonResponse(
          200,
          buildListDetail({ id: 5, name: 'Top Five', isRanked: true, itemCount: 2 }),
        );
      return jsonResponse(
        200,
        listPage([buildListItem({ id: 1, position: 1 }, 'Alpha')], 1, 0, 100),
      );
    });
    renderApp('/list/5', { i18n: await inLanguage('ar') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Top Five' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { name: 'الترتيب' })).toBeInTheDocument();
    // Two is a form of its own in Arabic, and none is another.
    expect(screen.getByText('عنصران')).toBeInTheDocument();
    expect(screen.getByText('لا متابِعين')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى القوائم' })).toBeInTheDocument();
    // Ten episodes take the plural of three to ten.
    expect(await screen.findByText(/^\S+ حلقات$/)).toBeInTheDocument();
  });
});

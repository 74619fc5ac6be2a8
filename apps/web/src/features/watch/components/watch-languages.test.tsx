import type { ShowWatch } from '@series-tracker/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderWithProviders } from '@/test/render';
import { signedInHandler } from '@/test/tracking';
import { WatchSection } from './watch-section';
import { WhereToWatch } from './where-to-watch';

const ready: ShowWatch = {
  showId: 7,
  channel: { kind: 'network', name: 'HBO', country: 'US' },
  providersEnabled: true,
  country: 'GB',
  status: 'ready',
  providers: {
    link: 'https://www.themoviedb.org/tv/1399/watch?locale=GB',
    flatrate: [{ id: 39, name: 'Now TV', logoUrl: null }],
    free: [],
    ads: [],
    rent: [],
    buy: [],
  },
  countries: ['GB', 'US'],
};

describe('where to watch in other languages (issue 31)', () => {
  it('German: the channel and the countries are named in German', async () => {
    mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/me/watch-settings')
          return jsonResponse(200, { country: 'GB', services: [], providersEnabled: true });
        if (call.url.startsWith('/api/shows/7/watch')) return jsonResponse(200, ready);
        return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    renderWithProviders(<WhereToWatch showId={7} />, {
      path: '/show/7',
      i18n: await inLanguage('de'),
    });
    const section = await screen.findByRole('region', { name: 'Wo anschauen' });
    expect(within(section).getByText('Läuft bei HBO (Vereinigte Staaten)')).toBeInTheDocument();
    expect(await within(section).findByText('In Vereinigtes Königreich')).toBeInTheDocument();
    expect(
      within(section).getByRole('link', {
        name: 'Alle Angebote in Vereinigtes Königreich auf TMDB',
      }),
    ).toBeInTheDocument();
  });

  it('Arabic: settings list the countries in Arabic and count the services picked', async () => {
    mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/me/watch-settings' && call.method === 'GET')
          return jsonResponse(200, { country: 'GB', services: [], providersEnabled: true });
        if (call.url === '/api/me/watch-settings' && call.method === 'PUT')
          return jsonResponse(200, { ...(call.body as object), providersEnabled: true });
        if (call.url.startsWith('/api/watch/services'))
          return jsonResponse(200, {
            data: [
              { name: 'Netflix', logoUrl: null, source: 'tmdb' },
              { name: 'BBC One', logoUrl: null, source: 'channel' },
            ],
          });
        return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    renderWithProviders(<WatchSection />, { path: '/settings', i18n: await inLanguage('ar') });
    const country = await screen.findByLabelText('البلد');
    expect(within(country).getByRole('option', { name: 'المملكة المتحدة' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Netflix' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'BBC One' }));
    fireEvent.click(screen.getByRole('button', { name: 'حفظ إعدادات المشاهدة' }));
    // Two services: the dual.
    expect(await screen.findByRole('status')).toHaveTextContent('تم الحفظ. اخترت خدمتين.');
  });
});

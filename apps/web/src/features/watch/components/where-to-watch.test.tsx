import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShowWatch } from '@series-tracker/contracts';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { signedInHandler } from '@/test/tracking';
import { WatchSection } from './watch-section';
import { WhereToWatch } from './where-to-watch';

const provider = (id: number, name: string) => ({ id, name, logoUrl: null });
const ready: ShowWatch = {
  showId: 7,
  channel: { kind: 'network', name: 'HBO', country: 'US' },
  providersEnabled: true,
  country: 'GB',
  status: 'ready',
  providers: {
    link: 'https://www.themoviedb.org/tv/1399/watch?locale=GB',
    flatrate: [provider(39, 'Now TV'), provider(29, 'Sky Go')],
    free: [],
    ads: [],
    rent: [],
    buy: [provider(2, 'Apple TV')],
  },
  countries: ['GB', 'US'],
};

describe('Where to watch on the show page', () => {
  it("lists the member's country's offers by kind, with TMDB's attribution", async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/me/watch-settings')
          return jsonResponse(200, { country: 'GB', services: [], providersEnabled: true });
        if (call.url.startsWith('/api/shows/7/watch')) return jsonResponse(200, ready);
        return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    renderWithProviders(<WhereToWatch showId={7} />, { path: '/show/7' });
    const section = await screen.findByRole('region', { name: 'Where to watch' });
    expect(within(section).getByText('Airs on HBO (United States)')).toBeInTheDocument();
    expect(await within(section).findByText('In United Kingdom')).toBeInTheDocument();
    expect(within(section).getByText('Subscription')).toBeInTheDocument();
    expect(within(section).getByText('Now TV')).toBeInTheDocument();
    expect(within(section).getByText('Buy')).toBeInTheDocument();
    expect(within(section).queryByText('Rent')).toBeNull();
    expect(
      within(section).getByRole('link', { name: 'All offers in United Kingdom on TMDB' }),
    ).toHaveAttribute('href', ready.providers!.link);
    expect(section).toHaveTextContent('Watch provider data by JustWatch.');
    expect(section).toHaveTextContent('not endorsed or certified by TMDB');
    expect(calls.some((c) => c.url === '/api/shows/7/watch?country=GB')).toBe(true);
  });

  it('without TMDB shows the web channel alone, and no attribution', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/shows/8/watch')
        ? jsonResponse(200, {
            showId: 8,
            channel: { kind: 'web', name: 'Netflix', country: null },
            providersEnabled: false,
            country: null,
            status: 'off',
            providers: null,
            countries: [],
          })
        : jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' }),
    );
    renderWithProviders(<WhereToWatch showId={8} />, { path: '/show/8' });
    const section = await screen.findByRole('region', { name: 'Where to watch' });
    expect(section).toHaveTextContent(/^Where to watchStreams on Netflix$/);
  });
});

describe('Settings → Where to watch', () => {
  it('saves the country and the services ticked from those offered there', async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/me/watch-settings' && call.method === 'GET')
          return jsonResponse(200, { country: 'GB', services: [], providersEnabled: true });
        if (call.url === '/api/me/watch-settings' && call.method === 'PUT')
          return jsonResponse(200, { ...(call.body as object), providersEnabled: true });
        if (call.url.startsWith('/api/watch/services'))
          return jsonResponse(200, {
            data: [
              { name: 'Netflix', logoUrl: null, source: 'tmdb' },
              { name: 'Now TV', logoUrl: null, source: 'tmdb' },
              { name: 'BBC One', logoUrl: null, source: 'channel' },
            ],
          });
        return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
      }),
    );
    renderWithProviders(<WatchSection />, { path: '/settings' });
    expect(await screen.findByLabelText('Country')).toHaveValue('GB');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Netflix' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'BBC One' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save where to watch' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved. 2 services picked.');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        country: 'GB',
        services: ['Netflix', 'BBC One'],
      }),
    );
    expect(calls.some((c) => c.url === '/api/watch/services?country=GB')).toBe(true);
  });
});

import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';

function signedIn(handler: (call: RecordedCall) => Response | undefined) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
  return mockFetch(async (call) => {
    if (call.url === '/api/auth/me') return jsonResponse(200, { user: buildUser() });
    return handler(call) ?? jsonResponse(404, { error: 'unexpected', code: 'NOT_FOUND' });
  });
}

describe('apps & devices in other languages', { timeout: 20_000 }, () => {
  it('shows media servers, events and tokens in German', async () => {
    signedIn((call) => {
      if (call.url === '/api/scrobble/settings')
        return jsonResponse(200, {
          paths: {
            jellyfin: '/api/scrobble/s3cret/jellyfin',
            plex: '/api/scrobble/s3cret/plex',
            emby: '/api/scrobble/s3cret/emby',
            kodi: '/api/scrobble/s3cret/kodi',
          },
          createdAt: '2026-11-20T10:00:00.000Z',
          events: [
            {
              id: 1,
              source: 'jellyfin',
              event: 'PlaybackStop',
              receivedAt: '2026-11-20T21:00:00.000Z',
              outcome: 'unmatched',
              detail: 'No show in the catalogue matches “Home movies”',
              title: 'Home movies',
              seasonNumber: 1,
              episodeNumber: 2,
              show: null,
              episodeId: null,
            },
          ],
        });
      if (call.url === '/api/api-tokens')
        return jsonResponse(200, {
          data: [
            {
              id: 7,
              name: 'Kodi',
              prefix: 'st_AbCdEf',
              scopes: ['read', 'write:tracking'],
              createdAt: '2026-11-20T10:00:00.000Z',
              lastUsedAt: null,
            },
          ],
        });
      if (call.url === '/api/trakt-apps') return jsonResponse(200, { data: [] });
      return undefined;
    });
    renderApp('/settings/apps', { i18n: await inLanguage('de') });
    expect(
      await screen.findByRole('heading', { name: 'Apps & Geräte', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Einstellungen' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(
      await screen.findByRole('textbox', { name: 'Jellyfin-Webhook-URL' }),
    ).toBeInTheDocument();
    const events = screen.getByRole('list', { name: 'Letzte Ereignisse deiner Medienserver' });
    expect(within(events).getByRole('listitem')).toHaveTextContent('Nicht zugeordnet');
    expect(await screen.findByText('Keine verbundenen Apps')).toBeInTheDocument();
    const tokens = await screen.findByRole('list', { name: 'Deine API-Tokens' });
    expect(tokens).toHaveTextContent(
      /st_AbCdEf… · Lesen, Folgen markieren · erstellt .+ · nie verwendet/,
    );
    expect(screen.getByRole('button', { name: 'Token Kodi widerrufen' })).toBeInTheDocument();
  });

  it('asks for a device code in Arabic, with the plural hint', async () => {
    signedIn(() => undefined);
    const user = userEvent.setup();
    renderApp('/activate', { i18n: await inLanguage('ar') });
    const field = await screen.findByLabelText('الرمز الذي يعرضه تطبيقك', {}, { timeout: 10_000 });
    expect(screen.getByText(/أحرف وأرقام، مثل ABCD-EFGH/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ربط جهاز', level: 1 })).toBeInTheDocument();
    await user.type(field, 'AB');
    await user.click(screen.getByRole('button', { name: 'متابعة' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('link', { name: 'التطبيقات والأجهزة' })).toHaveAttribute(
      'href',
      '/settings/apps',
    );
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

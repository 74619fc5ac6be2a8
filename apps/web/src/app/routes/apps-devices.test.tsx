import {
  integrationMessages,
  TOKEN_STORAGE_KEY,
  type ScrobbleSettings,
} from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const settings: ScrobbleSettings = {
  paths: {
    jellyfin: '/api/scrobble/s3cret/jellyfin',
    plex: '/api/scrobble/s3cret/plex',
    emby: '/api/scrobble/s3cret/emby',
    kodi: '/api/scrobble/s3cret/kodi',
  },
  createdAt: '2026-11-20T10:00:00.000Z',
  events: [
    {
      id: 2,
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
    {
      id: 1,
      source: 'plex',
      event: 'media.scrobble',
      receivedAt: '2026-11-20T20:00:00.000Z',
      outcome: 'marked',
      detail: 'Breaking Bad S1E3 recorded as watched',
      title: 'Breaking Bad',
      seasonNumber: 1,
      episodeNumber: 3,
      show: { id: 169, title: 'Breaking Bad' },
      episodeId: 12,
    },
  ],
};

function signedIn(handler: (call: RecordedCall) => Response | undefined = () => undefined) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
  return mockFetch(async (call) => {
    if (call.url === '/api/auth/me') return jsonResponse(200, { user: buildUser() });
    const answer = handler(call);
    if (answer) return answer;
    if (call.url === '/api/scrobble/settings') return jsonResponse(200, settings);
    if (call.url === '/api/api-tokens' && call.method === 'GET')
      return jsonResponse(200, { data: [] });
    return jsonResponse(404, { error: 'unexpected', code: 'NOT_FOUND' });
  });
}

describe('/settings/apps', () => {
  it('shows each media server URL on this origin and the last events with their reason', async () => {
    signedIn();
    renderApp('/settings/apps');
    const url = await screen.findByRole('textbox', { name: 'Jellyfin webhook URL' });
    expect(url).toHaveValue(`${window.location.origin}/api/scrobble/s3cret/jellyfin`);
    const events = screen.getByRole('list', { name: 'Last events from your media servers' });
    const [first, second] = within(events).getAllByRole('listitem');
    expect(first).toHaveTextContent('Not matched');
    expect(first).toHaveTextContent('No show in the catalogue matches “Home movies”');
    expect(second).toHaveTextContent('Marked watched');
    expect(within(second!).getByRole('link', { name: 'Breaking Bad' })).toHaveAttribute(
      'href',
      '/show/169',
    );
  });

  it('a failed load is an error with Try again, not an empty log', async () => {
    signedIn((call) =>
      call.url === '/api/scrobble/settings'
        ? jsonResponse(500, { error: 'Database unavailable', code: 'INTERNAL_ERROR' })
        : undefined,
    );
    renderApp('/settings/apps');
    expect(
      await screen.findByText('Could not load your media server settings'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Nothing received yet')).not.toBeInTheDocument();
  });

  it('creates a token, shows it once, and lists it without the secret', async () => {
    const { calls } = signedIn((call) =>
      call.url === '/api/api-tokens' && call.method === 'POST'
        ? jsonResponse(201, {
            id: 7,
            name: 'Kodi',
            prefix: 'st_AbCdEf',
            scopes: ['read', 'write:tracking'],
            createdAt: '2026-11-20T10:00:00.000Z',
            lastUsedAt: null,
            token: 'st_AbCdEfsecretsecretsecretsecretsecretsecret1',
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/settings/apps');
    await screen.findByText('No API tokens yet');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(integrationMessages.nameRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Token name'), 'Kodi');
    await user.click(screen.getByLabelText('Mark episodes'));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByRole('textbox', { name: 'Token “Kodi”' });
    expect(shown).toHaveValue('st_AbCdEfsecretsecretsecretsecretsecretsecret1');
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/api-tokens')!;
    expect(post.body).toEqual({ name: 'Kodi', scopes: ['read', 'write:tracking'] });
    await user.click(screen.getByRole('button', { name: 'Copy Token “Kodi”' }));
    expect(await navigator.clipboard.readText()).toBe(
      'st_AbCdEfsecretsecretsecretsecretsecretsecret1',
    );
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Token “Kodi”' })).not.toBeInTheDocument(),
    );
    const list = screen.getByRole('list', { name: 'Your API tokens' });
    expect(list).toHaveTextContent('st_AbCdEf…');
    expect(list).not.toHaveTextContent('secret');
  });
});

// Typing and several screens per test: more room than 5 s on a busy machine.
import {
  TOKEN_STORAGE_KEY,
  traktOAuthErrorCodes,
  traktOAuthMessages,
} from '@series-tracker/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const clientId = 'd4161a7a106424551add171e5470112e4afdaf2438e6ef2fe0548edc75924868';

function signedIn(handler: (call: RecordedCall) => Response | undefined) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
  return mockFetch(async (call) => {
    if (call.url === '/api/auth/me') return jsonResponse(200, { user: buildUser() });
    return handler(call) ?? jsonResponse(404, { error: 'unexpected', code: 'NOT_FOUND' });
  });
}

describe('/activate', { timeout: 20_000 }, () => {
  it("takes the code from the link, shows the app's id shortened, and approves", async () => {
    const { calls } = signedIn((call) => {
      if (call.url === '/api/trakt-apps/device/lookup')
        return jsonResponse(200, {
          clientId,
          userCode: 'ABCD-EFGH',
          expiresAt: '2026-11-27T10:10:00.000Z',
        });
      if (call.url === '/api/trakt-apps/device')
        return jsonResponse(200, { clientId, decision: 'approve' });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/activate?code=abcd-efgh');
    expect(
      await screen.findByLabelText('Code shown by your app', {}, { timeout: 10_000 }),
    ).toHaveValue('abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('d4161a7a…4868')).toBeInTheDocument();
    expect(screen.getByText(/we cannot tell you the app’s name/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/Connected\. Go back to your app/)).toBeInTheDocument();
    const lookup = calls.find((c) => c.url === '/api/trakt-apps/device/lookup')!;
    expect(lookup.body).toEqual({ userCode: 'ABCDEFGH' });
    const decision = calls.find((c) => c.url === '/api/trakt-apps/device')!;
    expect(decision.body).toEqual({ userCode: 'ABCD-EFGH', decision: 'approve' });
  });

  it('says what is wrong with a code, and keeps what was typed', async () => {
    const { calls } = signedIn((call) =>
      call.url === '/api/trakt-apps/device/lookup'
        ? jsonResponse(410, {
            error: traktOAuthMessages.codeExpired,
            code: traktOAuthErrorCodes.codeExpired,
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/activate');
    const field = await screen.findByLabelText('Code shown by your app', {}, { timeout: 10_000 });
    await user.type(field, 'O0I1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(traktOAuthMessages.codeShape)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/trakt-apps/device/lookup')).toBe(false);
    await user.clear(field);
    await user.type(field, 'WXYZ2345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(traktOAuthMessages.codeExpired);
    // Leaving the field shows it as pages show codes.
    expect(field).toHaveValue('WXYZ-2345');
  });
});

describe('/oauth/authorize', { timeout: 20_000 }, () => {
  it('refuses a request no app could have meant, in words', async () => {
    signedIn(() => undefined);
    renderApp(
      `/oauth/authorize?response_type=code&client_id=${clientId}&redirect_uri=javascript:alert(1)`,
    );
    expect(await screen.findByText(traktOAuthMessages.redirectInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows where the answer goes, and the code to copy for the oob address', async () => {
    const { calls } = signedIn((call) =>
      call.url === '/api/trakt-apps/authorize' ? jsonResponse(200, { code: 'c0de' }) : undefined,
    );
    const user = userEvent.setup();
    renderApp(
      `/oauth/authorize?response_type=code&client_id=${clientId}&redirect_uri=urn:ietf:wg:oauth:2.0:oob&state=s1`,
    );
    expect(await screen.findByText(/this page shows a code to paste/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('textbox', { name: 'Code for your app' })).toHaveValue('c0de');
    expect(calls.find((c) => c.url === '/api/trakt-apps/authorize')!.body).toEqual({
      request: {
        response_type: 'code',
        client_id: clientId,
        redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
        state: 's1',
      },
      decision: 'approve',
    });
  });
});

describe('Settings › Apps & devices › Connected apps', { timeout: 20_000 }, () => {
  it('lists each app with its id, and Disconnect removes it', async () => {
    const { calls } = signedIn((call) => {
      if (call.url === '/api/trakt-apps' && call.method === 'GET')
        return jsonResponse(200, {
          data: [
            {
              id: 4,
              clientId,
              connectedAt: '2026-11-20T10:00:00.000Z',
              lastUsedAt: null,
            },
          ],
        });
      if (call.url === '/api/trakt-apps/4' && call.method === 'DELETE')
        return new Response(null, { status: 204 });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/settings/apps');
    const list = await screen.findByRole('list', { name: 'Your connected apps' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('App ID d4161a7a…4868');
    expect(within(list).getByRole('listitem')).toHaveTextContent('not used yet');
    await user.click(screen.getByRole('button', { name: 'Disconnect app d4161a7a…4868' }));
    expect(await screen.findByText('No connected apps')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/trakt-apps/4' && c.method === 'DELETE')).toBe(true);
  });
});

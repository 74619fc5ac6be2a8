import { securityMessages, TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, type RecordedCall, fieldErrorResponse } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

/*
 * /login with two-factor sign-in on (ADR 173): the right password leads to the second step,
 * which stands alone (the provider's button goes, ADR 174); a wrong code says so, a right one
 * signs in and goes on.
 */

vi.setConfig({ testTimeout: 20_000 });

/** The provider's button on /login, and a right password answered with a second step. */
function passwordStep(call: RecordedCall, challengeToken: string): Response | undefined {
  if (call.url === '/api/auth/providers')
    return jsonResponse(200, {
      oidc: { name: 'Test ID', startUrl: '/api/auth/oidc/start' },
      passwordSignIn: true,
    });
  if (call.url === '/api/auth/login')
    return jsonResponse(200, {
      secondFactor: {
        challengeToken,
        methods: ['totp'],
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
      },
    });
}

describe('/login: the second step', () => {
  it('asks for the code alone, refuses a wrong one, and signs in with the right one', async () => {
    let tries = 0;
    const { calls } = mockFetch((call) => {
      const first = passwordStep(call, 'challenge-1');
      if (first) return first;
      if (call.url === '/api/auth/2fa') {
        tries++;
        if (tries === 1)
          return fieldErrorResponse(400, 'CODE_INVALID', 'code', securityMessages.codeInvalid);
        return jsonResponse(200, {
          token: 'two-step-token',
          expiresAt: '2030-01-01T00:00:00Z',
          user: buildUser(),
        });
      }
      if (call.url === '/api/auth/me') return jsonResponse(200, { user: buildUser() });
      if (call.url.startsWith('/api/'))
        return jsonResponse(200, { data: [], total: 0, limit: 10, offset: 0, hasMore: false });
      return jsonResponse(404, { error: 'unexpected', code: 'NOT_FOUND' });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login?next=/settings');
    expect(await screen.findByRole('link', { name: 'Sign in with Test ID' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username or Email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'watching-all-night');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const step = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(screen.queryByRole('link', { name: 'Sign in with Test ID' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(within(step).getByLabelText('Code'), '000000');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect(await within(step).findByText(securityMessages.codeInvalid)).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    await user.type(within(step).getByLabelText('Code'), '123456');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('two-step-token');
    expect(calls.filter((c) => c.url === '/api/auth/2fa').map((c) => c.body)).toEqual([
      { challengeToken: 'challenge-1', code: '000000' },
      { challengeToken: 'challenge-1', code: '123456' },
    ]);
  });

  it('"Back to sign in" brings the password form and the provider back', async () => {
    mockFetch((call) => {
      const first = passwordStep(call, 'challenge-2');
      if (first) return first;
      return jsonResponse(401, { error: 'Sign in', code: 'UNAUTHORIZED' });
    });
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('Username or Email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'watching-all-night');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('link', { name: 'Sign in with Test ID' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});

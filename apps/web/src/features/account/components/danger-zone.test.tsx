import { securityMessages, TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

/*
 * A member whose account was made through single sign-on has no password (ADR 174): Settings
 * deletes the account on a recent sign-in, and "Confirm it's you" offers "Sign in again with
 * <provider>" instead of a password field.
 */

function signedIn({
  hasPassword,
  linked = true,
  totp = false,
  notRecentFor,
  handler = () => undefined,
}: {
  hasPassword: boolean;
  linked?: boolean;
  totp?: boolean;
  /** A call (`/path` or `METHOD /path`) refused for want of a recent sign-in. */
  notRecentFor?: string;
  handler?: (call: RecordedCall) => Response | undefined;
}) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
  return mockFetch((call) => {
    if (call.url === '/api/auth/me') return jsonResponse(200, { user: buildUser() });
    if (call.url === '/api/auth/security')
      return jsonResponse(200, {
        totp,
        backupCodesLeft: totp ? 10 : 0,
        passkeys: [],
        recentUntil: null,
        hasPassword,
      });
    if (call.url === '/api/auth/providers')
      return jsonResponse(200, {
        oidc: { name: 'Test ID', startUrl: '/api/auth/oidc/start' },
        passwordSignIn: true,
      });
    if (call.url === '/api/auth/oidc/links')
      return jsonResponse(200, {
        provider: 'Test ID',
        links: linked
          ? [{ id: 3, email: 'kim@idp.example', createdAt: '2026-11-01T00:00:00Z' }]
          : [],
        canUnlink: hasPassword,
      });
    if (notRecentFor === call.url || notRecentFor === `${call.method} ${call.url}`)
      return notRecent();
    if (call.url === '/api/auth/oidc/reauthenticate')
      return jsonResponse(200, { url: 'http://idp.example/auth?prompt=login' });
    const answer = handler(call);
    if (answer) return answer;
    if (call.url === '/api/auth/sessions') return jsonResponse(200, { data: [] });
    if (call.url.startsWith('/api/'))
      return jsonResponse(200, { data: [], total: 0, limit: 10, offset: 0, hasMore: false });
    return jsonResponse(404, { error: 'unexpected', code: 'NOT_FOUND' });
  });
}

const notRecent = () =>
  jsonResponse(403, {
    error: securityMessages.reauthenticationRequired,
    code: 'REAUTHENTICATION_REQUIRED',
  });

// The settings page loads its sections on demand: the first render of a run takes a while.
vi.setConfig({ testTimeout: 20_000 });

/** Opens Settings, presses `button` and returns the "Confirm it’s you" dialog it opens. */
async function confirmAfterPressing(button: string) {
  const user = userEvent.setup();
  renderApp('/settings');
  await user.click(await screen.findByRole('button', { name: button }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Confirm it’s you' }) };
}

describe('deleting an account that has no password', () => {
  it('asks to tick a box instead of a password, then to sign in again with the provider', async () => {
    const { calls } = signedIn({
      hasPassword: false,
      notRecentFor: 'DELETE /api/users/me',
    });
    const user = userEvent.setup();
    renderApp('/settings#danger');
    const form = await screen.findByRole('form', { name: 'Delete account' });
    const submit = within(form).getByRole('button', { name: 'Delete my account' });
    await waitFor(() => expect(within(form).queryByLabelText('Password')).not.toBeInTheDocument());
    expect(submit).toBeDisabled();
    await user.click(within(form).getByRole('checkbox', { name: /gone for good/ }));
    await user.click(submit);

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(
      within(dialog).getByText(/Your account signs in with Test ID, so we ask you to sign in/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    // Two-factor is off: no code to offer either.
    expect(within(dialog).queryByText(/authenticator or backup code/)).not.toBeInTheDocument();
    await user.click(
      await within(dialog).findByRole('button', { name: 'Sign in again with Test ID' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/auth/oidc/reauthenticate')?.body).toEqual({
        returnTo: '/settings#danger',
      }),
    );
    // The body went without a password; nothing was deleted.
    expect(calls.find((c) => c.url === '/api/users/me' && c.method === 'DELETE')!.body).toEqual({});
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('valid-token');
  });

  it('deletes at once when the sign-in is recent', async () => {
    const { calls } = signedIn({
      hasPassword: false,
      handler: (call) => {
        if (call.method === 'DELETE' && call.url === '/api/users/me')
          return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Delete account' });
    await user.click(await within(form).findByRole('checkbox', { name: /gone for good/ }));
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((c) => c.url === '/api/auth/reauthenticate')).toHaveLength(0);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('changing the address of an account that has no password', () => {
  it('asks for no password and confirms through the provider when the sign-in is old', async () => {
    const { calls } = signedIn({
      hasPassword: false,
      notRecentFor: 'PUT /api/users/me',
    });
    const user = userEvent.setup();
    renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Email address' });
    const field = within(form).getByLabelText('Email');
    await user.clear(field);
    await user.type(field, 'kim.new@example.test');
    await waitFor(() => expect(within(form).queryByLabelText('Current Password')).toBeNull());
    await user.click(within(form).getByRole('button', { name: 'Change email' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Sign in again with Test ID' }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/auth/oidc/reauthenticate')).toBe(true),
    );
    // Sent without a password; the form shows no error of its own behind the dialog.
    expect(calls.find((c) => c.url === '/api/users/me' && c.method === 'PUT')!.body).toEqual({
      email: 'kim.new@example.test',
    });
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('a member with a password still types it', async () => {
    signedIn({ hasPassword: true });
    const user = userEvent.setup();
    renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Email address' });
    const field = within(form).getByLabelText('Email');
    await user.clear(field);
    await user.type(field, 'kim.new@example.test');
    expect(await within(form).findByLabelText('Current Password')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Change email' }));
    expect(await within(form).findByText('Enter your current password')).toBeInTheDocument();
  });
});

describe('"Confirm it’s you" with a linked provider', () => {
  it('a member with a password sees the password first and the provider as another way', async () => {
    signedIn({
      hasPassword: true,
      notRecentFor: '/api/auth/2fa/totp',
    });
    const { dialog } = await confirmAfterPressing('Set up an authenticator app');
    expect(within(dialog).getByLabelText('Password')).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('button', { name: 'Sign in again with Test ID' }),
    ).toBeInTheDocument();
  });

  it('a member without a password and with two-factor on may use a code instead', async () => {
    signedIn({
      hasPassword: false,
      totp: true,
      notRecentFor: '/api/auth/2fa/backup-codes',
    });
    const { user, dialog } = await confirmAfterPressing('New backup codes');
    await user.click(
      within(dialog).getByRole('button', { name: 'Use an authenticator or backup code instead' }),
    );
    expect(within(dialog).getByLabelText('Authenticator or backup code')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('without a link nor a password nor codes, it says how to set a password', async () => {
    signedIn({
      hasPassword: false,
      linked: false,
      notRecentFor: '/api/auth/2fa/totp',
    });
    const { dialog } = await confirmAfterPressing('Set up an authenticator app');
    expect(await within(dialog).findByText(/Set a password first/)).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Sign in again with Test ID' }),
    ).not.toBeInTheDocument();
  });
});

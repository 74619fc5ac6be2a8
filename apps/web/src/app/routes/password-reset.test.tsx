import { accountMessages, authMessages, TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { expectLink } from '@/test/expect-link';

describe('/forgot-password', () => {
  it('is linked from /login and answers with one neutral message', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/auth/forgot-password'
        ? jsonResponse(200, { message: accountMessages.forgotPasswordSent })
        : jsonResponse(500),
    );
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(accountMessages.forgotPasswordSent)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/forgot-password')!.body).toEqual({
      email: 'someone@example.com',
    });
    expectLink(screen, 'Back to Sign In', '/login');
  });

  it('checks the address and shows a rate limit', async () => {
    mockFetch(() =>
      jsonResponse(429, { error: accountMessages.tooManyMails, code: 'RATE_LIMITED' }),
    );
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(authMessages.emailInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(accountMessages.tooManyMails)).toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  it('uses the register rules, then sends the token and leads to sign in', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/auth/reset-password'
        ? jsonResponse(200, { message: accountMessages.passwordReset })
        : jsonResponse(500),
    );
    const user = userEvent.setup();
    renderApp('/reset-password?token=abc_123');
    await user.type(await screen.findByLabelText('New Password'), '12345');
    await user.type(screen.getByLabelText('Confirm New Password'), '12346');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(authMessages.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/reset-password')).toBe(false);

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'a new password');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(accountMessages.passwordReset)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/reset-password')!.body).toEqual({
      token: 'abc_123',
      password: 'a new password',
    });
    // The header has a Sign In link too; this one is in the page.
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('an expired link says so and offers a new one', async () => {
    mockFetch(() =>
      jsonResponse(400, { error: accountMessages.tokenExpired, code: 'TOKEN_EXPIRED' }),
    );
    const user = userEvent.setup();
    renderApp('/reset-password?token=old');
    await user.type(await screen.findByLabelText('New Password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(accountMessages.tokenExpired)).toBeInTheDocument();
    expectLink(screen, 'Ask for a new link', '/forgot-password');
  });

  it('without a token there is nothing to reset', async () => {
    mockFetch(() => jsonResponse(500));
    renderApp('/reset-password');
    expect(await screen.findByText(accountMessages.tokenInvalid)).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });
});

describe('/verify-email', () => {
  it('confirms once as the page opens and links home', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/auth/verify-email'
        ? jsonResponse(200, { message: accountMessages.emailVerified })
        : jsonResponse(500),
    );
    renderApp('/verify-email?token=tok');
    expect(await screen.findByText(accountMessages.emailVerified)).toBeInTheDocument();
    expectLink(screen, 'Go to the home page', '/');
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/auth/verify-email')).toHaveLength(1),
    );
    expect(calls.find((c) => c.url === '/api/auth/verify-email')!.body).toEqual({ token: 'tok' });
  });

  it('says a new address is in force after an e-mail change, and reloads the account', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
    let switched = false;
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/auth/me')
        return jsonResponse(200, {
          user: buildUser(
            switched ? { email: 'new@example.com' } : { pendingEmail: 'new@example.com' },
          ),
        });
      if (call.url === '/api/auth/verify-email') {
        switched = true;
        return jsonResponse(200, { message: accountMessages.emailChanged });
      }
      return jsonResponse(500);
    });
    renderApp('/verify-email?token=tok');
    expect(await screen.findByText(accountMessages.emailChanged)).toBeInTheDocument();
    // The `me` query is asked again, so the header and Settings show the new address.
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/auth/me').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('an address taken meanwhile says so, neutrally', async () => {
    mockFetch(() =>
      jsonResponse(409, { error: accountMessages.emailChangeUnavailable, code: 'CONFLICT' }),
    );
    renderApp('/verify-email?token=tok');
    expect(await screen.findByText(accountMessages.emailChangeUnavailable)).toBeInTheDocument();
  });

  it('a used link says so', async () => {
    mockFetch(() => jsonResponse(400, { error: accountMessages.tokenUsed, code: 'TOKEN_USED' }));
    renderApp('/verify-email?token=tok');
    expect(await screen.findByText(accountMessages.tokenUsed)).toBeInTheDocument();
  });
});

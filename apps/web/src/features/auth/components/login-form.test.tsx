import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { buildUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';
import { expectLink } from '@/test/expect-link';

function renderForm(onSuccess = vi.fn()) {
  const user = userEvent.setup();
  renderWithProviders(<LoginForm onSuccess={onSuccess} />, { path: '/login' });
  return {
    user,
    onSuccess,
    identifier: screen.getByLabelText('Username or Email'),
    password: screen.getByLabelText('Password'),
    submit: () => screen.getByRole('button', { name: /sign in|signing in/i }),
  };
}

describe('LoginForm', () => {
  it('keeps Sign In disabled until both fields are filled', async () => {
    mockFetch(() => jsonResponse(500));
    const { user, identifier, password, submit } = renderForm();

    expect(submit()).toHaveTextContent('Sign In');
    expect(submit()).toBeDisabled();
    await user.type(identifier, 'alice');
    expect(submit()).toBeDisabled();
    await user.type(password, 'secret-one');
    expect(submit()).toBeEnabled();
    await user.clear(identifier);
    await user.type(identifier, '   ');
    expect(submit()).toBeDisabled();
  });

  it("shows 'Signing In...' and stays disabled while the request runs, then stores the session", async () => {
    const response = deferred<Response>();
    const { calls } = mockFetch(() => response.promise);
    const { user, identifier, password, submit, onSuccess } = renderForm();

    await user.type(identifier, '  alice@example.com ');
    await user.type(password, 'secret-one');
    await user.click(submit());

    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    expect(calls[0]?.url).toBe('/api/auth/login');
    expect(calls[0]?.body).toEqual({ identifier: 'alice@example.com', password: 'secret-one' });

    response.resolve(
      jsonResponse(200, {
        token: 'new-token',
        expiresAt: '2030-01-01T00:00:00Z',
        user: buildUser(),
      }),
    );

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
  });

  it('shows the server message and clears it when submitting again', async () => {
    const second = deferred<Response>();
    let call = 0;
    mockFetch(() => {
      call += 1;
      return call === 1
        ? jsonResponse(401, {
            error: 'Invalid username/email or password',
            code: 'INVALID_CREDENTIALS',
          })
        : second.promise;
    });
    const { user, identifier, password, submit, onSuccess } = renderForm();

    await user.type(identifier, 'alice');
    await user.type(password, 'wrong-password');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid username/email or password',
    );
    expect(onSuccess).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    await user.click(submit());

    await screen.findByRole('button', { name: 'Signing In...' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    second.resolve(jsonResponse(500, {}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it("falls back to 'Login failed. Please try again.' when the server sends no message", async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user, identifier, password, submit } = renderForm();

    await user.type(identifier, 'alice');
    await user.type(password, 'secret-one');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
    expect(submit()).toHaveTextContent('Sign In');
    expect(submit()).toBeEnabled();
  });

  it('links to sign-up and to password recovery', () => {
    mockFetch(() => jsonResponse(500));
    renderForm();
    expectLink(screen, 'Forgot your password?', '/forgot-password');
    expectLink(screen, 'Sign up', '/register');
  });
});

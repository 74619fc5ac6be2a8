import { authMessages, securityMessages, TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockFetch, fieldErrorResponse } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { RegisterForm } from './register-form';
import { expectLink } from '@/test/expect-link';

/** The form also asks whether the site has no account yet (ADR 173): not a registration. */
const sent = <T extends { url: string }>(calls: T[]) =>
  calls.filter((c) => c.url !== '/api/auth/setup' && c.url !== '/api/auth/providers');
/** The page's own look-ups (first run, ADR 173; sign-in providers, ADR 174), answered apart. */
const lookups = (call: { url: string }) =>
  call.url === '/api/auth/setup'
    ? jsonResponse(200, { firstRun: false })
    : call.url === '/api/auth/providers'
      ? jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' })
      : null;

function renderForm() {
  const user = userEvent.setup();
  renderWithProviders(<RegisterForm />, { path: '/register' });
  const field = (label: string) => screen.getByLabelText(label);
  return {
    user,
    field,
    submit: () => screen.getByRole('button', { name: /create account|creating account/i }),
    async fill(values: Partial<Record<string, string>>) {
      for (const [label, value] of Object.entries(values)) {
        if (value) await user.type(field(label), value);
      }
    },
  };
}

/** The server's one answer to every accepted registration (ADR 152). */
const sentResponse = (email: string) =>
  jsonResponse(202, { message: authMessages.registrationSent, email });

const valid = {
  Username: 'alice',
  Email: 'alice@example.com',
  Password: 'secret-one',
  'Confirm Password': 'secret-one',
};

describe('RegisterForm', () => {
  it('has the spec fields, with Email typed as email', () => {
    mockFetch(() => jsonResponse(500));
    const { field } = renderForm();
    expect(field('Username')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Display Name (Optional)')).toBeInTheDocument();
    expect(field('Password')).toHaveAttribute('type', 'password');
    expect(field('Confirm Password')).toHaveAttribute('type', 'password');
    expectLink(screen, 'Sign in', '/login');
  });

  it("shows 'Passwords do not match' and keeps the button disabled until they match", async () => {
    mockFetch(() => jsonResponse(500));
    const { user, field, fill, submit } = renderForm();

    expect(submit()).toBeDisabled();
    await fill({ Username: 'alice', Email: 'alice@example.com', Password: 'secret-one' });
    expect(submit()).toBeDisabled();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();

    await user.type(field('Confirm Password'), 'secret-two');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(field('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(submit()).toBeDisabled();

    await user.clear(field('Confirm Password'));
    await user.type(field('Confirm Password'), 'secret-one');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('shows the contract message for a short password on submit and sends nothing', async () => {
    const { calls } = mockFetch(() => jsonResponse(500));
    const { user, fill, submit } = renderForm();

    await fill({ ...valid, Password: 'abc', 'Confirm Password': 'abc' });
    await user.click(submit());

    expect(
      await screen.findByText('Password must be at least 8 characters long'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(sent(calls)).toHaveLength(0);
  });

  it("sends trimmed values without the confirmation, shows 'Creating Account...', then 'Check your e-mail' without signing in", async () => {
    const response = deferred<Response>();
    const { calls } = mockFetch((call) => lookups(call) ?? response.promise);
    const { user, fill, submit } = renderForm();

    await fill({ ...valid, Username: ' alice ', 'Display Name (Optional)': 'Alice' });
    await user.click(submit());

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    expect(sent(calls)).toHaveLength(1);
    expect(sent(calls)[0]?.url).toBe('/api/auth/register');
    expect(sent(calls)[0]?.body).toEqual({
      username: 'alice',
      email: 'alice@example.com',
      password: 'secret-one',
      displayName: 'Alice',
    });
    expect(sent(calls)[0]?.body).not.toHaveProperty('confirmPassword');

    response.resolve(sentResponse('alice@example.com'));
    const heading = await screen.findByRole('heading', { name: 'Check your e-mail' });
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'Create account' })).not.toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Check your e-mail' });
    expect(panel).toHaveTextContent(
      'We sent a link to alice@example.com. Open it within 24 hours to finish creating your account.',
    );
    expect(screen.getByText('alice@example.com')).toHaveAttribute('dir', 'auto');
    expect(panel).toHaveTextContent('Not there? Look in your spam folder, or send it again.');
    expectLink(screen, 'Back to sign in', '/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("'Send the link again' posts the same registration again and says so, keeping the panel", async () => {
    const { calls } = mockFetch(() => sentResponse('alice@example.com'));
    const { user, fill, submit } = renderForm();

    await fill({ ...valid, 'Display Name (Optional)': 'Alice' });
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Sent again.');
    expect(sent(calls)).toHaveLength(2);
    expect(sent(calls)[1]?.url).toBe('/api/auth/register');
    expect(sent(calls)[1]?.body).toEqual(sent(calls)[0]?.body);
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows a failed resend in an alert and keeps the panel', async () => {
    let call = 0;
    mockFetch((request) => {
      const lookup = lookups(request);
      if (lookup) return lookup;
      call += 1;
      return call === 1
        ? sentResponse('alice@example.com')
        : jsonResponse(429, { error: 'Too many requests. Try again later.', code: 'RATE_LIMITED' });
    });
    const { user, fill, submit } = renderForm();

    await fill(valid);
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Try again later.',
    );
    expect(screen.getByRole('status')).not.toHaveTextContent('Sent again.');
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeEnabled();
  });

  it("'Use different details' goes back to the form with the values kept", async () => {
    mockFetch(() => sentResponse('alice@example.com'));
    const { user, fill, field, submit } = renderForm();

    await fill({ ...valid, 'Display Name (Optional)': 'Alice' });
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'Use different details' }));

    expect(await screen.findByLabelText('Email')).toHaveFocus();
    expect(field('Username')).toHaveValue('alice');
    expect(field('Email')).toHaveValue('alice@example.com');
    expect(field('Display Name (Optional)')).toHaveValue('Alice');
    expect(field('Password')).toHaveValue('secret-one');
    expect(field('Confirm Password')).toHaveValue('secret-one');
    expect(submit()).toHaveTextContent('Create Account');
    expect(submit()).toBeEnabled();
  });

  it('leaves out an empty display name', async () => {
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    const { user, fill, submit } = renderForm();

    await fill(valid);
    await user.click(submit());

    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]?.body).toEqual({
      username: 'alice',
      email: 'alice@example.com',
      password: 'secret-one',
    });
  });

  it('says why a common password is refused, once, on the Password field', async () => {
    mockFetch(() =>
      fieldErrorResponse(400, 'VALIDATION_ERROR', 'password', authMessages.passwordTooCommon),
    );
    const { user, fill, field, submit } = renderForm();

    await fill(valid);
    await user.click(submit());

    expect(await screen.findByText(authMessages.passwordTooCommon)).toBeInTheDocument();
    expect(screen.getAllByText(authMessages.passwordTooCommon)).toHaveLength(1);
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: 'Check your e-mail' })).not.toBeInTheDocument();
  });

  it('says a taken username once, on the Username field', async () => {
    mockFetch(() =>
      fieldErrorResponse(409, 'USERNAME_TAKEN', 'username', authMessages.usernameTaken),
    );
    const { user, fill, field, submit } = renderForm();

    await fill(valid);
    await user.click(submit());

    expect(await screen.findByText(authMessages.usernameTaken)).toBeInTheDocument();
    expect(screen.getAllByText(authMessages.usernameTaken)).toHaveLength(1);
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Check your e-mail' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows the neutral 409 for an unusable email above the form, on no field', async () => {
    mockFetch(() =>
      jsonResponse(409, { error: authMessages.emailOrUsernameUnavailable, code: 'CONFLICT' }),
    );
    const { user, fill, field, submit } = renderForm();

    await fill(valid);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That email address or username cannot be used',
    );
    expect(field('Email')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(authMessages.emailOrUsernameUnavailable)).toHaveLength(1);
  });

  it('puts the field messages of a 400 under their fields', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        error: 'Please correct the highlighted fields',
        code: 'VALIDATION_ERROR',
        details: { email: 'Please enter a valid email address' },
      }),
    );
    const { user, fill, field, submit } = renderForm();

    await fill(valid);
    await user.click(submit());

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please correct the highlighted fields')).toBeInTheDocument();
  });

  it("falls back to 'Registration failed. Please try again.'", async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user, fill, submit } = renderForm();

    await fill(valid);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration failed. Please try again.',
    );
  });

  it('on an empty site says the first account becomes the administrator, and signs it in', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/auth/setup') return jsonResponse(200, { firstRun: true });
      return jsonResponse(201, {
        token: 'first-token',
        expiresAt: '2030-01-01T00:00:00.000Z',
        user: {
          id: 1,
          username: 'alice',
          displayName: null,
          avatarUrl: null,
          bio: null,
          isPublic: true,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
          email: 'alice@example.com',
          emailVerified: false,
          role: 'admin',
          suspension: null,
          pendingEmail: null,
        },
      });
    });
    const form = renderForm();
    expect(await screen.findByText(securityMessages.firstRunNotice)).toBeInTheDocument();
    await form.fill(valid);
    await form.user.click(form.submit());
    await waitFor(() => expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('first-token'));
    expect(sent(calls)).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Check your e-mail' })).not.toBeInTheDocument();
  });
});

import { authMessages, TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { buildUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const newAccount = buildUser({ id: 42, username: 'newcomer', displayName: 'New Comer' });
const created = { token: 'fresh-token', expiresAt: '2030-01-01T00:00:00Z', user: newAccount };
const busy = { error: 'The server is busy. Please try again.', code: 'INTERNAL_ERROR' };

/** Answers the finishing call with `finish`; the home page's other calls fail as when busy. */
const finishWith = (finish: (call: RecordedCall) => Response | Promise<Response>) =>
  mockFetch((call) =>
    call.url === '/api/auth/finish-registration'
      ? finish(call)
      : call.url === '/api/auth/me'
        ? jsonResponse(401, { error: authMessages.notSignedIn, code: 'UNAUTHORIZED' })
        : jsonResponse(503, busy),
  );

const finishButton = () => screen.findByRole('button', { name: 'Finish and sign in' });

describe('/finish-registration', () => {
  it('finishes on a click (never on load), stores the session and goes home', async () => {
    const { calls } = finishWith(() => jsonResponse(201, created));
    const user = userEvent.setup();
    const { router } = renderApp('/finish-registration?token=abc_123');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Finish creating your account' }),
    ).toBeInTheDocument();
    expect(screen.getByText('One click and you are signed in.')).toBeInTheDocument();
    const button = await finishButton();
    expect(calls.some((c) => c.url === '/api/auth/finish-registration')).toBe(false);

    await user.click(button);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls.find((c) => c.url === '/api/auth/finish-registration')!.body).toEqual({
      token: 'abc_123',
    });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, New Comer' }),
    ).toBeInTheDocument();
  });

  it("shows 'Finishing...' while it is sent", async () => {
    let answer!: (response: Response) => void;
    finishWith(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderApp('/finish-registration?token=abc');

    await user.click(await finishButton());
    expect(await screen.findByRole('button', { name: 'Finishing...' })).toBeDisabled();
    answer(jsonResponse(503, busy));
    expect(await finishButton()).toBeEnabled();
  });

  it('switches a device signed in as someone else to the new account', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'old-token');
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/auth/me') return jsonResponse(200, { user: buildUser() });
      if (call.url === '/api/auth/finish-registration') return jsonResponse(201, created);
      if (call.url === '/api/auth/logout') return jsonResponse(204);
      return jsonResponse(503, busy);
    });
    const user = userEvent.setup();
    const { router } = renderApp('/finish-registration?token=abc');

    await user.click(await finishButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
    // The old session ends on the server, sent with its own token.
    const logout = calls.find((c) => c.url === '/api/auth/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer old-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, New Comer' }),
    ).toBeInTheDocument();
  });

  it('shows why a used or expired link is refused, with Register again and Sign In; nothing is stored', async () => {
    finishWith(() =>
      jsonResponse(400, { error: authMessages.registrationLinkInvalid, code: 'TOKEN_INVALID' }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/finish-registration?token=used');

    await user.click(await finishButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      authMessages.registrationLinkInvalid,
    );
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/register');
    // The button is gone: the keyboard lands on the way on, not on the page's body.
    expect(main.getByRole('link', { name: 'Register again' })).toHaveFocus();
    expect(main.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Finish and sign in' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/finish-registration');
  });

  it('shows a 409 (the address got an account meanwhile) with Register again', async () => {
    finishWith(() =>
      jsonResponse(409, { error: authMessages.registrationAddressTaken, code: 'CONFLICT' }),
    );
    const user = userEvent.setup();
    renderApp('/finish-registration?token=late');

    await user.click(await finishButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      authMessages.registrationAddressTaken,
    );
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Finish and sign in' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps the button after a failed network, and a second click can finish', async () => {
    let call = 0;
    finishWith(() => {
      call += 1;
      return call === 1
        ? Promise.reject(new TypeError('Failed to fetch'))
        : jsonResponse(201, created);
    });
    const user = userEvent.setup();
    const { router } = renderApp('/finish-registration?token=abc');

    await user.click(await finishButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not finish creating your account. Please try again.',
    );
    expect(screen.getByText('Finish creating your account')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    await user.click(await finishButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
  });

  it('says a link without a token is incomplete, and offers Register again', async () => {
    const { calls } = finishWith(() => jsonResponse(201, created));
    renderApp('/finish-registration');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is incomplete. Open the whole link from the e-mail, or register again.',
    );
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Register again' }),
    ).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Finish and sign in' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/finish-registration')).toBe(false);
  });
});

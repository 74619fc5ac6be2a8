import { authMessages, TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { buildUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { expectLink } from '@/test/expect-link';

const authResponse = { token: 'tok', expiresAt: '2030-01-01T00:00:00Z', user: buildUser() };

/**
 * Answers the auth endpoints with `body`; every other request (the home page's trending,
 * today, activity, stats) fails as a server error would. Answering those with the auth body
 * too gave the home page a malformed trending response, and the test raced its crash.
 */
const authOnly = (body: unknown) => (call: { url: string }) =>
  call.url.startsWith('/api/auth/')
    ? jsonResponse(200, body)
    : jsonResponse(503, { error: 'The server is busy. Please try again.', code: 'INTERNAL_ERROR' });

describe('auth routes', () => {
  it("/login shows 'Welcome Back' and /register shows 'Join Series Tracker'", async () => {
    mockFetch(() => jsonResponse(500));
    renderApp('/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Back' }),
    ).toBeInTheDocument();

    renderApp('/register');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Series Tracker' }),
    ).toBeInTheDocument();
  });

  it.each(['/login', '/register'])('sends a signed-in visitor of %s home', async (path) => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    mockFetch(authOnly({ user: buildUser() }));
    const { router } = renderApp(path);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Alice Liddell' }),
    ).toBeInTheDocument();
  });

  it('forgets a token the server stops accepting mid-session and sends the visitor to sign in', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'revoked-later');
    mockFetch((call) =>
      call.url === '/api/auth/me'
        ? jsonResponse(200, { user: buildUser() })
        : jsonResponse(401, { error: 'You need to sign in first', code: 'UNAUTHORIZED' }),
    );
    const { router } = renderApp('/watchlist');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fwatchlist');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('goes home after signing in', async () => {
    mockFetch(authOnly(authResponse));
    const user = userEvent.setup();
    const { router } = renderApp('/login');

    await user.type(await screen.findByLabelText('Username or Email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Welcome back, Alice Liddell')).toBeInTheDocument();
  });

  it('returns to a same-site ?next= path after signing in, and ignores another site', async () => {
    mockFetch(() => jsonResponse(200, authResponse));
    const user = userEvent.setup();
    const { router } = renderApp('/login?next=%2Flists%3Fview%3Dranked');

    await user.type(await screen.findByLabelText('Username or Email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/lists'));
    expect(router.state.location.search).toBe('?view=ranked');
  });

  it('does not follow ?next= to another site', async () => {
    mockFetch(() => jsonResponse(200, authResponse));
    const user = userEvent.setup();
    const { router } = renderApp('/login?next=%2F%2Fevil.example%2Fphish');

    await user.type(await screen.findByLabelText('Username or Email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('stays on /register after registering: nobody is signed in until the mailed link is used', async () => {
    mockFetch((call) =>
      call.url === '/api/auth/register'
        ? jsonResponse(202, { message: authMessages.registrationSent, email: 'alice@example.com' })
        : jsonResponse(503, {
            error: 'The server is busy. Please try again.',
            code: 'INTERNAL_ERROR',
          }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/register', { state: { from: { pathname: '/watchlist' } } });

    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-one');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret-one');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toHaveFocus();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Join Series Tracker' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('screens that are not built yet', () => {
  it.each(['/no/such/page'])("%s renders 'Page Not Found' with a way home", async (path) => {
    mockFetch(() => jsonResponse(500));
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }),
    ).toBeInTheDocument();
    expectLink(screen, 'Back to Home', '/');
  });
});

describe('home', () => {
  it('offers Sign Up and Sign In to anonymous visitors, with the slogan, even when trending fails', async () => {
    mockFetch(() => jsonResponse(500));
    renderApp('/');
    const main = screen.getByRole('main');
    expect(await screen.findAllByRole('link', { name: 'Sign Up' })).not.toHaveLength(0);
    expect(
      await screen.findByRole('heading', { name: 'Could not load trending shows' }),
    ).toBeInTheDocument();
    // The welcome box is below the hero's place: it mounts once that has painted (ADR 020).
    await waitFor(() =>
      expect(main).toHaveTextContent(
        "Track every episode and share what's worth watching with a community that lives and breathes television.",
      ),
    );
    expect(main.querySelector('a[href="/register"]')).toHaveTextContent('Sign Up');
    expect(main.querySelector('a[href="/login"]')).toHaveTextContent('Sign In');
  });
});

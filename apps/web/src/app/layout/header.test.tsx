import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { buildUser } from '@/test/fixtures';
import { renderApp, renderWithProviders } from '@/test/render';
import { Header } from './header';
import { expectLink } from '@/test/expect-link';

function navLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

/** The main navigation's links marked as the current page. */
function currentLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

function signIn(user = buildUser()) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
  return mockFetch((call) => {
    if (call.url === '/api/auth/me') return jsonResponse(200, { user });
    if (call.url === '/api/auth/logout') return jsonResponse(500, { error: 'Server down' });
    return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
  });
}

describe('Header', () => {
  it("shows the brand as 'Series' and 'Tracker'", () => {
    mockFetch(() => jsonResponse(500));
    renderWithProviders(<Header />);
    const brand = screen.getByTestId('brand');
    const parts = Array.from(brand.querySelectorAll('span')).map((span) => span.textContent);
    expect(parts).toEqual(['Series', 'Tracker']);
    expect(brand.closest('a')).toHaveAttribute('href', '/');
  });

  it('signed out: Home, Browse (to /search), Lists, plus Sign In and Sign Up; no links to unbuilt screens', async () => {
    const { calls } = mockFetch(() => jsonResponse(500));
    renderWithProviders(<Header />);

    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expectLink(screen, 'Sign Up', '/register');
    expect(navLinks()).toEqual([
      ['Home', '/'],
      ['Browse', '/search'],
      ['Reviews', '/reviews'],
      ['Lists', '/lists'],
    ]);
    expect(screen.queryByRole('link', { name: 'Watchlist' })).not.toBeInTheDocument();
    // Without a token there is nothing to check.
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['/review/12', 'Reviews'],
    ['/reviews/write', 'Reviews'],
    ['/list/7', 'Lists'],
    ['/lists/create', 'Lists'],
  ])('highlights its section on %s (%s), and only it', async (path, label) => {
    mockFetch(() => jsonResponse(500));
    renderWithProviders(<Header />, { path });
    await screen.findByRole('link', { name: 'Sign In' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const highlighted = within(nav)
      .getAllByRole('link')
      .filter(
        (link) =>
          link.className.includes('text-white') && !link.className.includes('hover:text-white'),
      )
      .map((link) => link.textContent);
    expect(highlighted).toEqual([label]);
    // Announced as it is shown: the section's link is the current page, and only it.
    expect(currentLinks()).toEqual([label]);
  });

  it.each([
    ['/', 'Home'],
    ['/reviews', 'Reviews'],
    ['/search', 'Browse'],
  ])('marks %s as the current page of %s only', async (path, label) => {
    mockFetch(() => jsonResponse(500));
    renderWithProviders(<Header />, { path });
    await screen.findByRole('link', { name: 'Sign In' });
    expect(currentLinks()).toEqual([label]);
  });

  it("shows 'Loading...' instead of the account controls while auth loads", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
    const me = deferred<Response>();
    mockFetch(() => me.promise);
    renderWithProviders(<Header />);

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();

    me.resolve(jsonResponse(200, { user: buildUser() }));
    expect(await screen.findByRole('button', { name: /account menu/i })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('signed in: Browse goes to /browse, Watchlist appears, and the menu has Settings and Sign Out', async () => {
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<Header />);

    const trigger = await screen.findByRole('button', { name: 'Account menu for Alice Liddell' });
    expect(navLinks()).toEqual([
      ['Home', '/'],
      ['Browse', '/browse'],
      ['Watchlist', '/watchlist'],
      ['Reviews', '/reviews'],
      ['Lists', '/lists'],
    ]);
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    // Spec §2: Your Profile, Settings, Sign Out.
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Your Profile',
      'Calendar',
      'Recommendations',
      'History',
      'Settings',
      'Import & export',
      'Sign Out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Your Profile' })).toHaveAttribute(
      'href',
      '/profile/alice',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('signed in: the bell links to /notifications and says how many are unread', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
    mockFetch((call) => {
      if (call.url === '/api/auth/me') return jsonResponse(200, { user: buildUser() });
      if (call.url === '/api/notifications/unread-count')
        return jsonResponse(200, { unreadCount: 3 });
      return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
    });
    renderWithProviders(<Header />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('3');
  });

  it('the mobile search row closes when the account menu opens (issue 22: never over each other)', async () => {
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const trigger = await screen.findByRole('button', { name: 'Account menu for Alice Liddell' });
    const search = screen.getByRole('button', { name: 'Search' });
    await user.click(search);
    expect(search).toHaveAttribute('aria-expanded', 'true');
    await user.click(trigger);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('the account menu opens from the keyboard too (its code loads on focus)', async () => {
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const trigger = await screen.findByRole('button', { name: 'Account menu for Alice Liddell' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('Sign Out sends the logout call with the token, clears it even though the call fails, and goes home', async () => {
    const { calls } = signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/today');

    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logout = calls.find((call) => call.url === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Authorization')).toBe('Bearer valid-token');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect((await screen.findAllByRole('link', { name: 'Sign In' }))[0]).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('Sign Out on /watchlist returns to / and stays there, not on the sign-in page', async () => {
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/watchlist');

    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect((await screen.findAllByRole('link', { name: 'Sign In' }))[0]).toBeInTheDocument();
    // Give a stray redirect the chance to happen, then check every place we went.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
    expect(visited).not.toContain('/login');
  });

  it('a visitor who did not sign out here is still sent from /watchlist to sign in', async () => {
    mockFetch(() => jsonResponse(500));
    const { router } = renderApp('/watchlist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fwatchlist');
  });

  it('keeps the token and offers a retry when the sign-in check fails without an answer', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
    let up = false;
    mockFetch((call) => {
      if (call.url !== '/api/auth/me') return jsonResponse(404, { error: 'Not found' });
      return up
        ? jsonResponse(200, { user: buildUser() })
        : Promise.reject(new TypeError('Failed to fetch'));
    });
    const user = userEvent.setup();
    renderWithProviders(<Header />);

    const retry = await screen.findByRole('button', { name: 'Retry sign-in' }, { timeout: 8000 });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('valid-token');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();

    up = true;
    await user.click(retry);
    expect(await screen.findByRole('button', { name: /account menu/i })).toBeInTheDocument();
  });

  it('uses the first letter of the display name, else the username, for the avatar', async () => {
    signIn(buildUser({ displayName: 'zoe', username: 'zbeta' }));
    renderWithProviders(<Header />);
    const trigger = await screen.findByRole('button', { name: /account menu/i });
    expect(within(trigger).getByTestId('avatar-initial')).toHaveTextContent('Z');
  });

  it('falls back to the username initial when there is no display name', async () => {
    signIn(buildUser({ displayName: null, username: 'marco' }));
    renderWithProviders(<Header />);
    const trigger = await screen.findByRole('button', { name: 'Account menu for marco' });
    expect(within(trigger).getByTestId('avatar-initial')).toHaveTextContent('M');
  });

  it('shows the avatar image when the user has one', async () => {
    signIn(buildUser({ avatarUrl: '/uploads/avatars/1.webp' }));
    renderWithProviders(<Header />);
    const trigger = await screen.findByRole('button', { name: /account menu/i });
    await waitFor(() =>
      expect(trigger.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/1.webp'),
    );
    expect(within(trigger).queryByTestId('avatar-initial')).not.toBeInTheDocument();
  });

  it('opens and closes the mobile menu with its button and Escape', async () => {
    mockFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderWithProviders(<Header />);

    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('mobile-menu')).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById('mobile-menu') as HTMLElement;
    expectLink(within(panel), 'Browse', '/search');

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(document.getElementById('mobile-menu')).toBeNull();
  });
});

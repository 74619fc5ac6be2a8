import { listMessages } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { buildListDetail, buildListItem, buildListSummary, listPage } from '@/test/lists';
import { renderApp } from '@/test/render';
import { buildShow, buildShowDetail } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';
import { expectLink } from '@/test/expect-link';

const url = (call: RecordedCall) => new URL(call.url, 'http://x');

describe('/lists', () => {
  it('shows the community lists with their total, cards and covers', async () => {
    mockFetch(() =>
      jsonResponse(
        200,
        listPage(
          [
            buildListSummary({
              id: 1,
              name: 'Best Dramas',
              isRanked: true,
              itemCount: 5,
              covers: [{ showId: 9, title: 'Nine', coverImageUrl: null }],
            }),
            buildListSummary({ id: 2, name: 'Comfy', itemCount: 1, description: 'Warm ones' }),
          ],
          2,
        ),
      ),
    );
    renderApp('/lists');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Community Lists' }),
    ).toBeInTheDocument();
    expectLink(screen, /Create List/, '/lists/create');
    expect(await screen.findByText('2 lists total')).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Best Dramas' })).toHaveAttribute(
      'href',
      '/list/1',
    );
    expect(within(cards[0]!).getByRole('link', { name: 'Bob Builder' })).toHaveAttribute(
      'href',
      '/profile/bob',
    );
    expect(within(cards[0]!).getByText('5 items')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Ranked')).toBeInTheDocument();
    // A missing cover becomes a tile carrying the rank.
    expect(within(cards[0]!).getAllByText('#1').length).toBeGreaterThan(0);
    expect(within(cards[1]!).getByText('1 item')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Public')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Warm ones')).toBeInTheDocument();
  });

  it('switches views with the right call, and loads more with Load More Lists', async () => {
    const first = Array.from({ length: 12 }, (_, i) => buildListSummary({ id: i + 1 }));
    const { calls } = mockFetch((call) => {
      const offset = Number(url(call).searchParams.get('offset'));
      if (offset === 12) return jsonResponse(200, listPage([buildListSummary({ id: 13 })], 13, 12));
      return jsonResponse(200, listPage(first, 13));
    });
    const user = userEvent.setup();
    renderApp('/lists');
    expect(await screen.findByText('13 lists total')).toBeInTheDocument();
    expect(url(calls[0]!).pathname).toBe('/api/lists');
    expect(url(calls[0]!).searchParams.get('limit')).toBe('12');
    await user.click(screen.getByRole('button', { name: 'Load More Lists' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(13));
    expect(screen.queryByRole('button', { name: 'Load More Lists' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Most Popular' }));
    await waitFor(() =>
      expect(calls.some((c) => url(c).pathname === '/api/lists/popular')).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Ranked Lists' }));
    await waitFor(() =>
      expect(calls.some((c) => url(c).searchParams.get('isRanked') === 'true')).toBe(true),
    );
    const ranked = calls.find((c) => url(c).searchParams.get('isRanked') === 'true')!;
    expect(url(ranked).searchParams.get('offset')).toBe('0');
  }, 20_000);

  it("says 'Failed to load lists' with Try Again on an error, never the empty text", async () => {
    let fail = true;
    mockFetch(() => (fail ? jsonResponse(503) : jsonResponse(200, listPage([], 0))));
    const user = userEvent.setup();
    renderApp('/lists');
    expect(
      await screen.findByRole('heading', { name: 'Failed to load lists' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('No lists found')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No lists found')).toBeInTheDocument();
  });

  it('during an outage says once that the server cannot be reached, with Try Again', async () => {
    let down = true;
    mockFetch(() => {
      if (down) throw new TypeError('Failed to fetch');
      return jsonResponse(200, listPage([], 0));
    });
    const user = userEvent.setup();
    renderApp('/lists');
    expect(
      await screen.findByRole('heading', { name: 'Failed to load lists' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Failed to load lists')).toHaveLength(1);
    expect(
      screen.getByText('Unable to reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No lists found')).toBeInTheDocument();
  });

  it('has the two empty texts and Create Your First List', async () => {
    mockFetch(() => jsonResponse(200, listPage([], 0)));
    const user = userEvent.setup();
    renderApp('/lists');
    expect(
      await screen.findByText('Try adjusting your filters or create a new list to get started.'),
    ).toBeInTheDocument();
    expectLink(screen, 'Create Your First List', '/lists/create');
    await user.click(screen.getByRole('button', { name: 'All Lists' }));
    expect(
      await screen.findByText(
        'Be the first to create a list and share your favorites with the community!',
      ),
    ).toBeInTheDocument();
  });

  it('shows 6 skeleton cards while loading', () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderApp('/lists');
    const loading = screen.getByRole('list', { name: 'Loading lists' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(6);
  });
});

describe('/list/:id', () => {
  it("answers 'List Not Found' for a missing or private list", async () => {
    mockFetch(() => jsonResponse(404, { error: 'List not found', code: 'NOT_FOUND' }));
    renderApp('/list/5');
    expect(await screen.findByRole('heading', { name: 'List Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The list you're looking for doesn't exist or has been removed."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expectLink(screen, 'Back to Lists', '/lists');
  });

  it("answers 'Error Loading List' when loading fails", async () => {
    mockFetch(() => jsonResponse(500, { error: 'Database away', code: 'INTERNAL_ERROR' }));
    renderApp('/list/5');
    expect(await screen.findByRole('heading', { name: 'Error Loading List' })).toBeInTheDocument();
    expect(screen.getByText('Database away')).toBeInTheDocument();
  });

  it('shows a ranked list; Share copies the link; visitors are sent to sign in to follow', async () => {
    mockFetch((call) => {
      if (url(call).pathname === '/api/lists/5')
        return jsonResponse(
          200,
          buildListDetail({
            id: 5,
            name: 'Top Five',
            isRanked: true,
            itemCount: 2,
            description: 'Mine',
          }),
        );
      return jsonResponse(
        200,
        listPage(
          [
            buildListItem({ id: 1, position: 1, notes: 'Peak TV' }, 'Alpha'),
            buildListItem({ id: 2, position: 2 }, ''),
          ],
          2,
          0,
          100,
        ),
      );
    });
    const user = userEvent.setup();
    const { router } = renderApp('/list/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Top Five' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rankings' })).toBeInTheDocument();
    expect(await screen.findByText('Peak TV')).toBeInTheDocument();
    expect(screen.getByText('#1')).toBeInTheDocument();
    expectLink(screen, 'Show ID: 102', '/show/102');
    expect(screen.getByText('@bob')).toBeInTheDocument();
    expectLink(screen, 'Bob Builder', '/profile/bob');
    expect(screen.getByText('2 items')).toBeInTheDocument();
    // Others get no owner controls.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move .* up/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard.')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/list/5`);

    await user.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Flist%2F5');
  });

  it("says 'Empty List' when there are no items, and 'Items' on unranked lists", async () => {
    mockFetch(
      signedInHandler((call) =>
        url(call).pathname === '/api/lists/5'
          ? jsonResponse(200, buildListDetail({ id: 5 }))
          : jsonResponse(200, listPage([], 0, 0, 100)),
      ),
    );
    renderApp('/list/5');
    expect(await screen.findByRole('heading', { name: 'Items' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Empty List' })).toBeInTheDocument();
    expect(screen.getByText("This list doesn't have any items yet.")).toBeInTheDocument();
  });

  it('lets the owner move an item with the keyboard buttons (one PUT with the new position)', async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        const path = url(call).pathname;
        if (path === '/api/lists/5')
          return jsonResponse(
            200,
            buildListDetail({
              id: 5,
              isRanked: true,
              itemCount: 3,
              user: { id: 1, username: 'alice', displayName: 'Alice', avatarUrl: null },
            }),
          );
        if (call.method === 'PUT')
          return jsonResponse(200, buildListItem({ id: 3, position: 2 }, 'Gamma'));
        return jsonResponse(
          200,
          listPage(
            [
              buildListItem({ id: 1, position: 1 }, 'Alpha'),
              buildListItem({ id: 2, position: 2 }, 'Beta'),
              buildListItem({ id: 3, position: 3 }, 'Gamma'),
            ],
            3,
            0,
            100,
          ),
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/list/5');
    expect(await screen.findByRole('button', { name: 'Move Alpha up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Gamma down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move Gamma up' }));
    const put = await waitFor(() => {
      const found = calls.find((c) => c.method === 'PUT');
      expect(found).toBeDefined();
      return found!;
    });
    expect(url(put).pathname).toBe('/api/lists/5/items/3');
    expect(put.body).toEqual({ position: 2 });
    const titles = screen
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent)
      .filter((t) => ['Alpha', 'Beta', 'Gamma'].includes(t ?? ''));
    expect(titles).toEqual(['Alpha', 'Gamma', 'Beta']);
  });
});

describe('/lists/create', () => {
  it('sends visitors to sign in and back', async () => {
    mockFetch(() => jsonResponse(500));
    const { router } = renderApp('/lists/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Flists%2Fcreate');
  });

  it('walks Details → Add Shows → Review and creates the list with its shows in one request', async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        const path = url(call).pathname;
        if (path === '/api/search/shows')
          return jsonResponse(200, {
            data: [
              buildShow({ id: 7, title: 'Severance' }),
              buildShow({ id: 8, title: 'Sherlock' }),
            ],
            total: 2,
            limit: 20,
            offset: 0,
            hasMore: false,
          });
        if (path === '/api/lists' && call.method === 'POST')
          return jsonResponse(201, buildListDetail({ id: 42, name: 'Mine' }));
        return jsonResponse(200, buildListDetail({ id: 42, name: 'Mine' }));
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/lists/create');
    expect(await screen.findByRole('heading', { name: 'Create New List' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Build a custom list of your favorite shows and share it with the community',
      ),
    ).toBeInTheDocument();
    const next = await screen.findByRole('button', { name: 'Next: Add Shows' });
    expect(next).toBeDisabled();
    expect(screen.getByText('Anyone can see this list')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Public list' }));
    expect(screen.getByText('Only you can see this list')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Ranked list' }));
    await user.type(screen.getByLabelText('List name'), '  Mine  ');
    await user.click(next);

    await user.type(screen.getByLabelText('Find shows to add'), 'se');
    await user.click(await screen.findByRole('button', { name: 'Add Severance' }));
    await user.click(screen.getByRole('button', { name: 'Add Sherlock' }));
    // A show can be picked once only.
    expect(screen.getByRole('button', { name: 'Severance (added)' })).toBeDisabled();
    expect(screen.getByText('2 shows selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Severance up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Sherlock up' }));
    await user.click(screen.getByRole('button', { name: 'Next: Review & Create' }));

    expect(screen.getByRole('button', { name: 'Back: Edit Shows' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create List' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list/42'));
    const posts = calls.filter((c) => c.method === 'POST' && url(c).pathname === '/api/lists');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      name: 'Mine',
      isPublic: false,
      isRanked: true,
      items: [{ showId: 8 }, { showId: 7 }],
    });
    const search = calls.find((c) => url(c).pathname === '/api/search/shows')!;
    expect(url(search).searchParams.get('limit')).toBe('20');
  }, 20_000);

  it("shows the server's field message from the API's 400 details back on Details", async () => {
    mockFetch(
      signedInHandler((call) =>
        call.method === 'POST'
          ? jsonResponse(400, {
              error: 'Invalid request',
              code: 'VALIDATION_ERROR',
              details: { name: listMessages.nameTooLong },
            })
          : jsonResponse(200, {}),
      ),
    );
    const user = userEvent.setup();
    renderApp('/lists/create');
    await user.type(await screen.findByLabelText('List name'), 'Fine');
    await user.click(screen.getByRole('button', { name: 'Next: Add Shows' }));
    expect(await screen.findByLabelText('Find shows to add')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back: Edit Details' }));
    await user.clear(screen.getByLabelText('List name'));
    await user.type(screen.getByLabelText('List name'), '   ');
    expect(screen.getByRole('button', { name: 'Next: Add Shows' })).toBeDisabled();
    await user.type(screen.getByLabelText('List name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Next: Add Shows' }));
    await user.click(screen.getByRole('button', { name: 'Next: Review & Create' }));
    await user.click(screen.getByRole('button', { name: 'Create List' }));
    expect(await screen.findByText(listMessages.nameTooLong)).toBeInTheDocument();
    expect(screen.getByLabelText('List name')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe("show page 'Add to list'", () => {
  it('lists the member’s lists with a tick where the show is, adds it to another, offers New list', async () => {
    const show = buildShowDetail({ id: 7, title: 'Slow Horses' });
    const lists = [
      buildListSummary({ id: 1, name: 'Spy stuff', hasShow: true }),
      buildListSummary({ id: 2, name: 'Secret', isPublic: false, hasShow: false }),
    ];
    const { calls } = mockFetch(
      signedInHandler((call) => {
        const path = url(call).pathname;
        if (path === '/api/shows/7') return jsonResponse(200, show);
        if (path === '/api/lists/me') return jsonResponse(200, listPage(lists, 2, 0, 100));
        if (path === '/api/lists/2/items' && call.method === 'POST')
          return jsonResponse(201, buildListItem({ id: 9, listId: 2, showId: 7 }));
        if (path.startsWith('/api/user-content-status')) return jsonResponse(404);
        return jsonResponse(200, { data: [], total: 0, limit: 10, offset: 0, hasMore: false });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/show/7');
    await user.click(await screen.findByRole('button', { name: 'Add to list: Slow Horses' }));
    const spy = await screen.findByRole('menuitemcheckbox', { name: 'Spy stuff' });
    expect(spy).toHaveAttribute('aria-checked', 'true');
    const secret = screen.getByRole('menuitemcheckbox', { name: /Secret/ });
    expect(secret).toHaveAttribute('aria-checked', 'false');
    expect(
      url(calls.find((c) => url(c).pathname === '/api/lists/me')!).searchParams.get('showId'),
    ).toBe('7');
    await user.click(secret);
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && url(c).pathname === '/api/lists/2/items'),
      ).toBe(true),
    );
    const post = calls.find(
      (c) => c.method === 'POST' && url(c).pathname === '/api/lists/2/items',
    )!;
    expect(post.body).toEqual({ showId: 7 });
    expect(await screen.findByText('Added to Secret')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'New list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lists/create'));
    expect(router.state.location.search).toBe('?showId=7');
  }, 20_000);

  it('sends visitors to sign in', async () => {
    mockFetch((call) =>
      url(call).pathname === '/api/shows/7'
        ? jsonResponse(200, buildShowDetail({ id: 7, title: 'Slow Horses' }))
        : jsonResponse(200, { data: [], total: 0, limit: 10, offset: 0, hasMore: false }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/show/7');
    await user.click(await screen.findByRole('button', { name: 'Add to list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fshow%2F7');
  });
});

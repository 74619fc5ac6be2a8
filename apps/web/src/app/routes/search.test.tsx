import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildShow, page } from '@/test/shows';
import { expectLink } from '@/test/expect-link';

const emptyHint = 'Try adjusting your search terms or exploring different categories';

describe('/search and /browse', () => {
  it("shows 'No {tab} found' with the hint when nothing matches, per tab", async () => {
    mockFetch((call) => {
      if (call.url.startsWith('/api/search/advanced')) return jsonResponse(200, page([]));
      if (call.url.startsWith('/api/users/search')) return jsonResponse(200, page([]));
      if (call.url.startsWith('/api/shows/genres')) return jsonResponse(200, { data: ['Drama'] });
      if (call.url.startsWith('/api/reviews/search')) return jsonResponse(200, page([]));
      return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/search?q=zzzz');
    expect(await screen.findByText('No shows found')).toBeInTheDocument();
    expect(screen.getByText(emptyHint)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'users' }));
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(router.state.location.search).toContain('tab=users');

    await user.click(screen.getByRole('tab', { name: 'reviews' }));
    expect(await screen.findByText('No reviews found')).toBeInTheDocument();
    expect(screen.getByText(emptyHint)).toBeInTheDocument();
  });

  it('lists show results with at most 4 genres, linking to the show, and user results linking to profiles', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/search/advanced')) {
        return jsonResponse(
          200,
          page([buildShow({ id: 162, title: 'Breaking Bad', genres: ['A', 'B', 'C', 'D', 'E'] })]),
        );
      }
      if (call.url.startsWith('/api/users/search')) {
        return jsonResponse(
          200,
          page([
            {
              id: 1,
              username: 'walt',
              displayName: 'Walter',
              avatarUrl: null,
              bio: null,
              isPublic: true,
              createdAt: '',
              followersCount: 3,
              relevanceScore: 1,
            },
          ]),
        );
      }
      return jsonResponse(200, { data: [] });
    });
    const user = userEvent.setup();
    renderApp('/search?q=breaking');
    const card = await screen.findByRole('link', { name: /Breaking Bad/ });
    expect(card).toHaveAttribute('href', '/show/162');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A', 'B', 'C', 'D']);
    expect(
      new URL(
        calls.find((c) => c.url.startsWith('/api/search/advanced'))!.url,
        'http://x',
      ).searchParams.get('q'),
    ).toBe('breaking');

    await user.click(screen.getByRole('tab', { name: 'users' }));
    // A person links to their profile; signed out, there is no Follow button (spec §2).
    expect(await screen.findByText('Walter')).toBeInTheDocument();
    expect(screen.getByText(/@walt · 3 followers/)).toBeInTheDocument();
    expectLink(screen, /Walter/, '/profile/walt');
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  it('browses with filters from the URL and keeps filter changes in the URL', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/shows/genres'))
        return jsonResponse(200, { data: ['Comedy', 'Drama'] });
      if (call.url.startsWith('/api/shows?'))
        return jsonResponse(200, page([buildShow({ id: 1, title: 'Funny' })]));
      return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/browse?genre=Comedy&sort=top_rated');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Browse Shows' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Funny/ })).toBeInTheDocument();
    const sent = new URL(calls.find((c) => c.url.startsWith('/api/shows?'))!.url, 'http://x')
      .searchParams;
    expect(sent.get('genre')).toBe('Comedy');
    expect(sent.get('sort')).toBe('top_rated');

    await user.selectOptions(screen.getByLabelText('Type'), 'anime');
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('anime');
  });

  it('offers a retry when the search fails', async () => {
    let fail = true;
    mockFetch((call) => {
      if (call.url.startsWith('/api/search/advanced')) {
        return fail
          ? jsonResponse(500, { error: 'Database unavailable', code: 'INTERNAL_ERROR' })
          : jsonResponse(200, page([buildShow({ id: 3, title: 'Back again' })]));
      }
      return jsonResponse(200, { data: [] });
    });
    const user = userEvent.setup();
    renderApp('/search?q=back');
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: /Back again/ })).toBeInTheDocument();
  });

  it("the search page's box asks for and shows up to 8 suggestions (spec §7, §9)", async () => {
    const shows = Array.from({ length: 10 }, (_, i) =>
      buildShow({ id: i + 1, title: `Breaking ${i + 1}` }),
    );
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/search/suggestions')) return jsonResponse(200, { data: shows });
      if (call.url.startsWith('/api/search/advanced')) return jsonResponse(200, page([]));
      return jsonResponse(200, { data: [] });
    });
    const user = userEvent.setup();
    renderApp('/search');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'breaking');

    const listbox = await screen.findByRole('listbox', { name: 'Suggestions for breaking' });
    // 8 shows, then 'Search all results for "breaking"'.
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(9));
    const sent = calls.filter((c) => c.url.startsWith('/api/search/suggestions'));
    expect(sent.length).toBeGreaterThan(0);
    for (const call of sent)
      expect(new URL(call.url, 'http://x').searchParams.get('limit')).toBe('8');
  });

  it('says the results are local only when TVmaze cannot be reached, above the results and above "No shows found"', async () => {
    let shows = [buildShow({ id: 5, title: 'Sopranos Cooking' })];
    mockFetch((call) => {
      if (call.url.startsWith('/api/search/advanced'))
        return jsonResponse(200, { ...page(shows), remote: 'unavailable' });
      return jsonResponse(200, { data: [] });
    });
    const { unmount } = renderApp('/search?q=sopranos');
    expect(await screen.findByRole('link', { name: /Sopranos Cooking/ })).toBeInTheDocument();
    const notice = screen.getByRole('status', { name: '' });
    expect(notice).toHaveTextContent(/Showing local results only: TVmaze/);
    unmount();

    shows = [];
    renderApp('/search?q=sopranos');
    expect(await screen.findByText('No shows found')).toBeInTheDocument();
    expect(screen.getByText(/Showing local results only/)).toBeInTheDocument();
  });

  it('says nothing about TVmaze when it answered or was not needed', async () => {
    mockFetch((call) => {
      if (call.url.startsWith('/api/search/advanced'))
        return jsonResponse(200, {
          ...page([buildShow({ id: 5, title: 'Lost' })]),
          remote: 'searched',
        });
      return jsonResponse(200, { data: [] });
    });
    renderApp('/search?q=lost');
    expect(await screen.findByRole('link', { name: /Lost/ })).toBeInTheDocument();
    expect(screen.queryByText(/local results only|on TVmaze\.\.\./)).not.toBeInTheDocument();
  });

  it('while TVmaze is slow, asks again and shows what it added without a reload', async () => {
    let answered = false;
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/search/advanced')) {
        // The first answer is local; by the next ask TVmaze's show has joined the catalogue.
        const shows = [buildShow({ id: 5, title: 'Sopranos Cooking' })];
        if (answered) shows.unshift(buildShow({ id: 527, title: 'The Sopranos' }));
        answered = true;
        return jsonResponse(200, {
          ...page(shows),
          remote: shows.length > 1 ? 'searched' : 'pending',
        });
      }
      return jsonResponse(200, { data: [] });
    });
    renderApp('/search?q=sopranos');
    expect(await screen.findByRole('link', { name: /Sopranos Cooking/ })).toBeInTheDocument();
    expect(screen.getByText('Looking for more shows on TVmaze...')).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: /The Sopranos/ }, { timeout: 4_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Looking for more shows on TVmaze...')).not.toBeInTheDocument();
    // Still on screen: the local result the first answer gave.
    expect(screen.getByRole('link', { name: /Sopranos Cooking/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/search/advanced'))).toHaveLength(2);
  });
});

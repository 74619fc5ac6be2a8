import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { reloadApp, renderApp } from '@/test/render';
import { buildReview } from '@/test/reviews';
import { buildEpisode, buildShowDetail, page } from '@/test/shows';
import { expectLink } from '@/test/expect-link';

function serve(
  show = buildShowDetail({ id: 7, title: 'Slow Horses', totalReviews: 3, status: 'airing' }),
) {
  return mockFetch((call) => {
    if (call.url === `/api/shows/${show.id}`) return jsonResponse(200, show);
    if (call.url.startsWith(`/api/shows/${show.id}/similar`))
      return jsonResponse(200, { data: [] });
    if (call.url === `/api/episodes/show/${show.id}`) {
      return jsonResponse(
        200,
        page([
          buildEpisode({
            id: 12,
            seasonNumber: 2,
            episodeNumber: 1,
            title: 'Second season opener',
          }),
          buildEpisode({
            id: 3,
            seasonNumber: 1,
            episodeNumber: 2,
            title: 'Second',
            runtime: 45,
            voteAverage: 8.4,
            voteCount: 12,
          }),
          buildEpisode({ id: 2, seasonNumber: 1, episodeNumber: 1, title: 'Pilot' }),
        ]),
      );
    }
    return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
  });
}

/** The Episodes tab is the open one, its episodes listed. */
async function expectEpisodesOpen() {
  expect(await screen.findByRole('tab', { name: 'Episodes' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(
    await within(screen.getByRole('tabpanel')).findByRole('link', {
      name: 'Second season opener',
    }),
  ).toBeInTheDocument();
}

describe('show page', () => {
  it("says 'Show Not Found' for an id the API does not know, with Browse Shows to /search", async () => {
    mockFetch(() => jsonResponse(404, { error: 'Show not found', code: 'NOT_FOUND' }));
    renderApp('/show/999999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Show Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByText("The show you're looking for doesn't exist.")).toBeInTheDocument();
    expectLink(screen, 'Browse Shows', '/search');
  });

  it('treats a non-numeric id as not found without asking the API', async () => {
    const { calls } = mockFetch(() => jsonResponse(500));
    renderApp('/show/abc');
    expect(await screen.findByRole('heading', { name: 'Show Not Found' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/shows'))).toHaveLength(0);
  });

  it('shows the header, the review count in its tab, and loads episodes only on first opening', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderApp('/show/7');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Slow Horses' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Airing')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Reviews (3)' })).toBeInTheDocument();
    // Unknown facts read 'Unknown'.
    expect(screen.getByText('Director').nextElementSibling).toHaveTextContent('Unknown');
    const episodeCalls = () => calls.filter((c) => c.url.startsWith('/api/episodes/show/7'));
    expect(episodeCalls()).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Episodes' }));
    const panel = screen.getByRole('tabpanel');
    // A visitor starts on the latest season; only the open season's rows are drawn.
    expect(
      await within(panel).findByRole('link', { name: 'Second season opener' }),
    ).toHaveAttribute('href', '/episode/12');
    expect(within(panel).queryByRole('link', { name: 'Pilot' })).toBeNull();
    expect(episodeCalls()).toHaveLength(1);

    // Sorted by season then episode, grouped by season, with S{n}E{n} codes.
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Season' }),
      'Season 1 · 2 episodes',
    );
    const links = within(panel)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/episode/'))
      .map((a) => a.textContent);
    expect(links).toEqual(['Pilot', 'Second']);
    expect(within(panel).getByRole('heading', { name: /Season 1/ })).toBeInTheDocument();
    expect(within(panel).getByText('S1E2')).toBeInTheDocument();
    expect(within(panel).getByText('· 45 min')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Season 2' }));
    expect(within(panel).getByRole('heading', { name: /Season 2/ })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await user.click(screen.getByRole('tab', { name: 'Episodes' }));
    expect(await screen.findByRole('link', { name: 'Second season opener' })).toBeInTheDocument();
    expect(episodeCalls()).toHaveLength(1);
  });

  it('keeps the open tab in the URL: a link opens it, Back and Forward move between tabs (ADR 176)', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderApp('/show/7?tab=episodes');
    await expectEpisodesOpen();

    await user.click(screen.getByRole('tab', { name: 'Reviews (3)' }));
    expect(router.state.location.search).toBe('?tab=reviews');
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(router.state.location.search).toBe('');

    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Reviews (3)' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Episodes' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    expect(router.state.location.search).toBe('?tab=episodes');
  });

  it('a reload keeps the open tab: it is in the address (issue 32)', async () => {
    serve();
    const user = userEvent.setup();
    const app = renderApp('/show/7');
    await user.click(await screen.findByRole('tab', { name: 'Episodes' }));
    expect(app.router.state.location.search).toBe('?tab=episodes');
    reloadApp(app);
    await expectEpisodesOpen();
  });

  it("reviews tab: none yet, with 'Be the First to Review' to the write screen for this show", async () => {
    const show = buildShowDetail({ id: 7, title: 'Slow Horses' });
    mockFetch((call) => {
      if (call.url === '/api/shows/7') return jsonResponse(200, show);
      if (call.url.startsWith('/api/shows/7/reviews')) return jsonResponse(200, page([]));
      return jsonResponse(200, { data: [] });
    });
    const user = userEvent.setup();
    renderApp('/show/7');
    await user.click(await screen.findByRole('tab', { name: 'Reviews (0)' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('No reviews yet for this show.')).toBeInTheDocument();
    expectLink(within(panel), 'Be the First to Review', '/reviews/write?showId=7');
  });

  it('reviews tab lists the reviews with Read Full Review and likes, spoilers blurred', async () => {
    const show = buildShowDetail({ id: 7, title: 'Slow Horses', totalReviews: 2 });
    mockFetch((call) => {
      if (call.url === '/api/shows/7') return jsonResponse(200, show);
      if (call.url.startsWith('/api/shows/7/reviews'))
        return jsonResponse(
          200,
          page([
            buildReview({ id: 41, title: 'Great spies', likesCount: 4 }),
            buildReview({ id: 42, title: 'Twist!', isSpoiler: true, content: 'Lamb did it' }),
          ]),
        );
      return jsonResponse(200, { data: [] });
    });
    const user = userEvent.setup();
    renderApp('/show/7');
    await user.click(await screen.findByRole('tab', { name: 'Reviews (2)' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Great spies')).toBeInTheDocument();
    const links = within(panel).getAllByRole('link', { name: 'Read Full Review' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/review/41', '/review/42']);
    expectLink(within(panel), /Write Review/, '/reviews/write?showId=7');
    expect(
      within(panel).getByText('Lamb did it').closest('[data-testid="spoiler-blur"]'),
    ).not.toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Reveal spoiler' }));
    expect(
      within(panel).getByText('Lamb did it').closest('[data-testid="spoiler-blur"]'),
    ).toBeNull();
  });

  it('shows the empty episodes message', async () => {
    mockFetch((call) => {
      if (call.url === '/api/shows/9') return jsonResponse(200, buildShowDetail({ id: 9 }));
      if (call.url === '/api/episodes/show/9') return jsonResponse(200, page([]));
      return jsonResponse(200, { data: [] });
    });
    const user = userEvent.setup();
    renderApp('/show/9');
    await user.click(await screen.findByRole('tab', { name: 'Episodes' }));
    expect(await screen.findByText('No episodes available for this show.')).toBeInTheDocument();
    expect(
      screen.getByText("Episodes will appear here once they're added to our database."),
    ).toBeInTheDocument();
  });

  it('episode page: not found, and the breadcrumb for a real one', async () => {
    mockFetch((call) => {
      if (call.url === '/api/episodes/5') {
        return jsonResponse(200, {
          ...buildEpisode({ id: 5, seasonNumber: 1, episodeNumber: 3, title: 'Jolly Boys' }),
          show: buildShowDetail({ id: 7, title: 'Slow Horses' }),
        });
      }
      return jsonResponse(404, { error: 'Episode not found', code: 'NOT_FOUND' });
    });
    const { router } = renderApp('/episode/5');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expectLink(within(crumbs), 'Search', '/search');
    expectLink(within(crumbs), 'Slow Horses', '/show/7');
    expect(within(crumbs).getByText('S1E3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Jolly Boys' })).toBeInTheDocument();

    await router.navigate('/episode/6');
    expect(await screen.findByRole('heading', { name: 'Episode Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The episode you're looking for doesn't exist.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Browse Shows' })).toHaveAttribute('href', '/search'),
    );
  });
});

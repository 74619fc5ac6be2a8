import { reviewMessages, TOKEN_STORAGE_KEY } from '@series-tracker/contracts/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildUser } from '@/test/fixtures';
import { buildComment, buildReview } from '@/test/reviews';
import { buildShowDetail, page } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';
import { daysAgo, reviewsLoadedText, starParts } from './lib/format';
import { expectLink } from '@/test/expect-link';

const xss = '<img src=x onerror=alert(1)> <script>alert(2)</script>';

describe('formatting', () => {
  it('days, counts and half stars', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(daysAgo('2026-03-10T01:00:00Z', now)).toBe('today');
    expect(daysAgo('2026-03-09T01:00:00Z', now)).toBe('1 day ago');
    expect(daysAgo('2026-03-01T12:00:00Z', now)).toBe('9 days ago');
    expect(reviewsLoadedText(1)).toBe('1 review loaded');
    expect(reviewsLoadedText(12)).toBe('12 reviews loaded');
    expect(starParts(7.5)).toEqual({ full: 7, half: true });
    expect(starParts(7)).toEqual({ full: 7, half: false });
  });
});

describe('/reviews', () => {
  it('shows 3 skeletons, then cards with the spec fields, and loads more until none are left', async () => {
    const first = deferred<Response>();
    const { calls } = mockFetch((call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname !== '/api/reviews') return jsonResponse(404, { error: 'x', code: 'X' });
      if (url.searchParams.get('offset') === '0') return first.promise;
      return jsonResponse(
        200,
        page([buildReview({ id: 11, title: 'Page two' })], { total: 11, offset: 10 }),
      );
    });
    const user = userEvent.setup();
    renderApp('/reviews');
    expect(await screen.findAllByTestId('review-card-skeleton')).toHaveLength(3);
    first.resolve(
      jsonResponse(
        200,
        page(
          Array.from({ length: 10 }, (_, i) =>
            buildReview({
              id: i + 1,
              title: `Review number ${i + 1}`,
              likesCount: 3,
              commentsCount: 2,
              rating: 8.5,
            }),
          ),
          { total: 11, limit: 10, hasMore: true },
        ),
      ),
    );
    expect(await screen.findByText('10 reviews loaded')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Review number 1' });
    expectLink(within(card), 'Review number 1', '/review/1');
    expectLink(within(card), 'Read full review →', '/review/1');
    expectLink(within(card), 'Slow Horses', '/show/7');
    expectLink(within(card), 'Bob Builder', '/profile/bob');
    expect(within(card).getByText('2 days ago')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rated 8.5 out of 10' })).toBeInTheDocument();
    expectLink(screen, /Write Review/, '/reviews/write');

    await user.click(screen.getByRole('button', { name: 'Load More Reviews' }));
    expect(await screen.findByText('Page two')).toBeInTheDocument();
    expect(screen.getByText('11 reviews loaded')).toBeInTheDocument();
    expect(screen.getByText('No more reviews to load')).toBeInTheDocument();
    const offsets = calls.map((c) => new URL(c.url, 'http://x').searchParams.get('offset'));
    expect(offsets).toEqual(['0', '10']);
  });

  it('filters and sorts are sent to the API and start again from the first page', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, page([buildReview()])));
    const user = userEvent.setup();
    const { router } = renderApp('/reviews');
    await screen.findByText('1 review loaded');
    await user.click(screen.getByRole('button', { name: 'Top Rated' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Likes' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    const params = calls.map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
    expect(params[1]).toMatchObject({ filter: 'top_rated', offset: '0' });
    expect(params[2]).toMatchObject({ filter: 'top_rated', sort: 'likes_count', offset: '0' });
    expect(router.state.location.search).toBe('?filter=top_rated&sort=likes_count');
    expect(screen.getByRole('button', { name: 'Likes' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('empty: No reviews found, with Write a Review', async () => {
    mockFetch(() => jsonResponse(200, page([])));
    renderApp('/reviews');
    expect(await screen.findByText('No reviews found')).toBeInTheDocument();
    expect(screen.getByText('Be the first to write a review!')).toBeInTheDocument();
    expectLink(screen, 'Write a Review', '/reviews/write');
  });

  it('an error is not an empty list: the spec message and a retry', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(500, { error: 'boom', code: 'INTERNAL_ERROR' })
        : jsonResponse(200, page([buildReview({ title: 'Back again' })])),
    );
    const user = userEvent.setup();
    renderApp('/reviews');
    expect(
      await screen.findByText('Failed to load reviews. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No reviews found')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('blurs spoilers until revealed and renders markup as text', async () => {
    mockFetch(() =>
      jsonResponse(
        200,
        page([buildReview({ id: 5, title: xss, content: `Ending: ${xss}`, isSpoiler: true })]),
      ),
    );
    const user = userEvent.setup();
    const { container } = renderApp('/reviews');
    const text = await screen.findByText(`Ending: ${xss}`);
    expect(text.closest('[data-testid="spoiler-blur"]')).not.toBeNull();
    expect(screen.getByText('This review contains spoilers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reveal spoiler' }));
    expect(screen.getByText(`Ending: ${xss}`).closest('[data-testid="spoiler-blur"]')).toBeNull();
    expect(screen.getByRole('link', { name: xss })).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });
});

function detailHandler(
  review = buildReview({
    id: 1,
    title: 'The best spy show',
    content: 'First para.\n\nSecond para.',
  }),
  comments = [buildComment({ id: 50, content: 'Agreed!' })],
) {
  return (call: RecordedCall) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/reviews/1' && call.method === 'GET')
      return jsonResponse(200, review);
    if (url.pathname === '/api/reviews/1/comments' && call.method === 'GET')
      return jsonResponse(200, page(comments));
    if (url.pathname === '/api/reviews/1/like/check') return jsonResponse(200, { isLiked: false });
    if (url.pathname === '/api/reviews/1/like' && call.method === 'POST')
      return jsonResponse(200, { isLiked: true, likesCount: review.likesCount + 1 });
    if (url.pathname === '/api/reviews/1/comments' && call.method === 'POST') {
      const body = call.body as { content: string; parentId: number | null };
      return jsonResponse(
        201,
        buildComment({ id: 60, content: body.content, parentId: body.parentId ?? null }),
      );
    }
    return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
  };
}

describe('/review/:id', () => {
  it('moderation: the author sees the notice on a hidden comment; a suspended member is told instead of a comment box or a Report button', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
    const base = detailHandler(buildReview({ id: 1, userId: 2 }), [
      buildComment({
        id: 50,
        content: 'My hidden comment',
        user: { id: 1, username: 'alice', displayName: null, avatarUrl: null },
        moderation: { state: 'hidden', reason: 'Advertising' },
      }),
      buildComment({ id: 51, content: 'Someone else' }),
    ]);
    mockFetch((call) => {
      if (call.url === '/api/auth/me')
        return jsonResponse(200, {
          user: buildUser({ suspension: { reason: 'Spam', until: '2030-01-01T00:00:00.000Z' } }),
        });
      return base(call);
    });
    renderApp('/review/1');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      'Hidden by a moderator — only you can see this. Reason: Advertising',
    );
    expect(
      await screen.findByText('Your account is suspended, so you cannot comment.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your account is suspended until');
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('signed out: the review, a disabled like with the tooltip, the log-in prompt and disabled Reply', async () => {
    mockFetch(detailHandler());
    renderApp('/review/1');
    expect(await screen.findByRole('heading', { name: 'The best spy show' })).toBeInTheDocument();
    expect(screen.getByText('First para.')).toBeInTheDocument();
    expect(screen.getByText('Second para.')).toBeInTheDocument();
    expectLink(screen, /Back to Reviews/, '/reviews');
    expect(screen.getByText('@bob')).toBeInTheDocument();
    expect(screen.getByText('7.5/10')).toBeInTheDocument();
    const like = screen.getByRole('button', { name: /Like this review/ });
    expect(like).toBeDisabled();
    expect(like).toHaveAttribute('title', 'Please log in to like reviews');
    expect(await screen.findByText('Agreed!')).toBeInTheDocument();
    // Authors' names lead to their profiles: the review's and the comment's.
    expectLink(screen, 'Bob Builder', '/profile/bob');
    expectLink(screen, 'carol', '/profile/carol');
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Please log in to comment on reviews.' }),
    ).toHaveAttribute('href', '/login?next=%2Freview%2F1');
    expect(screen.getByRole('button', { name: 'Reply' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('Review Not Found for a missing one; Error Loading Review otherwise', async () => {
    mockFetch(() => jsonResponse(404, { error: 'Review not found', code: 'NOT_FOUND' }));
    renderApp('/review/1');
    expect(await screen.findByRole('heading', { name: 'Review Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The review you're looking for doesn't exist or has been removed."),
    ).toBeInTheDocument();
    expectLink(screen, 'Back to Reviews', '/reviews');
  });

  it('shows Error Loading Review when the server fails', async () => {
    mockFetch(() => jsonResponse(500, { error: 'Database unavailable', code: 'INTERNAL_ERROR' }));
    renderApp('/review/1');
    expect(
      await screen.findByRole('heading', { name: 'Error Loading Review' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('signed in: like locks during the request and takes the exact count; comments go on top; replies under their comment', async () => {
    const likeAnswer = deferred<Response>();
    const base = detailHandler(buildReview({ id: 1, likesCount: 4 }), [
      buildComment({ id: 50, content: 'Older comment' }),
    ]);
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/reviews/1/like' && call.method === 'POST') return likeAnswer.promise;
        return base(call);
      }),
    );
    const user = userEvent.setup();
    renderApp('/review/1');
    const like = await screen.findByRole('button', { name: 'Like this review (4 likes)' });
    await waitFor(() => expect(like).toBeEnabled());
    await user.click(like);
    expect(like).toBeDisabled();
    likeAnswer.resolve(jsonResponse(200, { isLiked: true, likesCount: 5 }));
    expect(
      await screen.findByRole('button', { name: 'Unlike this review (5 likes)' }),
    ).toBeEnabled();

    await screen.findByText('Older comment');
    const box = screen.getByPlaceholderText('Share your thoughts on this review...');
    const post = screen.getByRole('button', { name: 'Post Comment' });
    expect(post).toBeDisabled();
    await user.type(box, '  New thought  ');
    await user.click(post);
    expect(await screen.findByText('New thought')).toBeInTheDocument();
    expect(box).toHaveValue('');
    const items = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items.findIndex((t) => t.includes('New thought'))).toBeLessThan(
      items.findIndex((t) => t.includes('Older comment')),
    );
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();

    const older = screen.getByText('Older comment').closest('li')!;
    await user.click(within(older).getByRole('button', { name: 'Reply' }));
    await user.type(within(older).getByPlaceholderText('Write a reply...'), 'A reply');
    await user.click(within(older).getByRole('button', { name: 'Post Reply' }));
    expect(await within(older).findByText('A reply')).toBeInTheDocument();
    const replyCall = calls.find(
      (c) => c.method === 'POST' && (c.body as { parentId?: number })?.parentId === 50,
    );
    expect(replyCall?.body).toMatchObject({ content: 'A reply', parentId: 50 });
  });

  it('shows [deleted] placeholders and the replies under them', async () => {
    mockFetch(
      detailHandler(buildReview({ id: 1 }), [
        buildComment({
          id: 70,
          isDeleted: true,
          content: '[deleted]',
          user: null,
          replies: [{ ...buildComment({ id: 71, parentId: 70, content: 'Still here' }) }],
        }),
      ]),
    );
    renderApp('/review/1');
    expect(await screen.findByText('[deleted]')).toBeInTheDocument();
    expect(screen.getByText('Still here')).toBeInTheDocument();
  });
});

describe('/reviews/write', () => {
  it('signed out goes to sign in and back', async () => {
    mockFetch(() => jsonResponse(404, { error: 'x', code: 'X' }));
    const { router } = renderApp('/reviews/write?showId=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/reviews/write?showId=7')}`,
    );
  });

  it('checks the form with the spec messages, then publishes and opens the new review', async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/shows/7')
          return jsonResponse(200, buildShowDetail({ id: 7, title: 'Slow Horses', episodes: 24 }));
        if (call.url === '/api/shows/7/reviews/me')
          return jsonResponse(404, { error: 'Review not found', code: 'NOT_FOUND' });
        if (call.url === '/api/reviews' && call.method === 'POST')
          return jsonResponse(201, buildReview({ id: 99 }));
        if (call.url === '/api/reviews/99') return jsonResponse(200, buildReview({ id: 99 }));
        return jsonResponse(200, page([]));
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/reviews/write?showId=7');
    expect(await screen.findByRole('heading', { name: 'Write a Review' })).toBeInTheDocument();
    expect(await screen.findByText('Reviewing:')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Slow Horses' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish Review' }));
    expect(await screen.findByText(reviewMessages.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(reviewMessages.contentRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Review Title'), 'abc');
    expect(screen.queryByText(reviewMessages.titleRequired)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Review Content'), 'short');
    await user.click(screen.getByRole('button', { name: 'Publish Review' }));
    expect(await screen.findByText(reviewMessages.titleTooShort)).toBeInTheDocument();
    expect(screen.getByText(reviewMessages.contentTooShort)).toBeInTheDocument();
    expect(screen.getByText('3/200')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Review Title'), 'de fine');
    await user.type(screen.getByLabelText('Review Content'), ' but long enough now');
    await user.click(screen.getByLabelText('This review contains spoilers'));
    await user.click(screen.getByRole('button', { name: 'Publish Review' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/review/99'));
    const post = calls.find((c) => c.url === '/api/reviews' && c.method === 'POST');
    expect(post?.body).toEqual({
      showId: 7,
      title: 'abcde fine',
      content: 'short but long enough now',
      rating: 5,
      isSpoiler: true,
      isPublic: true,
    });
  });

  it('without a show: a picker that searches the catalogue; asks to select a show first', async () => {
    mockFetch(
      signedInHandler((call) => {
        if (call.url.startsWith('/api/search/suggestions'))
          return jsonResponse(200, { data: [buildShowDetail({ id: 12, title: 'Severance' })] });
        if (call.url === '/api/shows/12')
          return jsonResponse(200, buildShowDetail({ id: 12, title: 'Severance' }));
        if (call.url === '/api/shows/12/reviews/me')
          return jsonResponse(200, buildReview({ id: 5, showId: 12 }));
        return jsonResponse(404, { error: 'x', code: 'X' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/reviews/write');
    const picker = await screen.findByRole('combobox', { name: 'Show' });
    await user.click(screen.getByRole('button', { name: 'Publish Review' }));
    expect(await screen.findByText(reviewMessages.showRequired)).toBeInTheDocument();
    await user.type(picker, 'Sev');
    await user.click(await screen.findByRole('option', { name: /Severance/ }));
    expect(await screen.findByText('Reviewing:')).toBeInTheDocument();
    // Already reviewed: the screen offers to edit that review instead.
    expect(await screen.findByRole('link', { name: 'Edit your review instead' })).toHaveAttribute(
      'href',
      '/reviews/write?reviewId=5',
    );
  });
});

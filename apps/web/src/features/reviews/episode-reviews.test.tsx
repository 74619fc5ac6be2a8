import type { EpisodeReview } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildEpisode, buildShow, page } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';
import { expectLink } from '@/test/expect-link';

function episodeReview(overrides: Partial<EpisodeReview> = {}): EpisodeReview {
  return {
    id: 1,
    episodeId: 40,
    showId: 7,
    userId: 2,
    rating: 8,
    content: 'A strong opener.',
    isSpoiler: false,
    likesCount: 1,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    username: 'bob',
    userDisplayName: 'Bob',
    userAvatarUrl: null,
    ...overrides,
  };
}

const episode = {
  ...buildEpisode({ id: 40, showId: 7, title: 'Pilot' }),
  show: buildShow({ id: 7, title: 'Slow Horses' }),
  retired: false,
};

describe('episode reviews', () => {
  it('empty: the spec strings; a visitor who wants to review is sent to sign in', async () => {
    mockFetch((call) => {
      if (call.url === '/api/episodes/40') return jsonResponse(200, episode);
      if (call.url.startsWith('/api/episodes/40/reviews')) return jsonResponse(200, page([]));
      return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/episode/40');
    expect(await screen.findByText('No reviews yet for this episode.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Episode Reviews (0)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Be the First to Review' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('the Write Episode Review modal: cancel resets; submit closes, resets and puts the new review on top', async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.url === '/api/episodes/40') return jsonResponse(200, episode);
        if (call.url.startsWith('/api/episodes/40/reviews'))
          return jsonResponse(200, page([episodeReview()]));
        if (call.url === '/api/episode-reviews' && call.method === 'POST')
          return jsonResponse(
            201,
            episodeReview({
              id: 2,
              userId: 1,
              username: 'alice',
              userDisplayName: 'Alice Liddell',
              rating: 9,
              content: 'Loved it',
              likesCount: 0,
            }),
          );
        return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/episode/40');
    expect(await screen.findByText('A strong opener.')).toBeInTheDocument();
    expectLink(screen, 'Bob', '/profile/bob');
    const open = await screen.findByRole('button', { name: /Write Episode Review/ });

    await user.click(open);
    let dialog = await screen.findByRole('dialog', { name: 'Write Episode Review' });
    expect(within(dialog).getByLabelText('Rating')).toHaveValue('5');
    await user.type(within(dialog).getByLabelText('Your review (optional)'), 'draft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(open);
    dialog = await screen.findByRole('dialog', { name: 'Write Episode Review' });
    expect(within(dialog).getByLabelText('Your review (optional)')).toHaveValue('');
    await user.selectOptions(within(dialog).getByLabelText('Rating'), '9');
    await user.type(within(dialog).getByLabelText('Your review (optional)'), 'Loved it');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const items = screen.getAllByRole('article');
    expect(items[0]).toHaveTextContent('Loved it');
    expect(items[1]).toHaveTextContent('A strong opener.');
    expect(screen.getByRole('heading', { name: 'Episode Reviews (2)' })).toBeInTheDocument();
    const post = calls.find((c) => c.url === '/api/episode-reviews');
    expect(post?.body).toEqual({ episodeId: 40, rating: 9, content: 'Loved it', isSpoiler: false });
    // The member has reviewed it now: the button edits that review.
    expect(screen.getByRole('button', { name: /Edit Your Review/ })).toBeInTheDocument();
  });
});

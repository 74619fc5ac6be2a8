import type { Page, ProfileSeasonRating, ShowSeasonRatings } from '@series-tracker/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { signedInHandler } from '@/test/tracking';
import { ProfileSeasonRatings } from './components/profile-season-ratings';
import { SeasonRating } from './components/season-rating';
import { expectLink } from '@/test/expect-link';

const figures = (mine: number | null): ShowSeasonRatings => ({
  showId: 7,
  seasons: [{ seasonNumber: 2, average: 7.5, count: 2, mine }],
});

describe('season rating control', () => {
  it('shows the community average and the member’s rating, and rates through the dialog', async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.method === 'PUT')
          return jsonResponse(200, { seasonNumber: 2, average: 8, count: 2, mine: 9 });
        return jsonResponse(200, figures(null));
      }),
    );
    renderWithProviders(<SeasonRating showId={7} season={2} label="Season 2" />);
    const box = await screen.findByTestId('season-rating');
    expect(await within(box).findByText('7.5')).toBeInTheDocument();
    expect(within(box).getByText(/avg · 2 ratings/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Rate Season 2' }));
    await userEvent.click(await screen.findByRole('button', { name: '9' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/shows/7/seasons/2/rating');
    expect(put.body).toEqual({ rating: 9 });
    // The answer's figures replace the cached ones: exact, not guessed.
    expect(
      await screen.findByRole('button', { name: 'Your rating of Season 2: 9/10. Change it' }),
    ).toBeInTheDocument();
    expect(within(box).getByText('8')).toBeInTheDocument();
  });

  it('removes a rating', async () => {
    const { calls } = mockFetch(
      signedInHandler((call) => {
        if (call.method === 'DELETE')
          return jsonResponse(200, { seasonNumber: 2, average: 6, count: 1, mine: null });
        return jsonResponse(200, figures(9));
      }),
    );
    renderWithProviders(<SeasonRating showId={7} season={2} label="Season 2" />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Your rating of Season 2: 9/10. Change it' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Rating' }));
    expect(await screen.findByRole('button', { name: 'Rate Season 2' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/shows/7/seasons/2/rating');
  });

  it('visitors see the average; Rate sends them to sign in', async () => {
    mockFetch((call) =>
      call.url === '/api/auth/me'
        ? jsonResponse(401, { error: 'Not signed in', code: 'UNAUTHORIZED' })
        : jsonResponse(200, figures(null)),
    );
    renderWithProviders(<SeasonRating showId={7} season={2} label="Season 2" />, {
      path: '/show/7',
    });
    expect(await screen.findByText('7.5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rate Season 2' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });
});

describe('season ratings on the profile', () => {
  const rating: ProfileSeasonRating = {
    show: { id: 7, title: 'Severance', coverImageUrl: null },
    seasonNumber: 2,
    rating: 8,
    ratedAt: '2026-02-01T10:00:00.000Z',
  };
  const page = (data: ProfileSeasonRating[]): Page<ProfileSeasonRating> => ({
    data,
    total: data.length,
    limit: 20,
    offset: 0,
    hasMore: false,
  });

  it('lists the member’s ratings', async () => {
    mockFetch(() => jsonResponse(200, page([rating])));
    renderWithProviders(<ProfileSeasonRatings userId={2} />);
    const list = await screen.findByTestId('profile-season-ratings');
    expectLink(within(list), 'Severance', '/show/7?tab=episodes');
    expect(within(list).getByText('Season 2')).toBeInTheDocument();
    expect(within(list).getByLabelText('Rated 8 out of 10')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    mockFetch(() => jsonResponse(200, page([])));
    renderWithProviders(<ProfileSeasonRatings userId={2} />);
    expect(await screen.findByText('No season ratings yet.')).toBeInTheDocument();
  });
});

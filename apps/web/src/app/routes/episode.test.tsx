import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildEpisode, buildShow } from '@/test/shows';

type Link = { id: number; seasonNumber: number; episodeNumber: number; title: string | null };

function serve(
  retired: boolean,
  neighbours: { previousEpisode: Link | null; nextEpisode: Link | null } = {
    previousEpisode: null,
    nextEpisode: null,
  },
) {
  const show = buildShow({ id: 7, title: 'Slow Horses' });
  const episode = { ...buildEpisode({ id: 40, showId: 7, title: 'Failure’s Contagious' }), show };
  return mockFetch((call) =>
    call.url === '/api/episodes/40'
      ? jsonResponse(200, { ...episode, retired, ...neighbours })
      : jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' }),
  );
}

describe('episode page', () => {
  it('says when the catalogue no longer lists the episode (an old link still works)', async () => {
    serve(true);
    renderApp('/episode/40');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Failure’s Contagious' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'This episode is no longer listed for Slow Horses. It stays in your watch history.',
    );
  });

  it('says nothing of the kind for a listed episode', async () => {
    serve(false);
    renderApp('/episode/40');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Failure’s Contagious' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('links to the previous and next episode, across seasons; an end has no link at all', async () => {
    serve(false, {
      previousEpisode: { id: 39, seasonNumber: 1, episodeNumber: 6, title: 'Finale' },
      nextEpisode: null,
    });
    renderApp('/episode/40');
    const nav = await screen.findByRole('navigation', { name: 'Episodes of this show' });
    const previous = within(nav).getByRole('link', { name: /Previous episode/ });
    expect(previous).toHaveAttribute('href', '/episode/39');
    expect(previous).toHaveTextContent('Previous episodeS1E6 · Finale');
    expect(within(nav).queryByRole('link', { name: /Next episode/ })).toBeNull();
  });

  it('the next episode may be in the next season; no neighbours means no navigation', async () => {
    serve(false, {
      previousEpisode: null,
      nextEpisode: { id: 41, seasonNumber: 2, episodeNumber: 1, title: null },
    });
    const { unmount } = renderApp('/episode/40');
    const next = await screen.findByRole('link', { name: /Next episode/ });
    expect(next).toHaveAttribute('href', '/episode/41');
    expect(next).toHaveTextContent('Next episodeS2E1');
    expect(screen.queryByRole('link', { name: /Previous episode/ })).toBeNull();
    unmount();
    serve(false);
    renderApp('/episode/40');
    await screen.findByRole('heading', { level: 1, name: 'Failure’s Contagious' });
    expect(screen.queryByRole('navigation', { name: 'Episodes of this show' })).toBeNull();
  });
});

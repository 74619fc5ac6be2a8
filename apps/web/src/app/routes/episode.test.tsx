import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { buildEpisode, buildShow } from '@/test/shows';

function serve(retired: boolean) {
  const show = buildShow({ id: 7, title: 'Slow Horses' });
  const episode = { ...buildEpisode({ id: 40, showId: 7, title: 'Failure’s Contagious' }), show };
  return mockFetch((call) =>
    call.url === '/api/episodes/40'
      ? jsonResponse(200, { ...episode, retired })
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
});

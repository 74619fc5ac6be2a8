import type { ActivityItem } from '@series-tracker/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ActivityEntry } from './activity-entry';
import { expectLink } from '@/test/expect-link';

const base: ActivityItem = {
  id: 1,
  action: 'rewatched',
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  user: { id: 2, username: 'bob', displayName: 'Bob Viewer', avatarUrl: null },
  show: { id: 7, title: 'Severance', coverImageUrl: null },
  episode: { id: 70, seasonNumber: 1, episodeNumber: 4, title: 'The You You Are' },
  episodeCount: 1,
  rating: null,
  content: null,
  reviewId: null,
  list: null,
  targetUser: null,
};

const textOf = (item: ActivityItem) => {
  const { container, unmount } = render(
    <MemoryRouter>
      <ActivityEntry item={item} />
    </MemoryRouter>,
  );
  const text = container.textContent;
  unmount();
  return text;
};

describe('ActivityEntry', () => {
  it('says "rewatched" with the episode linked, and counts a burst', () => {
    render(
      <MemoryRouter>
        <ActivityEntry item={base} />
      </MemoryRouter>,
    );
    expectLink(screen, /S1E4/, '/episode/70');
    expect(screen.getByText(/rewatched/)).toBeInTheDocument();
    expect(textOf({ ...base, episode: null, episodeCount: 3 })).toContain(
      'rewatched 3 episodes of Severance',
    );
    expect(textOf({ ...base, action: 'watched', episode: null, episodeCount: 2 })).toContain(
      'watched 2 episodes of Severance',
    );
  });
});

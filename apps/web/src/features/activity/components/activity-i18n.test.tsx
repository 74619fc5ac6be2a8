import type { ActivityItem } from '@series-tracker/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inLanguage, renderWithProviders } from '@/test/render';
import { expectLink } from '@/test/expect-link';
import { ActivityEntry } from './activity-entry';

const item: ActivityItem = {
  id: 1,
  action: 'rewatched',
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  user: { id: 2, username: 'bob', displayName: 'Bob Viewer', avatarUrl: null },
  show: { id: 7, title: 'Severance', coverImageUrl: null },
  episode: null,
  episodeCount: 3,
  rating: null,
  content: null,
  reviewId: null,
  list: null,
  targetUser: null,
};

/** Activity sentences in other languages (issue 31): whole sentences, plurals, relative time. */
describe('ActivityEntry in other languages', () => {
  it('German: the member starts the sentence, the count is a plural, the time is relative', async () => {
    const { container } = renderWithProviders(<ActivityEntry item={item} />, {
      i18n: await inLanguage('de'),
    });
    expect(container).toHaveTextContent(
      'Bob Viewer hat 3 Folgen von Severance noch einmal gesehen',
    );
    expectLink(screen, 'Severance', '/show/7');
    expectLink(screen, 'Bob Viewer', '/profile/bob');
    expect(screen.getByText('vor 1 Stunde')).toBeInTheDocument();
  });

  it('German on the member’s own profile: no name, and the sentence starts with a capital', async () => {
    const { container } = renderWithProviders(
      <ActivityEntry
        item={{ ...item, action: 'watched', episodeCount: 1, episode: null }}
        showUser={false}
      />,
      { i18n: await inLanguage('de') },
    );
    expect(container).toHaveTextContent('Hat 1 Folge von Severance gesehen');
    expect(container).not.toHaveTextContent('Bob Viewer');
  });

  it('Arabic: the verb first, the dual and the plural of "episode", Arabic quotation marks', async () => {
    const ar = await inLanguage('ar');
    const { container, unmount } = renderWithProviders(
      <ActivityEntry item={{ ...item, episodeCount: 2 }} />,
      { i18n: ar },
    );
    expect(container).toHaveTextContent('أعاد Bob Viewer مشاهدة حلقتين من Severance');
    expect(
      screen.getByText(new Intl.RelativeTimeFormat('ar', { numeric: 'auto' }).format(-1, 'hour')),
    ).toBeInTheDocument();
    unmount();
    const review = renderWithProviders(
      <ActivityEntry
        item={{ ...item, action: 'reviewed', content: 'Loved it', reviewId: 9, rating: 9 }}
      />,
      { i18n: ar },
    );
    expect(review.container).toHaveTextContent('كتب Bob Viewer مراجعة عن Severance');
    expectLink(screen, '«Loved it»', '/review/9');
  });
});

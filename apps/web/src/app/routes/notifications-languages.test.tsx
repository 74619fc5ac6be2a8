import type { Notification, NotificationPage } from '@series-tracker/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bellLabel } from '@/features/notifications/components/notification-bell';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { signedInHandler } from '@/test/tracking';

const follow: Notification = {
  id: 1,
  kind: 'follow',
  createdAt: '2026-11-25T12:00:00.000Z',
  read: false,
  actor: { id: 2, username: 'frankie', displayName: 'Frankie Fan', avatarUrl: null },
  show: null,
  episode: null,
  target: null,
  reviewId: null,
};

const episode: Notification = {
  ...follow,
  id: 2,
  kind: 'episode',
  actor: null,
  read: true,
  show: { id: 3, title: 'Severance' },
  episode: { id: 9, seasonNumber: 2, episodeNumber: 10, title: 'Cold Harbor' },
};

function notifications(data: Notification[], unreadCount: number) {
  const page: NotificationPage = {
    data,
    total: data.length,
    limit: 20,
    offset: 0,
    hasMore: false,
    unreadCount,
  };
  return signedInHandler((call) =>
    call.url.startsWith('/api/notifications?')
      ? jsonResponse(200, page)
      : call.url === '/api/notifications/unread-count'
        ? jsonResponse(200, { unreadCount })
        : jsonResponse(404, { error: 'x', code: 'NOT_FOUND' }),
  );
}

/** Notifications in other languages (issue 31): sentences, plurals and the bell's name. */
describe('notifications in other languages', () => {
  it('says what happened in German, with the count of unread ones', async () => {
    mockFetch(notifications([follow, episode], 1));
    renderApp('/notifications', { i18n: await inLanguage('de') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Benachrichtigungen' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('1 ungelesen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Frankie Fan folgt dir jetzt/ })).toHaveAttribute(
      'href',
      '/profile/frankie',
    );
    expect(
      screen.getByRole('link', { name: /^Neue Folge: Severance S2E10 · Cold Harbor/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeInTheDocument();
    expect(document.title).toBe('Benachrichtigungen · Series Tracker');
  });

  it('names the bell and counts unread ones with Arabic plural forms', async () => {
    mockFetch(notifications([], 0));
    renderApp('/notifications', { i18n: await inLanguage('ar') });
    expect(await screen.findByRole('heading', { name: 'لا إشعارات بعد' })).toBeInTheDocument();
    expect(screen.getByText('لا إشعارات غير مقروءة')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الإشعارات' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(bellLabel(2)).toBe('الإشعارات، إشعاران غير مقروءين');
    expect(bellLabel(3)).toMatch(/^الإشعارات، \S+ إشعارات غير مقروءة$/);
  });
});

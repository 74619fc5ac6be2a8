import type { Notification } from '@series-tracker/contracts';
import { describe as group, expect, it } from 'vitest';
import { describe } from './notification-item';

const base: Notification = {
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

group('notification text and link', () => {
  it('says what happened and leads to it', () => {
    expect(describe(base)).toMatchObject({
      text: 'Frankie Fan started following you',
      to: '/profile/frankie',
    });
    expect(describe({ ...base, kind: 'like', target: 'comment', reviewId: 7 })).toMatchObject({
      text: 'Frankie Fan liked your comment',
      to: '/review/7',
    });
    expect(describe({ ...base, kind: 'reply', reviewId: 7 })).toMatchObject({
      text: 'Frankie Fan replied to your comment',
      to: '/review/7',
    });
    expect(
      describe({
        ...base,
        kind: 'episode',
        actor: null,
        show: { id: 3, title: 'Severance' },
        episode: { id: 9, seasonNumber: 2, episodeNumber: 10, title: 'Cold Harbor' },
      }),
    ).toMatchObject({ text: 'New episode: Severance S2E10 · Cold Harbor', to: '/episode/9' });
  });
  it('names the member-written part, so a right-to-left name keeps the sentence in order', () => {
    const rtl = { ...base, actor: { ...base.actor!, displayName: 'أمير حداد' } };
    expect(describe(rtl)).toMatchObject({
      text: 'أمير حداد started following you',
      user: 'أمير حداد',
    });
  });
});

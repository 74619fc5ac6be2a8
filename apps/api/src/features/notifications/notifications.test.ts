import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { buildShow, registerUser } from '../../../test/factories';
import { injector } from '../../../test/http';

const t = useTestApp();

const inject = injector(() => t.app);

const bell = async (token: string) => (await inject(token, 'GET', '/api/notifications')).json();

describe('notifications', () => {
  it('a follow, a like, a comment and a reply ring the right member’s bell, once', async () => {
    const author = await registerUser(t.app);
    const fan = await registerUser(t.app, { displayName: 'The Fan' });
    const show = await buildShow(t.db);
    // Follow twice (unfollow between): one notification.
    expect(
      (await inject(fan.token, 'POST', `/api/social/${author.user.id}/follow`)).statusCode,
    ).toBe(200);
    await inject(fan.token, 'DELETE', `/api/social/${author.user.id}/follow`);
    await inject(fan.token, 'POST', `/api/social/${author.user.id}/follow`);
    const review = await inject(author.token, 'POST', '/api/reviews', {
      showId: show.id,
      title: 'A fine show',
      content: 'Worth every minute of it.',
      rating: 8,
    });
    expect(review.statusCode).toBe(201);
    const reviewId = review.json().id;
    expect((await inject(fan.token, 'POST', `/api/reviews/${reviewId}/like`)).statusCode).toBe(200);
    // Liking your own review rings nothing.
    await inject(author.token, 'POST', `/api/reviews/${reviewId}/like`);
    const comment = await inject(fan.token, 'POST', `/api/reviews/${reviewId}/comments`, {
      content: 'Agreed!',
    });
    expect(comment.statusCode).toBe(201);
    const reply = await inject(author.token, 'POST', `/api/reviews/${reviewId}/comments`, {
      content: 'Thanks',
      parentId: comment.json().id,
    });
    expect(reply.statusCode).toBe(201);

    const mine = await bell(author.token);
    expect(mine.unreadCount).toBe(3);
    expect(mine.data.map((n: { kind: string }) => n.kind)).toEqual(['comment', 'like', 'follow']);
    expect(mine.data[2].actor).toMatchObject({
      id: fan.user.id,
      username: fan.user.username,
      displayName: 'The Fan',
    });
    expect(mine.data[1]).toMatchObject({ target: 'review', reviewId });
    const theirs = await bell(fan.token);
    expect(theirs.data).toEqual([
      expect.objectContaining({ kind: 'reply', reviewId, read: false }),
    ]);
    // No e-mail or other private data of the actor travels.
    expect(JSON.stringify(mine)).not.toContain('@');
  });

  it('mark one read, mark all read; another member’s notification is a 404; 401 signed out', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    await inject(b.token, 'POST', `/api/social/${a.user.id}/follow`);
    await inject(c.token, 'POST', `/api/social/${a.user.id}/follow`);
    const list = await bell(a.token);
    expect(list.unreadCount).toBe(2);
    const id = list.data[0].id;
    expect((await inject(b.token, 'POST', `/api/notifications/${id}/read`)).statusCode).toBe(404);
    expect((await inject(null, 'POST', `/api/notifications/${id}/read`)).statusCode).toBe(401);
    expect((await inject(null, 'GET', '/api/notifications')).statusCode).toBe(401);
    expect((await inject(a.token, 'POST', '/api/notifications/abc/read')).statusCode).toBe(400);
    const one = await inject(a.token, 'POST', `/api/notifications/${id}/read`);
    expect(one.json()).toEqual({ unreadCount: 1 });
    expect((await bell(a.token)).data.map((n: { read: boolean }) => n.read)).toEqual([true, false]);
    expect((await inject(a.token, 'POST', '/api/notifications/read-all')).json()).toEqual({
      unreadCount: 0,
    });
    expect((await inject(a.token, 'GET', '/api/notifications/unread-count')).json()).toEqual({
      unreadCount: 0,
    });
  });

  it('a block hides the blocked member’s notifications', async () => {
    const a = await registerUser(t.app);
    const pest = await registerUser(t.app);
    await inject(pest.token, 'POST', `/api/social/${a.user.id}/follow`);
    expect((await bell(a.token)).total).toBe(1);
    expect(
      (await inject(a.token, 'POST', `/api/users/${pest.user.id}/block`)).statusCode,
    ).toBeLessThan(300);
    const after = await bell(a.token);
    expect(after).toMatchObject({ total: 0, unreadCount: 0, data: [] });
  });
});

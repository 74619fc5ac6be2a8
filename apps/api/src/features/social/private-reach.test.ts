import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleMessages } from '@series-tracker/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, buildShow, registerUser } from '../../../test/factories';

/**
 * What a profile's tabs refuse, no other path shows (ADR 150): a private profile's followers
 * and following, its lists through /lists?userId= and its review of a show; the same for a
 * member who blocks the viewer. Checked as stranger, anonymous, follower, blocked member and
 * owner.
 */
let t: TestApp;
type U = Awaited<ReturnType<typeof registerUser>>;
let priv: U, blocker: U, stranger: U, follower: U, blocked: U;
let showId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const made = await Promise.all(Array.from({ length: 5 }, () => registerUser(t.app)));
  [priv, blocker, stranger, follower, blocked] = made as [U, U, U, U, U];
  showId = (await buildShow(t.db)).id;
  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  for (const owner of [priv, blocker]) {
    expect((await post('/api/lists', owner.token, { name: 'Public picks' })).statusCode).toBe(201);
    const review = await post('/api/reviews', owner.token, {
      showId,
      rating: 7,
      title: 'A public verdict',
      content: 'Long enough to be a review of this show, and public on purpose.',
    });
    expect(review.statusCode).toBe(201);
    expect((await post(`/api/social/${owner.user.id}/follow`, follower.token)).statusCode).toBe(
      200,
    );
    expect((await post(`/api/social/${stranger.user.id}/follow`, owner.token)).statusCode).toBe(
      200,
    );
  }
  expect(
    (await post(`/api/users/${blocked.user.id}/block`, blocker.token)).statusCode,
  ).toBeLessThan(300);
  await t.db.kysely
    .updateTable('users')
    .set({ is_public: 0 })
    .where('id', '=', priv.user.id)
    .execute();
});
afterAll(() => t.close());

const get = (url: string, viewer: U | null) =>
  t.app.inject({ method: 'GET', url, headers: viewer ? bearer(viewer.token) : {} });

describe('a private or blocking profile reaches no further than its tabs', () => {
  it('followers and following of a private profile: only its owner', async () => {
    for (const side of ['followers', 'following']) {
      const url = `/api/social/${priv.user.id}/${side}`;
      for (const viewer of [null, stranger, follower]) {
        const res = await get(url, viewer);
        expect(res.statusCode, `${side} as ${viewer?.user.username ?? 'anonymous'}`).toBe(403);
        expect(res.json()).toMatchObject({ error: peopleMessages.privateProfile });
      }
      const own = await get(url, priv);
      expect(own.statusCode).toBe(200);
      expect((own.json() as { total: number }).total).toBe(1);
    }
  });

  it('followers and following of a member who blocks the viewer: not to them', async () => {
    for (const side of ['followers', 'following']) {
      const url = `/api/social/${blocker.user.id}/${side}`;
      expect((await get(url, blocked)).statusCode).toBe(403);
      expect((await get(url, stranger)).statusCode).toBe(200);
      expect((await get(url, null)).statusCode).toBe(200);
    }
  });

  it('/lists?userId= shows a private profile’s lists to its owner only', async () => {
    const url = `/api/lists?userId=${priv.user.id}`;
    for (const viewer of [null, stranger, follower]) {
      const res = await get(url, viewer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: [], total: 0 });
    }
    expect((await get(url, priv)).json()).toMatchObject({ total: 1 });
  });

  it('/lists?userId= hides a blocking member’s lists from the blocked member', async () => {
    const url = `/api/lists?userId=${blocker.user.id}`;
    expect((await get(url, blocked)).json()).toMatchObject({ data: [], total: 0 });
    expect((await get(url, stranger)).json()).toMatchObject({ total: 1 });
    expect((await get(url, blocker)).json()).toMatchObject({ total: 1 });
  });

  it('a member’s review of a show follows the profile rule', async () => {
    const of = (u: U) => `/api/shows/${showId}/reviews/user/${u.user.id}`;
    for (const viewer of [null, stranger, follower])
      expect((await get(of(priv), viewer)).statusCode).toBe(403);
    expect((await get(of(priv), priv)).statusCode).toBe(200);
    expect((await get(of(blocker), blocked)).statusCode).toBe(403);
    expect((await get(of(blocker), stranger)).statusCode).toBe(200);
  });
});

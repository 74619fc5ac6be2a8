import { describe, expect, it } from 'vitest';
import { reviewMessages as m, type Review } from '@series-tracker/contracts';
import { buildTestApp, useTestApp } from '../../../test/build-test-app';
import { communityOf } from '../../../test/community';
import { caller, itRefusesSignedOut } from '../../../test/http';
import { bearer, buildEpisode, buildShow, registerUser } from '../../../test/factories';
import { memberRows } from '../../../test/test-db';

const t = useTestApp();

const call = caller(() => t.app);
const { comment: postComment } = communityOf(call);

const draft = (showId: number, over: Record<string, unknown> = {}) => ({
  showId,
  title: 'A careful look at it',
  content: 'Long enough content to count as a review.',
  rating: 7.5,
  ...over,
});

async function writeReview(token: string, showId: number, over: Record<string, unknown> = {}) {
  const res = await call(token, {
    method: 'POST',
    url: '/api/reviews',
    payload: draft(showId, over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Review;
}

const showRow = (id: number) =>
  t.db.kysely.selectFrom('shows').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const reviewRow = (id: number) =>
  t.db.kysely.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();

describe('signed-out visitors', () => {
  itRefusesSignedOut(
    () => t.app,
    [
      ['POST', '/api/reviews'],
      ['PUT', '/api/reviews/1'],
      ['DELETE', '/api/reviews/1'],
      ['POST', '/api/reviews/1/like'],
      ['DELETE', '/api/reviews/1/like'],
      ['GET', '/api/reviews/1/like/check'],
      ['GET', '/api/reviews/me'],
      ['POST', '/api/reviews/1/comments'],
      ['PUT', '/api/comments/1'],
      ['DELETE', '/api/comments/1'],
      ['POST', '/api/comments/1/like'],
      ['POST', '/api/episode-reviews'],
      ['PUT', '/api/episode-reviews/1'],
      ['DELETE', '/api/episode-reviews/1'],
      ['POST', '/api/episode-reviews/1/like'],
      ['GET', '/api/shows/1/reviews/me'],
    ],
  );
});

describe('writing a review', () => {
  it('answers every validation rule with the spec message, in details, and writes nothing', async () => {
    const u = await registerUser(t.app);
    const show = await buildShow(t.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ showId: undefined }, 'showId', m.showRequired],
      [{ title: '' }, 'title', m.titleRequired],
      [{ title: '   ' }, 'title', m.titleRequired],
      [{ title: 'abcd' }, 'title', m.titleTooShort],
      [{ title: '  abcd  ' }, 'title', m.titleTooShort],
      [{ title: 'x'.repeat(200) }, 'title', m.titleTooLong],
      [{ content: '' }, 'content', m.contentRequired],
      [{ content: 'too short' }, 'content', m.contentTooShort],
      [{ content: 'x'.repeat(20_001) }, 'content', m.contentTooLong],
      [{ rating: 0 }, 'rating', m.ratingInvalid],
      [{ rating: 10.5 }, 'rating', m.ratingInvalid],
      [{ rating: 7.3 }, 'rating', m.ratingInvalid],
      [{ rating: 'nine' }, 'rating', m.ratingInvalid],
    ];
    for (const [over, field, message] of cases) {
      const res = await call(u.token, {
        method: 'POST',
        url: '/api/reviews',
        payload: draft(show.id, over),
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().details[field]).toBe(message);
    }
    expect(
      await t.db.kysely.selectFrom('reviews').select('id').where('show_id', '=', show.id).execute(),
    ).toHaveLength(0);
  });

  it('accepts 199 characters of title and 0.5 steps, trims, and applies the defaults', async () => {
    const u = await registerUser(t.app, { displayName: 'Ana' });
    const show = await buildShow(t.db, { poster_url: 'https://img.example/p.jpg' });
    const res = await call(u.token, {
      method: 'POST',
      url: '/api/reviews',
      payload: { showId: show.id, title: `  ${'t'.repeat(199)}  `, content: '  0123456789  ' },
    });
    expect(res.statusCode).toBe(201);
    const r = res.json() as Review;
    expect(r.title).toBe('t'.repeat(199));
    expect(r.content).toBe('0123456789');
    expect(r).toMatchObject({
      rating: 5,
      isSpoiler: false,
      isPublic: true,
      likesCount: 0,
      commentsCount: 0,
      isLiked: false,
      showId: show.id,
      show: { id: show.id, title: show.title, coverImageUrl: 'https://img.example/p.jpg' },
      showName: show.title,
      user: { username: u.user.username, displayName: 'Ana', avatarUrl: null },
    });
    expect((await showRow(show.id)).total_reviews).toBe(1);
    const half = await writeReview((await registerUser(t.app)).token, show.id, { rating: 0.5 });
    expect(half.rating).toBe(0.5);
  });

  it('one review per member and show: 409 with the existing id', async () => {
    const u = await registerUser(t.app);
    const show = await buildShow(t.db);
    const first = await writeReview(u.token, show.id);
    const res = await call(u.token, {
      method: 'POST',
      url: '/api/reviews',
      payload: draft(show.id),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details.reviewId).toBe(String(first.id));
    expect((await showRow(show.id)).total_reviews).toBe(1);
  });

  it('404 for a show that does not exist', async () => {
    const u = await registerUser(t.app);
    const res = await call(u.token, {
      method: 'POST',
      url: '/api/reviews',
      payload: draft(2_000_000),
    });
    expect(res.statusCode).toBe(404);
  });

  it('stores markup as text and returns it unchanged (rendered inert by the client)', async () => {
    const u = await registerUser(t.app);
    const show = await buildShow(t.db);
    const payload =
      '<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))';
    const r = await writeReview(u.token, show.id, { title: '<b>bold</b> title', content: payload });
    const res = await t.app.inject({ url: `/api/reviews/${r.id}` });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().content).toBe(payload);
    expect(res.json().title).toBe('<b>bold</b> title');
  });
});

describe('changing and deleting', () => {
  it('PUT takes any subset; only the author may change or delete (403), others 404 when private', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const show = await buildShow(t.db);
    const r = await writeReview(a.token, show.id);
    const put = await call(a.token, {
      method: 'PUT',
      url: `/api/reviews/${r.id}`,
      payload: { rating: 9 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ rating: 9, title: r.title, content: r.content });
    const whole = await call(a.token, {
      method: 'PUT',
      url: `/api/reviews/${r.id}`,
      payload: {
        title: 'A new title',
        content: 'And new content here.',
        rating: 3,
        isSpoiler: true,
        isPublic: true,
      },
    });
    expect(whole.json()).toMatchObject({ title: 'A new title', rating: 3, isSpoiler: true });
    const bad = await call(a.token, {
      method: 'PUT',
      url: `/api/reviews/${r.id}`,
      payload: { title: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.title).toBe(m.titleTooShort);
    const empty = await call(a.token, { method: 'PUT', url: `/api/reviews/${r.id}`, payload: {} });
    expect(empty.statusCode).toBe(400);

    const other = await call(b.token, {
      method: 'PUT',
      url: `/api/reviews/${r.id}`,
      payload: { rating: 1 },
    });
    expect(other.statusCode).toBe(403);
    expect(
      (await call(b.token, { method: 'DELETE', url: `/api/reviews/${r.id}` })).statusCode,
    ).toBe(403);
    expect((await reviewRow(r.id))!.rating).toBe(3);
  });

  it('deleting a review removes its comments and likes and moves the show count', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const show = await buildShow(t.db);
    const r = await writeReview(a.token, show.id);
    await call(b.token, { method: 'POST', url: `/api/reviews/${r.id}/like` });
    const c = await call(b.token, {
      method: 'POST',
      url: `/api/reviews/${r.id}/comments`,
      payload: { content: 'Nice one' },
    });
    await call(a.token, { method: 'POST', url: `/api/comments/${c.json().id}/like` });
    const del = await call(a.token, { method: 'DELETE', url: `/api/reviews/${r.id}` });
    expect(del.statusCode).toBe(204);
    expect(await reviewRow(r.id)).toBeUndefined();
    expect((await showRow(show.id)).total_reviews).toBe(0);
    const left = await Promise.all([
      t.db.kysely
        .selectFrom('review_likes')
        .select('user_id')
        .where('review_id', '=', r.id)
        .execute(),
      t.db.kysely
        .selectFrom('review_comments')
        .select('id')
        .where('review_id', '=', r.id)
        .execute(),
      t.db.kysely
        .selectFrom('comment_likes')
        .select('user_id')
        .where('comment_id', '=', c.json().id)
        .execute(),
    ]);
    expect(left.map((x) => x.length)).toEqual([0, 0, 0]);
    expect((await t.app.inject({ url: `/api/reviews/${r.id}` })).statusCode).toBe(404);
  });
});

describe('private reviews', () => {
  it('are seen by their author only, on every path', async () => {
    const author = await registerUser(t.app);
    const other = await registerUser(t.app);
    const show = await buildShow(t.db, { title: 'Zebulon Quarry Chronicles' });
    const before = (await t.app.inject({ url: '/api/stats/global' })).json().totalReviews;
    const r = await writeReview(author.token, show.id, {
      title: 'Secret zebulon thoughts',
      content: 'Quarryword appears only in this private review.',
      isPublic: false,
    });

    // detail
    expect((await t.app.inject({ url: `/api/reviews/${r.id}` })).statusCode).toBe(404);
    expect((await call(other.token, { url: `/api/reviews/${r.id}` })).statusCode).toBe(404);
    expect((await call(author.token, { url: `/api/reviews/${r.id}` })).json().isPublic).toBe(false);
    // feeds
    for (const url of [
      '/api/reviews?limit=50',
      '/api/reviews/recent?limit=50',
      '/api/reviews?filter=top_rated&limit=50',
      `/api/shows/${show.id}/reviews`,
    ]) {
      for (const token of [null, other.token, author.token]) {
        const ids = (await call(token, { url })).json().data.map((x: Review) => x.id);
        expect(ids, url).not.toContain(r.id);
      }
    }
    // search
    for (const url of ['/api/reviews/search?q=quarryword', '/api/search/reviews?q=quarryword']) {
      expect((await call(author.token, { url })).json().data).toEqual([]);
    }
    expect((await t.app.inject({ url: '/api/search?q=quarryword' })).json().reviews).toEqual([]);
    // counts
    expect((await showRow(show.id)).total_reviews).toBe(0);
    expect((await t.app.inject({ url: `/api/shows/${show.id}` })).json().totalReviews).toBe(0);
    expect((await t.app.inject({ url: '/api/stats/global' })).json().totalReviews).toBe(before);
    // one member's review of a show, and a profile's list
    expect(
      (await call(other.token, { url: `/api/shows/${show.id}/reviews/user/${author.user.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(author.token, { url: `/api/shows/${show.id}/reviews/user/${author.user.id}` }))
        .statusCode,
    ).toBe(200);
    expect((await call(author.token, { url: `/api/shows/${show.id}/reviews/me` })).statusCode).toBe(
      200,
    );
    const listFor = (viewer: { id: number } | null) =>
      t.app.services.reviews.listByUser(viewer, author.user.id, { limit: 10, offset: 0 });
    expect((await listFor(null)).data).toEqual([]);
    expect((await listFor({ id: other.user.id })).total).toBe(0);
    expect((await listFor({ id: author.user.id })).data.map((x) => x.id)).toEqual([r.id]);
    expect((await call(author.token, { url: '/api/reviews/me' })).json().data[0].id).toBe(r.id);
    // comments, likes
    expect((await t.app.inject({ url: `/api/reviews/${r.id}/comments` })).statusCode).toBe(404);
    expect(
      (await call(other.token, { method: 'POST', url: `/api/reviews/${r.id}/like` })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(other.token, {
          method: 'POST',
          url: `/api/reviews/${r.id}/comments`,
          payload: { content: 'hi' },
        })
      ).statusCode,
    ).toBe(404);

    // going public counts it; going private again un-counts it
    await call(author.token, {
      method: 'PUT',
      url: `/api/reviews/${r.id}`,
      payload: { isPublic: true },
    });
    expect((await showRow(show.id)).total_reviews).toBe(1);
    expect((await t.app.inject({ url: '/api/stats/global' })).json().totalReviews).toBe(before + 1);
    expect((await t.app.inject({ url: `/api/shows/${show.id}` })).json().totalReviews).toBe(1);
    expect(
      (await t.app.inject({ url: '/api/reviews/search?q=quarryword' })).json().data[0].id,
    ).toBe(r.id);
    await call(author.token, {
      method: 'PUT',
      url: `/api/reviews/${r.id}`,
      payload: { isPublic: false },
    });
    expect((await showRow(show.id)).total_reviews).toBe(0);
    expect((await t.app.inject({ url: '/api/reviews/search?q=quarryword' })).json().data).toEqual(
      [],
    );
  });
});

describe('feeds', () => {
  it('filters, sorts, orders and pages; carries isLiked for a signed-in viewer', async () => {
    const show = await buildShow(t.db);
    const authors = await Promise.all([1, 2, 3].map(() => registerUser(t.app)));
    const fan = await registerUser(t.app);
    const low = await writeReview(authors[0]!.token, show.id, { rating: 2 });
    const high = await writeReview(authors[1]!.token, show.id, { rating: 9.5 });
    const mid = await writeReview(authors[2]!.token, show.id, { rating: 8 });
    await call(fan.token, { method: 'POST', url: `/api/reviews/${low.id}/like` });

    const ids = async (url: string, token: string | null = null) =>
      (await call(token, { url })).json().data.map((r: Review) => r.id);
    const base = `/api/shows/${show.id}/reviews`;
    expect(await ids(base)).toEqual([mid.id, high.id, low.id]);
    expect(await ids(`${base}?filter=top_rated`)).toEqual([high.id, mid.id]);
    expect(await ids(`${base}?filter=most_liked`)).toEqual([low.id]);
    expect(await ids(`${base}?sort=rating&order=asc`)).toEqual([low.id, mid.id, high.id]);
    expect(await ids(`${base}?sort=likes_count`)).toEqual([low.id, mid.id, high.id]);
    const page = (await t.app.inject({ url: `${base}?limit=2&offset=2` })).json();
    expect(page).toMatchObject({ total: 3, limit: 2, offset: 2, hasMore: false });
    expect(page.data).toHaveLength(1);
    expect((await t.app.inject({ url: `${base}?limit=51` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${base}?sort=nonsense` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/shows/2000000/reviews' })).statusCode).toBe(404);

    const anon = (await t.app.inject({ url: base })).json().data[2];
    expect(anon.isLiked).toBeUndefined();
    const signed = (await call(fan.token, { url: base })).json().data;
    expect(signed.map((r: Review) => r.isLiked)).toEqual([false, false, true]);

    expect(await ids('/api/reviews/popular?limit=50')).toContain(low.id);
    expect(await ids('/api/reviews/popular?limit=50')).not.toContain(high.id);
    expect(await ids('/api/reviews/featured?limit=50')).toContain(low.id);
    expect((await ids('/api/reviews/recent?limit=50')).slice(0, 3)).toEqual([
      mid.id,
      high.id,
      low.id,
    ]);
    expect((await call(fan.token, { url: `/api/shows/${show.id}/reviews/me` })).statusCode).toBe(
      404,
    );
  });

  it('search ranks title matches first and finds prefixes', async () => {
    const show = await buildShow(t.db);
    const [a, b] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const inContent = await writeReview(a.token, show.id, {
      title: 'Thoughts on a season',
      content: 'The xylophonist subplot was weak but fun.',
    });
    const inTitle = await writeReview(b.token, show.id, {
      title: 'Xylophonist forever',
      content: 'A story about music and people, xylophonist at heart.',
    });
    const res = (await t.app.inject({ url: '/api/reviews/search?q=xylophon' })).json();
    expect(res.data.map((r: { id: number }) => r.id)).toEqual([inTitle.id, inContent.id]);
    expect(res.data[0]).toMatchObject({
      showId: show.id,
      showTitle: show.title,
      username: b.user.username,
    });
    expect(res.data[0].relevanceScore).toBeGreaterThan(res.data[1].relevanceScore);
    const global = (await t.app.inject({ url: '/api/search?q=xylophonist' })).json();
    expect(global.reviews.map((r: { id: number }) => r.id)).toEqual([inTitle.id, inContent.id]);
    // Search syntax in a query is just text.
    for (const q of ['"', 'a*', 'NOT', '(x', "'; drop table reviews;--", ':*&|!']) {
      const r = await t.app.inject({ url: `/api/reviews/search?q=${encodeURIComponent(q)}` });
      expect(r.statusCode, q).toBe(200);
    }
  });
});

describe('likes', () => {
  it('100 concurrent likes from 100 members count exactly 100', async () => {
    const author = await registerUser(t.app);
    const show = await buildShow(t.db);
    const r = await writeReview(author.token, show.id);
    const fans = [];
    for (let i = 0; i < 100; i++) fans.push(await registerUser(t.app));
    const results = await Promise.all(
      fans.map((f) => call(f.token, { method: 'POST', url: `/api/reviews/${r.id}/like` })),
    );
    expect(results.every((x) => x.statusCode === 200)).toBe(true);
    expect((await reviewRow(r.id))!.likes_count).toBe(100);
    expect((await t.app.inject({ url: `/api/reviews/${r.id}` })).json().likesCount).toBe(100);
    const likers = (await t.app.inject({ url: `/api/reviews/${r.id}/likes?limit=10` })).json();
    expect(likers.total).toBe(100);
    expect(likers.data).toHaveLength(10);
  });

  it('is idempotent, never below 0 or above 1 for one member under concurrent like/unlike', async () => {
    const author = await registerUser(t.app);
    const fan = await registerUser(t.app);
    const show = await buildShow(t.db);
    const r = await writeReview(author.token, show.id);
    const url = `/api/reviews/${r.id}/like`;
    const twice = await Promise.all([
      call(fan.token, { method: 'POST', url }),
      call(fan.token, { method: 'POST', url }),
    ]);
    expect(twice.map((x) => x.json())).toEqual([
      { isLiked: true, likesCount: 1 },
      { isLiked: true, likesCount: 1 },
    ]);
    const mixed = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(fan.token, { method: i % 2 ? 'DELETE' : 'POST', url }),
      ),
    );
    for (const res of mixed) expect([0, 1]).toContain(res.json().likesCount);
    const count = (await reviewRow(r.id))!.likes_count;
    const rows = await t.db.kysely
      .selectFrom('review_likes')
      .select('user_id')
      .where('review_id', '=', r.id)
      .execute();
    expect(count).toBe(rows.length);
    await call(fan.token, { method: 'DELETE', url });
    await call(fan.token, { method: 'DELETE', url });
    expect((await reviewRow(r.id))!.likes_count).toBe(0);
    expect((await call(fan.token, { url: `${url}/check` })).json()).toEqual({ isLiked: false });
    await call(fan.token, { method: 'POST', url });
    expect((await call(fan.token, { url: `${url}/check` })).json()).toEqual({ isLiked: true });
  });

  it('nobody likes their own review (403); a missing review is 404', async () => {
    const a = await registerUser(t.app);
    const show = await buildShow(t.db);
    const r = await writeReview(a.token, show.id);
    const own = await call(a.token, { method: 'POST', url: `/api/reviews/${r.id}/like` });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(m.ownLike);
    expect(
      (await call(a.token, { method: 'POST', url: '/api/reviews/2000000/like' })).statusCode,
    ).toBe(404);
  });
});

describe('comments', () => {
  it('comments, replies (one level), counts, review author moderation and [deleted]', async () => {
    const author = await registerUser(t.app);
    const c1 = await registerUser(t.app);
    const c2 = await registerUser(t.app);
    const show = await buildShow(t.db);
    const r = await writeReview(author.token, show.id);
    const post = (token: string, payload: Record<string, unknown>) =>
      call(token, { method: 'POST', url: `/api/reviews/${r.id}/comments`, payload });

    const empty = await post(c1.token, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.content).toBe(m.commentRequired);
    const long = await post(c1.token, { content: 'x'.repeat(2001) });
    expect(long.json().details.content).toBe(m.commentTooLong);

    const top = (await post(c1.token, { content: '  First!  ' })).json();
    expect(top).toMatchObject({ content: 'First!', parentId: null, replies: [], isDeleted: false });
    const reply = (await post(c2.token, { content: 'A reply', parentId: top.id })).json();
    expect(reply.parentId).toBe(top.id);
    // Replying to a reply joins the same thread.
    const nested = (await post(c1.token, { content: 'Reply to reply', parentId: reply.id })).json();
    expect(nested.parentId).toBe(top.id);
    const second = (await post(c2.token, { content: 'Second top' })).json();
    expect((await post(c1.token, { content: 'x', parentId: 2_000_000 })).statusCode).toBe(404);

    expect((await reviewRow(r.id))!.comments_count).toBe(4);
    const list = (await t.app.inject({ url: `/api/reviews/${r.id}/comments` })).json();
    expect(list.total).toBe(2);
    expect(list.data.map((c: { id: number }) => c.id)).toEqual([second.id, top.id]);
    expect(list.data[1].replies.map((c: { id: number }) => c.id)).toEqual([reply.id, nested.id]);
    expect(list.data[1].repliesCount).toBe(2);
    const replies = (await t.app.inject({ url: `/api/comments/${top.id}/replies` })).json();
    expect(replies.data.map((c: { id: number }) => c.id)).toEqual([reply.id, nested.id]);

    // Only the author edits; a stranger may neither edit nor delete.
    const edit = await call(c1.token, {
      method: 'PUT',
      url: `/api/comments/${top.id}`,
      payload: { content: 'First, edited' },
    });
    expect(edit.json().content).toBe('First, edited');
    expect(
      (
        await call(author.token, {
          method: 'PUT',
          url: `/api/comments/${top.id}`,
          payload: { content: 'hijack' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(c2.token, { method: 'DELETE', url: `/api/comments/${top.id}` })).statusCode,
    ).toBe(403);

    // The review's author deletes a comment with replies: it stays as [deleted].
    expect(
      (await call(author.token, { method: 'DELETE', url: `/api/comments/${top.id}` })).statusCode,
    ).toBe(204);
    let after = (await t.app.inject({ url: `/api/reviews/${r.id}/comments` })).json();
    const placeholder = after.data.find((c: { id: number }) => c.id === top.id);
    expect(placeholder).toMatchObject({ content: '[deleted]', isDeleted: true, user: null });
    expect(placeholder.replies).toHaveLength(2);
    expect((await reviewRow(r.id))!.comments_count).toBe(3);
    // Its replies' authors delete them; the empty placeholder goes too.
    await call(c2.token, { method: 'DELETE', url: `/api/comments/${reply.id}` });
    await call(c1.token, { method: 'DELETE', url: `/api/comments/${nested.id}` });
    after = (await t.app.inject({ url: `/api/reviews/${r.id}/comments` })).json();
    expect(after.data.map((c: { id: number }) => c.id)).toEqual([second.id]);
    expect((await reviewRow(r.id))!.comments_count).toBe(1);
    expect((await t.app.inject({ url: `/api/reviews/${r.id}` })).json().commentsCount).toBe(1);
    // A deleted comment cannot be deleted again.
    expect(
      (await call(c2.token, { method: 'DELETE', url: `/api/comments/${reply.id}` })).statusCode,
    ).toBe(404);
  });

  it('comment likes: exact, idempotent, isLikedByUser for the viewer', async () => {
    const author = await registerUser(t.app);
    const fan = await registerUser(t.app);
    const show = await buildShow(t.db);
    const r = await writeReview(author.token, show.id);
    const c = await postComment(author.token, r.id, 'Author speaking');
    const url = `/api/comments/${c.id}/like`;
    await Promise.all([
      call(fan.token, { method: 'POST', url }),
      call(fan.token, { method: 'POST', url }),
    ]);
    expect((await call(fan.token, { url: `/api/comments/${c.id}` })).json()).toMatchObject({
      likesCount: 1,
      isLikedByUser: true,
    });
    expect((await call(fan.token, { url: `${url}/check` })).json()).toEqual({ isLiked: true });
    expect((await t.app.inject({ url: `/api/comments/${c.id}/likes` })).json().total).toBe(1);
    expect((await call(author.token, { method: 'POST', url })).statusCode).toBe(403);
    await call(fan.token, { method: 'DELETE', url });
    expect((await t.app.inject({ url: `/api/comments/${c.id}` })).json().likesCount).toBe(0);
  });
});

describe('episode reviews', () => {
  it('create, one per episode, validate, list, like, change and delete by the author', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const show = await buildShow(t.db);
    const ep = await buildEpisode(t.db, show.id);
    const post = (token: string, payload: Record<string, unknown>) =>
      call(token, { method: 'POST', url: '/api/episode-reviews', payload });

    for (const rating of [0, 11, 5.5]) {
      const res = await post(a.token, { episodeId: ep.id, rating });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.rating).toBe(m.episodeRatingInvalid);
    }
    const long = await post(a.token, { episodeId: ep.id, content: 'x'.repeat(5001) });
    expect(long.json().details.content).toBe(m.episodeContentTooLong);
    expect((await post(a.token, { episodeId: 2_000_000 })).statusCode).toBe(404);

    const created = await post(a.token, { episodeId: ep.id, isSpoiler: true, content: 'Wow.' });
    expect(created.statusCode).toBe(201);
    const er = created.json();
    expect(er).toMatchObject({
      episodeId: ep.id,
      showId: show.id,
      rating: 5,
      content: 'Wow.',
      isSpoiler: true,
      likesCount: 0,
      username: a.user.username,
    });
    const again = await post(a.token, { episodeId: ep.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().details.episodeReviewId).toBe(String(er.id));
    const noText = (await post(b.token, { episodeId: ep.id, rating: 8 })).json();
    expect(noText.content).toBeNull();

    const list = (await t.app.inject({ url: `/api/episodes/${ep.id}/reviews` })).json();
    expect(list.total).toBe(2);
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([noText.id, er.id]);
    expect((await t.app.inject({ url: '/api/episodes/2000000/reviews' })).statusCode).toBe(404);

    const like = await call(b.token, { method: 'POST', url: `/api/episode-reviews/${er.id}/like` });
    expect(like.json()).toEqual({ isLiked: true, likesCount: 1 });
    expect(
      (await call(b.token, { url: `/api/episode-reviews/${er.id}/like/check` })).json(),
    ).toEqual({ isLiked: true });

    expect(
      (
        await call(b.token, {
          method: 'PUT',
          url: `/api/episode-reviews/${er.id}`,
          payload: { rating: 1 },
        })
      ).statusCode,
    ).toBe(403);
    const put = await call(a.token, {
      method: 'PUT',
      url: `/api/episode-reviews/${er.id}`,
      payload: { rating: 9, content: '' },
    });
    expect(put.json()).toMatchObject({ rating: 9, content: null, likesCount: 1 });
    expect(
      (await call(b.token, { method: 'DELETE', url: `/api/episode-reviews/${er.id}` })).statusCode,
    ).toBe(403);
    expect(
      (await call(a.token, { method: 'DELETE', url: `/api/episode-reviews/${er.id}` })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: `/api/episodes/${ep.id}/reviews` })).json().total).toBe(1);
  });
});

describe('events', () => {
  it('publishes review, like and comment events after the write', async () => {
    const seen: string[] = [];
    const off = [
      t.app.services.events.on('review.created', (p) => void seen.push(`created:${p.isPublic}`)),
      t.app.services.events.on('review.liked', (p) => void seen.push(`liked:${p.liked}`)),
      t.app.services.events.on('comment.created', (p) => void seen.push(`comment:${p.parentId}`)),
      t.app.services.events.on('review.deleted', () => void seen.push('deleted')),
    ];
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const show = await buildShow(t.db);
    const r = await writeReview(a.token, show.id, { isPublic: false });
    await call(a.token, {
      method: 'PUT',
      url: `/api/reviews/${r.id}`,
      payload: { isPublic: true },
    });
    await call(b.token, { method: 'POST', url: `/api/reviews/${r.id}/like` });
    await call(b.token, { method: 'POST', url: `/api/reviews/${r.id}/like` }); // no change, no event
    await call(b.token, {
      method: 'POST',
      url: `/api/reviews/${r.id}/comments`,
      payload: { content: 'hello' },
    });
    await call(a.token, { method: 'DELETE', url: `/api/reviews/${r.id}` });
    off.forEach((f) => f());
    expect(seen).toEqual(['created:false', 'liked:true', 'comment:null', 'deleted']);
  });
});

describe('account erasure', () => {
  it("removes a member's reviews, comments and likes and fixes the counters they moved", async () => {
    const leaving = await registerUser(t.app);
    const stays = await registerUser(t.app);
    const show = await buildShow(t.db);
    const theirs = await writeReview(leaving.token, show.id);
    const kept = await writeReview(stays.token, show.id);
    await call(leaving.token, { method: 'POST', url: `/api/reviews/${kept.id}/like` });
    const c = await postComment(leaving.token, kept.id, 'I was here');
    await call(stays.token, {
      method: 'POST',
      url: `/api/reviews/${kept.id}/comments`,
      payload: { content: 'reply', parentId: c.id },
    });
    const own = await postComment(stays.token, kept.id, 'mine');
    await call(leaving.token, { method: 'POST', url: `/api/comments/${own.id}/like` });
    expect((await reviewRow(kept.id))!).toMatchObject({ likes_count: 1, comments_count: 3 });
    expect((await showRow(show.id)).total_reviews).toBe(2);

    expect(t.app.services.erasure.names()).toContain('reviews');
    await t.db.kysely.transaction().execute(async (trx) => {
      await t.app.services.erasure.run(trx, leaving.user.id);
      await trx.deleteFrom('users').where('id', '=', leaving.user.id).execute();
    });
    expect(await reviewRow(theirs.id)).toBeUndefined();
    expect((await reviewRow(kept.id))!).toMatchObject({ likes_count: 0, comments_count: 1 });
    const ownRow = await t.db.kysely
      .selectFrom('review_comments')
      .select('likes_count')
      .where('id', '=', own.id)
      .executeTakeFirstOrThrow();
    expect(ownRow.likes_count).toBe(0);
    expect((await showRow(show.id)).total_reviews).toBe(1);
  });
});

describe('write limits', () => {
  it('answers 429 with the error shape and writes nothing past the budget', async () => {
    const limited = await buildTestApp({ writeLimits: { reviews: 2, comments: 2, likes: 100 } });
    try {
      const u = await registerUser(limited.app);
      const shows = await Promise.all([1, 2, 3].map(() => buildShow(limited.db)));
      const statuses = [];
      for (const s of shows) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/reviews',
          headers: bearer(u.token),
          payload: draft(s.id),
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', error: m.tooManyReviews });
        }
      }
      expect(statuses).toEqual([201, 201, 429]);
      const rows = await memberRows(limited.db, 'reviews', u.user.id, ['id']);
      expect(rows).toHaveLength(2);
      // Another member has a budget of their own.
      const v = await registerUser(limited.app);
      const ok = await limited.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: bearer(v.token),
        payload: draft(shows[2]!.id),
      });
      expect(ok.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe("a show's displayed rating", () => {
  it("is the catalogue's until three members rated it, then the members' average", async () => {
    const show = await buildShow(t.db, { rating: 6.1 });
    const members = await Promise.all([1, 2, 3, 4].map(() => registerUser(t.app)));
    const detail = async () => (await t.app.inject({ url: `/api/shows/${show.id}` })).json();
    expect(await detail()).toMatchObject({
      averageRating: 6.1,
      ratingSource: 'catalogue',
      memberRatingCount: 0,
    });
    await writeReview(members[0]!.token, show.id, { rating: 9 });
    await writeReview(members[1]!.token, show.id, { rating: 8 });
    // A private review is not counted.
    await writeReview(members[2]!.token, show.id, { rating: 1, isPublic: false });
    expect(await detail()).toMatchObject({ averageRating: 6.1, ratingSource: 'catalogue' });
    // A watchlist score of a member without a (public) review counts once.
    await call(members[3]!.token, {
      method: 'POST',
      url: '/api/user-content-status',
      payload: { showId: show.id, score: 4 },
    });
    expect(await detail()).toMatchObject({
      averageRating: 7,
      ratingSource: 'members',
      memberRatingCount: 3,
      catalogueRating: 6.1,
    });
  });
});

describe('cached community reads', () => {
  it('anonymous answers are shared and follow likes, comments and edits at once; signed-in ones never come from the cache', async () => {
    const author = await registerUser(t.app);
    const fan = await registerUser(t.app);
    const show = await buildShow(t.db);
    const r = await writeReview(author.token, show.id);
    const url = `/api/shows/${show.id}/reviews`;
    expect((await t.app.inject({ url })).headers['x-cache']).toBe('miss');
    expect((await t.app.inject({ url })).headers['x-cache']).toBe('hit');
    const signed = await call(fan.token, { url });
    expect(signed.headers['x-cache']).toBeUndefined();
    expect(signed.json().data[0].isLiked).toBe(false);

    await call(fan.token, { method: 'POST', url: `/api/reviews/${r.id}/like` });
    const afterLike = await t.app.inject({ url });
    expect(afterLike.json().data[0].likesCount).toBe(1);
    expect(afterLike.json().data[0].isLiked).toBeUndefined();
    expect((await call(fan.token, { url })).json().data[0].isLiked).toBe(true);

    await t.app.inject({ url: `/api/reviews/${r.id}` });
    await call(fan.token, {
      method: 'POST',
      url: `/api/reviews/${r.id}/comments`,
      payload: { content: 'cached?' },
    });
    expect((await t.app.inject({ url: `/api/reviews/${r.id}` })).json().commentsCount).toBe(1);
    await call(author.token, {
      method: 'PUT',
      url: `/api/reviews/${r.id}`,
      payload: { isPublic: false },
    });
    expect((await t.app.inject({ url: `/api/reviews/${r.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).json().data).toEqual([]);
  });
});

describe('feed totals', () => {
  it('move at once after a review, a like or going private on this server', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const total = async (url: string) => (await call(b.token, { url })).json().total as number;
    const before = await total('/api/reviews');
    const likedBefore = await total('/api/reviews?filter=most_liked');
    const r = await writeReview(a.token, (await buildShow(t.db)).id);
    expect(await total('/api/reviews')).toBe(before + 1);
    await call(b.token, { method: 'POST', url: `/api/reviews/${r.id}/like` });
    expect(await total('/api/reviews?filter=most_liked')).toBe(likedBefore + 1);
    await call(a.token, {
      method: 'PUT',
      url: `/api/reviews/${r.id}`,
      payload: { isPublic: false },
    });
    expect(await total('/api/reviews')).toBe(before);
  });
});

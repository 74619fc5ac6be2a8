import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  moderationErrorCodes,
  moderationMessages,
  peopleMessages,
} from '@series-tracker/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { communityOf } from '../../../test/community';
import { caller } from '../../../test/http';
import { fillParams } from '../../../test/route-walk';
import { buildShow, connectTraktApp, registerUser } from '../../../test/factories';
import { startSmtp } from '../../../test/smtp';
import { runAdmin } from '../../cli/admin';
import { suspendedMayStill } from '../../platform/access';

let t: TestApp;

/** The first mail to `address` whose subject is `subject` (the sign-up confirmation comes first). */
const mailWith = (address: string, subject: string) =>
  smtp.waitForSubject(address, (s) => s === subject);
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({
    mail: { smtpUrl: smtp.url, from: 'Series Tracker <no-reply@test>', outboxDir: '' },
    sessionCacheSeconds: 60,
  });
  await t.app.services.jobs.start();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = caller(() => t.app);
const get = (url: string, token: string | null = null) => call(token, { url });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object, token: string) =>
  call(token, { method, url, payload });

type Member = Awaited<ReturnType<typeof registerUser>>;
async function moderator(): Promise<Member> {
  const m = await registerUser(t.app);
  expect(
    await runAdmin(['grant', m.user.username, '--role', 'moderator'], t.app.services.moderation),
  ).toBe(`${m.user.username}: member → moderator`);
  return m;
}

const { review: postReview, comment: postComment, report, act, suspendForADay } = communityOf(call);

/** An action from the item's own page, which needs no earlier report (ADR 150). */
const actFromPage = (token: string, type: string, id: number, action: string, reason: string) =>
  act(token, type, id, { action, reason, fromItemPage: true });

/** A public review by `author` on a fresh show, with a comment by `commenter`. */
async function reviewWithComment(author: Member, commenter: Member) {
  const show = await buildShow(t.db);
  const review = await postReview(author.token, show.id);
  const comment = await postComment(commenter.token, review.id, 'Buy cheap pills at spam.example');
  return { show, review, comment };
}

describe('reports', () => {
  it('files one open report per member and item, with the contract messages', async () => {
    const [author, commenter, reporter] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const { comment } = await reviewWithComment(author, commenter);
    const ok = await report(reporter.token, 'comment', comment.id, 'spam');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ itemType: 'comment', itemId: comment.id, reason: 'spam' });

    const again = await report(reporter.token, 'comment', comment.id, 'abuse');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: moderationErrorCodes.alreadyReported,
      error: moderationMessages.alreadyReported,
    });

    const other = await report(author.token, 'comment', comment.id, 'other');
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual({ details: moderationMessages.detailsRequired });

    const own = await report(commenter.token, 'comment', comment.id, 'spam');
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toBe(moderationMessages.ownItem);

    const missing = await report(reporter.token, 'review', 999_999, 'spam');
    expect(missing.statusCode).toBe(404);
  });

  it('a private review cannot be reported by others: it is absent to them', async () => {
    const [author, reporter] = [await registerUser(t.app), await registerUser(t.app)];
    const show = await buildShow(t.db);
    const review = await postReview(author.token, show.id, {
      title: 'Mine alone',
      content: 'Just for me, nobody else.',
      rating: 5,
      isPublic: false,
    });
    const res = await report(reporter.token, 'review', review.id, 'spam');
    expect(res.statusCode).toBe(404);
  });
});

describe('moderator actions', () => {
  // Actions on items nobody reported come from the item's own page (`fromItemPage`, ADR 150).
  it('are refused to members on every moderator route (403), and to anonymous visitors (401)', async () => {
    const member = await registerUser(t.app);
    const routes = t.app.routeAccess.filter((r) => r.access === 'moderator');
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/moderation/actions',
      'GET /api/moderation/reports',
      'POST /api/moderation/items/:itemType/:itemId/actions',
    ]);
    for (const r of routes) {
      const url = fillParams(r.url).replace('/items/1/', '/items/comment/');
      const payload = { action: 'hide', reason: 'x' };
      const res = await call(member.token, {
        method: r.method as 'GET',
        url,
        ...(r.method === 'GET' ? {} : { payload }),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().error).toBe(moderationMessages.notModerator);
      const anon = await call(null, { method: r.method as 'GET', url });
      expect(anon.statusCode).toBe(401);
    }
  });

  it('a hidden comment leaves every path for others within one request; its author sees a notice, is mailed, and the log shows it', async () => {
    const [author, commenter, reporter, reader] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const mod = await moderator();
    const { review, comment } = await reviewWithComment(author, commenter);
    // Warm the shared response cache and the per-viewer answers first.
    const before = await get(`/api/reviews/${review.id}/comments`);
    expect(before.json().data.map((c: { id: number }) => c.id)).toEqual([comment.id]);
    expect((await get(`/api/reviews/${review.id}`)).json().commentsCount).toBe(1);

    await report(reporter.token, 'comment', comment.id, 'spam');
    const queue = (await get('/api/moderation/reports', mod.token)).json();
    const entry = queue.data.find(
      (i: { itemId: number; itemType: string }) =>
        i.itemType === 'comment' && i.itemId === comment.id,
    );
    expect(entry).toMatchObject({
      text: 'Buy cheap pills at spam.example',
      state: 'visible',
      link: `/review/${review.id}`,
      actions: ['dismiss', 'hide', 'remove', 'suspend'],
      author: { id: commenter.user.id, suspended: false },
    });
    expect(entry.reports).toHaveLength(1);
    expect(entry.reports[0]).toMatchObject({ reason: 'spam', reporter: { id: reporter.user.id } });

    const missingReason = await act(mod.token, 'comment', comment.id, {
      action: 'hide',
      reason: ' ',
    });
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json().details).toEqual({
      reason: moderationMessages.actionReasonRequired,
    });

    const hidden = await act(mod.token, 'comment', comment.id, {
      action: 'hide',
      reason: 'Advertising',
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({
      resolvedReports: 1,
      entry: {
        action: 'hide',
        itemType: 'comment',
        itemId: comment.id,
        reason: 'Advertising',
        moderator: { id: mod.user.id },
        author: { id: commenter.user.id },
      },
    });

    for (const token of [null, reader.token, author.token]) {
      const list = (await get(`/api/reviews/${review.id}/comments`, token)).json();
      expect(list.data, `viewer ${token ? 'signed in' : 'anonymous'}`).toEqual([]);
      expect(list.total).toBe(0);
      expect((await get(`/api/comments/${comment.id}`, token)).statusCode).toBe(404);
      expect((await get(`/api/reviews/${review.id}`, token)).json().commentsCount).toBe(0);
    }
    // Others cannot like or answer it either.
    expect(
      (await send('POST', `/api/comments/${comment.id}/like`, {}, reader.token)).statusCode,
    ).toBe(404);
    // Its author still sees it, with the notice.
    const own = (await get(`/api/reviews/${review.id}/comments`, commenter.token)).json();
    expect(own.data[0]).toMatchObject({
      id: comment.id,
      moderation: { state: 'hidden', reason: 'Advertising' },
    });

    // Deleting it afterwards does not drift the count.
    expect(
      (await call(commenter.token, { method: 'DELETE', url: `/api/comments/${comment.id}` }))
        .statusCode,
    ).toBe(204);
    expect((await get(`/api/reviews/${review.id}`)).json().commentsCount).toBe(0);

    const log = (await get('/api/moderation/actions', mod.token)).json();
    expect(log.data[0]).toMatchObject({
      action: 'hide',
      itemId: comment.id,
      reason: 'Advertising',
    });
    expect(
      (await get('/api/moderation/reports', mod.token))
        .json()
        .data.some(
          (i: { itemId: number; itemType: string }) =>
            i.itemType === 'comment' && i.itemId === comment.id,
        ),
    ).toBe(false);

    const mail = await mailWith(commenter.user.email, 'A moderator hid something you wrote');
    expect(mail.text).toContain("The moderator's reason: Advertising");
    expect(mail.text).toContain(`your comment on ${author.user.username}'s review`);
  });

  it('a hidden review leaves feeds, search, the show tab, the profile, activity and the global count; a removed one leaves its author too', async () => {
    const [author, reader] = [await registerUser(t.app), await registerUser(t.app)];
    const mod = await moderator();
    const show = await buildShow(t.db);
    const review = await postReview(author.token, show.id, {
      title: 'Zyxwvut marvel',
      content: 'Quixotic sparkle everywhere in this one.',
      rating: 9,
    });
    const paths = [
      '/api/reviews?limit=50',
      '/api/reviews/recent?limit=50',
      `/api/shows/${show.id}/reviews`,
      `/api/users/${author.user.id}/reviews`,
      '/api/reviews/search?q=zyxwvut',
      '/api/activity/feed?limit=50',
    ];
    const has = async (url: string, token: string | null) =>
      JSON.stringify((await get(url, token)).json()).includes('Zyxwvut marvel');
    for (const url of paths) expect(await has(url, null), url).toBe(true);
    const stats = (await get('/api/stats/global')).json();

    expect((await actFromPage(mod.token, 'review', review.id, 'hide', 'Insults')).statusCode).toBe(
      200,
    );
    for (const url of paths) {
      expect(await has(url, null), `anonymous ${url}`).toBe(false);
      expect(await has(url, reader.token), `member ${url}`).toBe(false);
    }
    expect((await get(`/api/reviews/${review.id}`, reader.token)).statusCode).toBe(404);
    expect((await get('/api/stats/global')).json().totalReviews).toBe(stats.totalReviews - 1);
    // Its author still reads it, with the notice; liking by others is refused as absent.
    const own = (await get(`/api/reviews/${review.id}`, author.token)).json();
    expect(own.moderation).toEqual({ state: 'hidden', reason: 'Insults' });
    expect(
      (await send('POST', `/api/reviews/${review.id}/like`, {}, reader.token)).statusCode,
    ).toBe(404);

    expect(
      (await actFromPage(mod.token, 'review', review.id, 'remove', 'Insults, again')).statusCode,
    ).toBe(200);
    expect((await get(`/api/reviews/${review.id}`, author.token)).statusCode).toBe(404);
  });

  it('a hidden list leaves the index and its owner’s profile count; others get 404 and cannot duplicate it', async () => {
    const [owner, reader] = [await registerUser(t.app), await registerUser(t.app)];
    const mod = await moderator();
    const list = (
      await send(
        'POST',
        '/api/lists',
        { name: 'Qwertyuiop picks', description: 'x', isPublic: true },
        owner.token,
      )
    ).json();
    const inIndex = async () =>
      JSON.stringify((await get('/api/lists?limit=100')).json()).includes('Qwertyuiop picks');
    expect(await inIndex()).toBe(true);
    expect(
      (await actFromPage(mod.token, 'list', list.id, 'hide', 'Slurs in the name')).statusCode,
    ).toBe(200);
    expect(await inIndex()).toBe(false);
    expect((await get(`/api/lists/${list.id}`, reader.token)).statusCode).toBe(404);
    expect(
      (await send('POST', `/api/lists/${list.id}/duplicate`, {}, reader.token)).statusCode,
    ).toBe(404);
    expect((await get(`/api/lists/${list.id}`, owner.token)).json().moderation).toEqual({
      state: 'hidden',
      reason: 'Slurs in the name',
    });
    // Hidden: still among the owner's own lists (with its notice); removed: gone from them too.
    const mine = async () =>
      ((await get('/api/lists/me?limit=100', owner.token)).json().data as { id: number }[]).map(
        (l) => l.id,
      );
    expect(await mine()).toContain(list.id);
    expect(
      (await actFromPage(mod.token, 'list', list.id, 'remove', 'Slurs again')).statusCode,
    ).toBe(200);
    expect(await mine()).not.toContain(list.id);
    expect((await get(`/api/lists/${list.id}`, owner.token)).statusCode).toBe(404);
  });

  it('moderators cannot act on their own content or suspend staff; profiles take no hide', async () => {
    const mod = await moderator();
    const other = await moderator();
    const self = await suspendForADay(mod.token, mod.user.id);
    expect(self.statusCode).toBe(403);
    const staff = await suspendForADay(mod.token, other.user.id);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error).toBe(moderationMessages.cannotSuspendStaff);
    const member = await registerUser(t.app);
    const hide = await act(mod.token, 'profile', member.user.id, { action: 'hide', reason: 'x' });
    expect(hide.statusCode).toBe(400);
  });
});

describe('suspension', () => {
  it('refuses every mutating signed-in or owner route to a suspended member (403 ACCOUNT_SUSPENDED), reads still work', async () => {
    const mod = await moderator();
    const member = await registerUser(t.app);
    const show = await buildShow(t.db);
    const review = await postReview(member.token, show.id, {
      title: 'Fine enough',
      content: 'Something fine to read.',
      rating: 7,
    });
    expect((await get('/api/auth/me', member.token)).json().user).toMatchObject({
      role: 'member',
      suspension: null,
    });

    const res = await act(mod.token, 'profile', member.user.id, {
      action: 'suspend',
      reason: 'Repeated abuse',
      suspendDays: 7,
      hideContent: true,
      fromItemPage: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().entry).toMatchObject({ action: 'suspend', hiddenCount: 1 });
    // Its public content went in the same step.
    expect((await get(`/api/reviews/${review.id}`)).statusCode).toBe(404);

    // The session cache (60 s here) was dropped by the event: the very next request knows.
    const me = (await get('/api/auth/me', member.token)).json().user;
    expect(me.suspension).toMatchObject({ reason: 'Repeated abuse' });
    expect(Date.parse(me.suspension.until)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const writes = t.app.routeAccess.filter(
      (r) =>
        !['GET', 'HEAD', 'OPTIONS'].includes(r.method) &&
        (r.access === 'signed-in' || r.access === 'owner') &&
        !suspendedMayStill.has(`${r.method} ${r.url}`),
    );
    expect(writes.length).toBeGreaterThan(30);
    // No write hides behind `viewer` access, where the guard does not look.
    expect(
      t.app.routeAccess.filter(
        (r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && r.access === 'viewer',
      ),
    ).toEqual([]);
    // Under /trakt only a connected Trakt app's token signs in (ADR 170): the same member's,
    // a new grant per call so the sweep stays inside a grant's write budget (10 per 10 s).
    const traktToken = async () => (await connectTraktApp(t.app, member.user.id)).access_token;
    for (const r of writes) {
      const out = await call(r.url.startsWith('/trakt/') ? await traktToken() : member.token, {
        method: r.method as 'POST',
        url: fillParams(r.url),
        payload: {},
      });
      expect(out.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(out.json()).toMatchObject({
        code: moderationErrorCodes.suspended,
        error: moderationMessages.suspended,
        details: { reason: 'Repeated abuse' },
      });
    }
    // Nothing was written by those attempts.
    expect((await get(`/api/users/${member.user.id}/reviews`, member.token)).json().total).toBe(1);
    // Reading still works; signing out is still allowed.
    expect((await get('/api/reviews', member.token)).statusCode).toBe(200);

    const mail = await mailWith(member.user.email, 'Your Series Tracker account is suspended');
    expect(mail.text).toContain('1 public thing you wrote is hidden');

    expect(
      (await actFromPage(mod.token, 'profile', member.user.id, 'unsuspend', 'Appeal accepted'))
        .statusCode,
    ).toBe(200);
    expect((await get('/api/auth/me', member.token)).json().user.suspension).toBeNull();
    expect((await report(member.token, 'profile', mod.user.id, 'spam')).statusCode).toBe(201);
  });
});

describe('admin CLI', () => {
  it('grants and revokes roles by username, and refuses bad input', async () => {
    const m = await registerUser(t.app);
    expect(await runAdmin(['grant', m.user.username], t.app.services.moderation)).toBe(
      `${m.user.username}: member → admin`,
    );
    expect((await get('/api/auth/me', m.token)).json().user.role).toBe('admin');
    expect(await runAdmin(['revoke', m.user.username], t.app.services.moderation)).toBe(
      `${m.user.username}: admin → member`,
    );
    await expect(
      runAdmin(['grant', 'nobody_here_at_all'], t.app.services.moderation),
    ).rejects.toThrow(/No member/);
    await expect(runAdmin(['grant'], t.app.services.moderation)).rejects.toThrow(/Usage/);
    await expect(
      runAdmin(['grant', m.user.username, '--role', 'king'], t.app.services.moderation),
    ).rejects.toThrow(/Usage/);
  });
});

describe('blocking (ADR 151)', () => {
  it('stops the blocked member from liking, commenting on, following or copying the blocker’s things', async () => {
    const [owner, blocked] = [await registerUser(t.app), await registerUser(t.app)];
    const other = await registerUser(t.app);
    const { review, comment } = await reviewWithComment(owner, other);
    const list = (
      await send('POST', '/api/lists', { name: 'Owner picks', isPublic: true }, owner.token)
    ).json();
    // Owner's own comment on their review, to try liking it.
    const ownComment = await postComment(owner.token, review.id, 'Thanks all');
    expect(
      (await send('POST', `/api/users/${blocked.user.id}/block`, {}, owner.token)).statusCode,
    ).toBeLessThan(300);

    const tries = [
      ['POST', `/api/reviews/${review.id}/like`, {}, peopleMessages.blockedLike],
      ['POST', `/api/comments/${ownComment.id}/like`, {}, peopleMessages.blockedLike],
      ['POST', `/api/reviews/${review.id}/comments`, { content: 'hi' }, null],
      ['POST', `/api/lists/${list.id}/follow`, {}, peopleMessages.blockedList],
      ['POST', `/api/lists/${list.id}/duplicate`, {}, peopleMessages.blockedList],
      ['POST', `/api/social/${owner.user.id}/follow`, {}, null],
    ] as const;
    for (const [method, url, payload, message] of tries) {
      const res = await send(method, url, payload, blocked.token);
      expect(res.statusCode, url).toBe(403);
      if (message) expect(res.json().error).toBe(message);
    }
    // Nothing moved: the review has no likes, the list no followers, the blocked member no lists.
    expect((await get(`/api/reviews/${review.id}`)).json().likesCount).toBe(0);
    expect((await get(`/api/lists/${list.id}`)).json().followersCount).toBe(0);
    // Others are not affected.
    expect(
      (await send('POST', `/api/comments/${ownComment.id}/like`, {}, other.token)).statusCode,
    ).toBe(200);
    void comment;
  });
});

import { describe, expect, it } from 'vitest';
import { peopleMessages } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { buildShowWithEpisodes, registerUser } from '../../../test/factories';
import { caller, markEpisode } from '../../../test/http';

const t = useTestApp();

const call = caller(() => t.app);
const follow = (token: string, id: number) =>
  call(token, { method: 'POST', url: `/api/social/${id}/follow` });
const setPrivate = (id: number) =>
  t.db.kysely.updateTable('users').set({ is_public: 0 }).where('id', '=', id).execute();

describe('follows', () => {
  it('follows, idempotently, and counts exactly; never oneself; unknown members 404', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const first = await follow(a.token, b.user.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      followersCount: 1,
      followingCount: 0,
      isFollowing: true,
      isFollowedByCurrentUser: true,
    });
    expect((await follow(a.token, b.user.id)).json().followersCount).toBe(1);

    const self = await follow(a.token, a.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      error: peopleMessages.cannotFollowSelf,
      code: 'VALIDATION_ERROR',
    });
    expect((await follow(a.token, 987654)).statusCode).toBe(404);
    expect(
      (await call(null, { method: 'POST', url: `/api/social/${b.user.id}/follow` })).statusCode,
    ).toBe(401);

    const status = await call(a.token, { url: `/api/social/${b.user.id}/follow/status` });
    expect(status.json()).toEqual({ isFollowing: true });
    expect((await call(null, { url: `/api/social/${b.user.id}/follow/status` })).json()).toEqual({
      isFollowing: false,
    });
    const stats = await call(null, { url: `/api/social/${a.user.id}/follow/stats` });
    expect(stats.json()).toMatchObject({
      followersCount: 0,
      followingCount: 1,
      isFollowing: false,
    });

    const followers = (await call(a.token, { url: `/api/social/${b.user.id}/followers` })).json();
    expect(followers).toMatchObject({ total: 1, hasMore: false });
    expect(followers.data[0]).toMatchObject({ id: a.user.id, username: a.user.username });
    const following = (await call(b.token, { url: `/api/social/${a.user.id}/following` })).json();
    expect(following.data[0]).toMatchObject({ id: b.user.id, isFollowing: false });
    expect(following.data[0]).not.toHaveProperty('email');

    const un = await call(a.token, { method: 'DELETE', url: `/api/social/${b.user.id}/follow` });
    expect(un.json()).toMatchObject({ followersCount: 0, isFollowing: false });
    expect(
      (await call(a.token, { method: 'DELETE', url: `/api/social/${b.user.id}/follow` })).json()
        .followersCount,
    ).toBe(0);
  });

  it('counts exactly under 100 concurrent follows, and a repeated follow race is one follow', async () => {
    const star = await registerUser(t.app);
    const fans = await Promise.all(Array.from({ length: 100 }, () => registerUser(t.app)));
    const results = await Promise.all(fans.map((f) => follow(f.token, star.user.id)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const stats = (await call(null, { url: `/api/social/${star.user.id}/follow/stats` })).json();
    expect(stats.followersCount).toBe(100);
    const one = fans[0]!;
    const other = await registerUser(t.app);
    await Promise.all(Array.from({ length: 20 }, () => follow(one.token, other.user.id)));
    expect(
      (await call(null, { url: `/api/social/${other.user.id}/follow/stats` })).json()
        .followersCount,
    ).toBe(1);
    const entries = await t.db.kysely
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', one.user.id)
      .where('target_user_id', '=', other.user.id)
      .execute();
    expect(entries).toHaveLength(1);
    const page = (
      await call(null, {
        url: `/api/social/${star.user.id}/followers`,
        query: { limit: '50', offset: '50' },
      })
    ).json();
    expect(page).toMatchObject({ total: 100, limit: 50, offset: 50, hasMore: false });
    expect(page.data).toHaveLength(50);
    expect(
      (await call(null, { url: `/api/social/${star.user.id}/followers`, query: { limit: '51' } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('blocking', () => {
  it('ends follows both ways; the blocked member cannot follow nor see activity', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await follow(a.token, b.user.id);
    await follow(b.token, a.user.id);
    const blocked = await call(a.token, { method: 'POST', url: `/api/users/${b.user.id}/block` });
    expect(blocked.json()).toEqual({ isBlocked: true });
    const stats = (await call(null, { url: `/api/social/${a.user.id}/follow/stats` })).json();
    expect(stats).toMatchObject({ followersCount: 0, followingCount: 0 });

    const again = await follow(b.token, a.user.id);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'FORBIDDEN', error: peopleMessages.blocked });
    // The blocker cannot follow either while the block stands.
    expect((await follow(a.token, b.user.id)).statusCode).toBe(403);

    const activity = await call(b.token, { url: `/api/users/${a.user.id}/activity` });
    expect(activity.statusCode).toBe(403);
    expect(activity.json().code).toBe('FORBIDDEN');
    // Others still see it.
    expect((await call(null, { url: `/api/users/${a.user.id}/activity` })).statusCode).toBe(200);

    const list = (await call(a.token, { url: '/api/users/me/blocks' })).json();
    expect(list.total).toBe(1);
    expect(list.data[0].user).toMatchObject({ id: b.user.id, username: b.user.username });
    const profile = (await call(a.token, { url: `/api/users/username/${b.user.username}` })).json();
    expect(profile.user.isBlocked).toBe(true);

    expect(
      (await call(a.token, { method: 'POST', url: `/api/users/${a.user.id}/block` })).statusCode,
    ).toBe(400);
    expect(
      (await call(a.token, { method: 'DELETE', url: `/api/users/${b.user.id}/block` })).json(),
    ).toEqual({
      isBlocked: false,
    });
    expect((await follow(b.token, a.user.id)).statusCode).toBe(200);
    expect((await call(b.token, { url: `/api/users/${a.user.id}/activity` })).statusCode).toBe(200);
  });
});

describe('profiles', () => {
  it('answers the profile with counters and isFollowing; 404 for unknown names', async () => {
    const a = await registerUser(t.app, { displayName: 'Ada Viewer' });
    const b = await registerUser(t.app);
    await follow(b.token, a.user.id);
    const { show } = await buildShowWithEpisodes(t.db, 1, 2);
    await call(a.token, {
      method: 'POST',
      url: '/api/user-content-status',
      payload: { showId: show.id },
    });
    const res = await call(b.token, {
      url: `/api/users/username/${a.user.username.toUpperCase()}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: a.user.id,
      displayName: 'Ada Viewer',
      followersCount: 1,
      followingCount: 0,
      showsCount: 1,
      reviewsCount: 0,
      listsCount: 0,
      isFollowing: true,
      detailsHidden: false,
    });
    expect(res.json().user).not.toHaveProperty('email');
    const anon = (await call(null, { url: `/api/users/username/${a.user.username}` })).json().user;
    expect(anon).not.toHaveProperty('isFollowing');
    const missing = await call(null, { url: '/api/users/username/nobody_here_at_all' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('hides a private profile’s details on every path, to anonymous visitors too, not to its owner', async () => {
    const p = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 2);
    await markEpisode(t.app, p.token, episodes[0]!.id);
    await call(p.token, { method: 'POST', url: '/api/favorites', payload: { showId: show.id } });
    await t.db.kysely
      .updateTable('users')
      .set({ bio: 'secret bio' })
      .where('id', '=', p.user.id)
      .execute();
    await follow(other.token, p.user.id);
    await setPrivate(p.user.id);

    const paths = ['watchlist', 'favorites', 'activity', 'stats'].map(
      (x) => `/api/users/${p.user.id}/${x}`,
    );
    paths.push(`/api/stats/users/${p.user.id}`);
    for (const url of paths) {
      for (const token of [null, other.token]) {
        const res = await call(token, { url });
        expect(res.statusCode, url).toBe(403);
        expect(res.json(), url).toMatchObject({
          code: 'FORBIDDEN',
          error: peopleMessages.privateProfile,
        });
      }
      expect((await call(p.token, { url })).statusCode, url).toBe(200);
    }
    // Name, avatar and counters stay public; the bio and details do not.
    const profile = (
      await call(other.token, { url: `/api/users/username/${p.user.username}` })
    ).json().user;
    expect(profile).toMatchObject({
      isPublic: false,
      detailsHidden: true,
      bio: null,
      followersCount: 1,
      showsCount: 1,
    });
    const own = (await call(p.token, { url: `/api/users/username/${p.user.username}` })).json()
      .user;
    expect(own).toMatchObject({ detailsHidden: false, bio: 'secret bio' });
    // Feeds: neither the follower's feed nor the community feed shows it.
    const feed = (await call(other.token, { url: '/api/activity/feed' })).json();
    expect(feed.data.filter((e: { user: { id: number } }) => e.user.id === p.user.id)).toEqual([]);
    const community = (
      await call(null, { url: '/api/activity/feed', query: { limit: '50' } })
    ).json();
    expect(community.data.filter((e: { user: { id: number } }) => e.user.id === p.user.id)).toEqual(
      [],
    );
    // Search lists the name, never the bio.
    const found = (
      await call(null, { url: '/api/users/search', query: { q: p.user.username } })
    ).json();
    expect(found.data[0]).toMatchObject({ id: p.user.id, bio: null });
    // Compare refuses.
    const cmp = await call(other.token, {
      method: 'POST',
      url: '/api/stats/compare-users',
      payload: { usernames: [other.user.username, p.user.username] },
    });
    expect(cmp.statusCode).toBe(403);
    const unknown = await call(null, { url: '/api/users/987654/watchlist' });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists members, searches with typos, and answers articles with an empty page', async () => {
    const j = await registerUser(t.app, {
      username: `jonathan_${Date.now().toString(36)}`,
      displayName: 'Marguerite Okafor',
    });
    const typo = (await call(null, { url: '/api/users/search', query: { q: 'jonahtan' } })).json();
    expect(typo.data.map((u: { id: number }) => u.id)).toContain(j.user.id);
    const byName = (
      await call(null, { url: '/api/users/search', query: { q: 'margueritte' } })
    ).json();
    expect(byName.data[0]).toMatchObject({ id: j.user.id });
    expect(byName.data[0].relevanceScore).toBeGreaterThan(0);
    const exact = (
      await call(null, { url: '/api/users/search', query: { q: j.user.username } })
    ).json();
    expect(exact.data[0].id).toBe(j.user.id);
    expect(
      (await call(null, { url: '/api/users/search', query: { q: 'zzqqxxyy' } })).json().total,
    ).toBe(0);
    const all = (await call(null, { url: '/api/users', query: { limit: '5' } })).json();
    expect(all.data).toHaveLength(5);
    expect(all.total).toBeGreaterThan(5);
    expect((await call(null, { url: `/api/users/${j.user.id}/articles` })).json()).toMatchObject({
      data: [],
      total: 0,
    });
  });
});

describe('activity', () => {
  it('records a season as one entry, joins quick single marks, and records completion', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 2, 5);
    const season1 = await call(u.token, {
      method: 'POST',
      url: `/api/episodes/show/${show.id}/progress`,
      payload: { season: 1 },
    });
    expect(season1.statusCode).toBe(200);
    let entries = (await call(null, { url: `/api/users/${u.user.id}/activity` })).json();
    expect(entries.total).toBe(1);
    expect(entries.data[0]).toMatchObject({
      action: 'watched',
      episodeCount: 5,
      episode: null,
      show: { id: show.id, title: show.title },
      user: { id: u.user.id },
    });
    // Single marks right after: the same entry grows.
    for (const ep of episodes.slice(5, 7)) await markEpisode(t.app, u.token, ep.id);
    entries = (await call(null, { url: `/api/users/${u.user.id}/activity` })).json();
    expect(entries.total).toBe(1);
    expect(entries.data[0].episodeCount).toBe(7);
    // The rest finishes the show: a completed entry.
    await call(u.token, {
      method: 'POST',
      url: `/api/episodes/show/${show.id}/progress`,
      payload: { season: 2 },
    });
    entries = (await call(null, { url: `/api/users/${u.user.id}/activity` })).json();
    expect(entries.data.map((e: { action: string }) => e.action).sort()).toEqual([
      'completed',
      'watched',
    ]);
    expect(entries.data.find((e: { action: string }) => e.action === 'watched').episodeCount).toBe(
      10,
    );
  });

  it('one episode on its own names the episode; adds and ratings are recorded', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    const add = await call(u.token, {
      method: 'POST',
      url: '/api/user-content-status',
      payload: { showId: show.id },
    });
    await call(u.token, {
      method: 'PUT',
      url: `/api/user-content-status/${add.json().id}`,
      payload: { score: 8 },
    });
    await call(u.token, {
      method: 'PUT',
      url: `/api/user-content-status/${add.json().id}`,
      payload: { score: 8 },
    });
    await markEpisode(t.app, u.token, episodes[1]!.id);
    const data = (await call(null, { url: `/api/users/${u.user.id}/activity` })).json().data;
    expect(data.map((e: { action: string }) => e.action)).toEqual(['watched', 'rated', 'added']);
    expect(data[0]).toMatchObject({
      episodeCount: 1,
      episode: { id: episodes[1]!.id, seasonNumber: 1, episodeNumber: 2 },
    });
    expect(data[1]).toMatchObject({ rating: 8 });
  });

  it('never records private reviews or lists; drops entries that go private or away; imports keep their date', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 2);
    const { events } = t.app.services;
    const at = new Date().toISOString();
    const review = { userId: u.user.id, showId: show.id, rating: 7.5, at, title: 'Great show' };
    await events.emit('review.created', { ...review, reviewId: 9001, isPublic: false });
    await events.emit('list.created', {
      listId: 9101,
      userId: u.user.id,
      name: 'Secret',
      isPublic: false,
      at,
    });
    const list = async () =>
      (await call(null, { url: `/api/users/${u.user.id}/activity` })).json().data;
    expect(await list()).toEqual([]);

    await events.emit('review.created', { ...review, reviewId: 9002, isPublic: true });
    await events.emit('list.created', {
      listId: 9102,
      userId: u.user.id,
      name: 'Best of 2024',
      isPublic: true,
      at,
    });
    await events.emit('review.created', {
      ...review,
      reviewId: 9003,
      isPublic: true,
      imported: true,
      at: '2019-05-01T10:00:00.000Z',
    });
    const data = await list();
    expect(data.map((e: { action: string }) => e.action)).toEqual([
      'list_created',
      'reviewed',
      'reviewed',
    ]);
    expect(data[0].list).toEqual({ id: 9102, name: 'Best of 2024' });
    expect(data[1]).toMatchObject({ reviewId: 9002, rating: 7.5, content: 'Great show' });
    expect(data[2]).toMatchObject({ reviewId: 9003, createdAt: '2019-05-01T10:00:00.000Z' });

    // An imported viewing without its date is not announced as now; with its date, it is
    // recorded then.
    await events.emit('episode.watched', {
      userId: u.user.id,
      showId: show.id,
      episodeIds: [episodes[0]!.id],
      watched: true,
      imported: true,
    });
    expect((await list()).map((e: { action: string }) => e.action)).not.toContain('watched');
    await events.emit('episode.watched', {
      userId: u.user.id,
      showId: show.id,
      episodeIds: [episodes[1]!.id],
      watched: true,
      imported: true,
      at: '2018-02-02T20:00:00.000Z',
    });
    const dated = (await list()).find((e: { action: string }) => e.action === 'watched');
    expect(dated).toMatchObject({ createdAt: '2018-02-02T20:00:00.000Z', episodeCount: 1 });
    await t.db.kysely
      .deleteFrom('activities')
      .where('action', '=', 'watched')
      .where('user_id', '=', u.user.id)
      .execute();
    await events.emit('review.updated', { ...review, reviewId: 9002, isPublic: false });
    await events.emit('list.updated', {
      listId: 9102,
      userId: u.user.id,
      name: 'x',
      isPublic: false,
      at,
    });
    await events.emit('review.deleted', { reviewId: 9003, userId: u.user.id, showId: show.id });
    expect(await list()).toEqual([]);
  });

  it('feeds the people one follows, newest first, paged; anonymous visitors get the community', async () => {
    const viewer = await registerUser(t.app);
    const x = await registerUser(t.app);
    const y = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    await follow(viewer.token, x.user.id);
    await follow(viewer.token, y.user.id);
    const shows = await Promise.all([1, 2, 3].map(() => buildShowWithEpisodes(t.db, 1, 2)));
    const mark = (token: string, i: number) => markEpisode(t.app, token, shows[i]!.episodes[0]!.id);
    await mark(x.token, 0);
    await mark(stranger.token, 1);
    await mark(y.token, 2);
    const feed = (
      await call(viewer.token, { url: '/api/activity/feed', query: { limit: '1' } })
    ).json();
    expect(feed).toMatchObject({ scope: 'following', limit: 1, offset: 0, hasMore: true });
    expect(feed.data.map((e: { user: { id: number } }) => e.user.id)).toEqual([y.user.id]);
    expect(feed.data[0]).toMatchObject({ action: 'watched', show: { id: shows[2]!.show.id } });
    const next = (
      await call(viewer.token, { url: '/api/activity/feed', query: { limit: '1', offset: '1' } })
    ).json();
    // Only followed members: the stranger's entry never shows.
    expect(next).toMatchObject({ hasMore: false });
    expect(next.data.map((e: { user: { id: number } }) => e.user.id)).toEqual([x.user.id]);
    const anon = (await call(null, { url: '/api/activity/feed', query: { limit: '3' } })).json();
    expect(anon.scope).toBe('community');
    expect(anon.data.map((e: { user: { id: number } }) => e.user.id)).toEqual([
      y.user.id,
      stranger.user.id,
      x.user.id,
    ]);
  });
});

describe('account erasure', () => {
  it('removes follows, blocks and activity, so the counts of others are right', async () => {
    const gone = await registerUser(t.app);
    const stays = await registerUser(t.app);
    await follow(gone.token, stays.user.id);
    await follow(stays.token, gone.user.id);
    await call(gone.token, { method: 'POST', url: `/api/users/${stays.user.id}/block` });
    await follow(gone.token, stays.user.id);
    expect(t.app.services.erasure.names()).toEqual(expect.arrayContaining(['social', 'activity']));
    await t.db.kysely.transaction().execute(async (trx) => {
      await t.app.services.erasure.run(trx, gone.user.id);
      await trx.deleteFrom('users').where('id', '=', gone.user.id).execute();
    });
    const stats = (await call(null, { url: `/api/social/${stays.user.id}/follow/stats` })).json();
    expect(stats).toMatchObject({ followersCount: 0, followingCount: 0 });
    const left = await t.db.kysely
      .selectFrom('activities')
      .select('id')
      .where((eb) =>
        eb.or([eb('user_id', '=', gone.user.id), eb('target_user_id', '=', gone.user.id)]),
      )
      .execute();
    expect(left).toEqual([]);
  });
});

describe('with reviews and lists', () => {
  const review = (token: string, showId: number, isPublic = true) =>
    call(token, {
      method: 'POST',
      url: '/api/reviews',
      payload: {
        showId,
        title: isPublic ? 'A public verdict' : 'A private note',
        content: 'Ten words or more about this show, honestly.',
        rating: 8.5,
        isPublic,
      },
    });
  const list = (token: string, name: string, isPublic = true) =>
    call(token, {
      method: 'POST',
      url: '/api/lists',
      payload: { name, isPublic, isRanked: false },
    });

  it('counts, lists and records only public reviews and lists; a private profile hides them', async () => {
    const a = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { show } = await buildShowWithEpisodes(t.db, 1, 1);
    const { show: show2 } = await buildShowWithEpisodes(t.db, 1, 1);
    expect((await review(a.token, show.id)).statusCode).toBe(201);
    expect((await review(a.token, show2.id, false)).statusCode).toBe(201);
    expect((await list(a.token, 'Public picks')).statusCode).toBe(201);
    expect((await list(a.token, 'Hidden picks', false)).statusCode).toBe(201);

    const profile = (
      await call(other.token, { url: `/api/users/username/${a.user.username}` })
    ).json().user;
    expect(profile).toMatchObject({ reviewsCount: 1, listsCount: 1 });
    const reviews = (await call(other.token, { url: `/api/users/${a.user.id}/reviews` })).json();
    expect(reviews.data.map((r: { title: string }) => r.title)).toEqual(['A public verdict']);
    const own = (await call(a.token, { url: `/api/users/${a.user.id}/reviews` })).json();
    expect(own.total).toBe(2);
    const lists = (await call(null, { url: `/api/users/${a.user.id}/lists` })).json();
    expect(lists.data.map((l: { name: string }) => l.name)).toEqual(['Public picks']);

    const data = (await call(other.token, { url: `/api/users/${a.user.id}/activity` })).json().data;
    expect(data.map((e: { action: string }) => e.action)).toEqual(['list_created', 'reviewed']);
    expect(data[1]).toMatchObject({
      content: 'A public verdict',
      rating: 8.5,
      show: { id: show.id },
    });
    expect(JSON.stringify(data)).not.toContain('private note');
    expect(JSON.stringify(data)).not.toContain('Hidden picks');

    await setPrivate(a.user.id);
    for (const path of ['reviews', 'lists']) {
      const res = await call(other.token, { url: `/api/users/${a.user.id}/${path}` });
      expect(res.statusCode, path).toBe(403);
    }
  });

  it('feeds reviews by followed members; a blocked member cannot comment on the blocker’s reviews', async () => {
    const author = await registerUser(t.app);
    const fan = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const { show } = await buildShowWithEpisodes(t.db, 1, 1);
    await follow(fan.token, author.user.id);
    const written = (await review(author.token, show.id)).json();
    await review(stranger.token, show.id);
    const feed = (await call(fan.token, { url: '/api/reviews/feed' })).json();
    expect(feed.data.map((r: { id: number }) => r.id)).toEqual([written.id]);
    expect((await call(null, { url: '/api/reviews/feed' })).statusCode).toBe(401);

    const comment = (token: string) =>
      call(token, {
        method: 'POST',
        url: `/api/reviews/${written.id}/comments`,
        payload: { content: 'Nice one' },
      });
    expect((await comment(stranger.token)).statusCode).toBe(201);
    await call(author.token, { method: 'POST', url: `/api/users/${stranger.user.id}/block` });
    const refused = await comment(stranger.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      error: peopleMessages.blockedComment,
    });
    // The author still comments on their own review; others still can.
    expect((await comment(author.token)).statusCode).toBe(201);
    expect((await comment(fan.token)).statusCode).toBe(201);
  });
});

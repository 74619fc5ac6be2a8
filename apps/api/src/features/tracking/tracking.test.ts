import { describe, expect, it } from 'vitest';
import { trackingMessages } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { caller, itRefusesSignedOut, trackShow, markEpisode } from '../../../test/http';
import {
  buildEpisode,
  buildShow,
  buildShowWithEpisodes,
  registerUser,
} from '../../../test/factories';
import { memberRows, showRow } from '../../../test/test-db';

const t = useTestApp();

const call = caller(() => t.app);
/** A member's favourite of one show: GET is 200 when favourited, DELETE takes it away. */
const favorite = (token: string, method: 'GET' | 'DELETE', showId: number) =>
  call(token, { method, url: `/api/favorites/${showId}` });
const totalUsers = async (showId: number) => (await showRow(t.db, showId)).total_users;

describe('signed-out visitors', () => {
  itRefusesSignedOut(
    () => t.app,
    [
      ['GET', '/api/user-content-status'],
      ['POST', '/api/user-content-status'],
      ['GET', '/api/user-content-status/1'],
      ['PUT', '/api/user-content-status/1'],
      ['DELETE', '/api/user-content-status/1'],
      ['GET', '/api/user-content-status/show/1'],
      ['POST', '/api/episodes/1/progress'],
      ['GET', '/api/episodes/show/1/progress'],
      ['POST', '/api/episodes/show/1/progress'],
      ['GET', '/api/me/up-next'],
      ['GET', '/api/favorites'],
      ['POST', '/api/favorites'],
      ['GET', '/api/favorites/1'],
      ['DELETE', '/api/favorites/1'],
    ],
  );
});

describe('watchlist', () => {
  it('adds a show once, embeds the show, keeps totalUsers exact', async () => {
    const u = await registerUser(t.app);
    const show = await buildShow(t.db, {
      title: 'The Expanse',
      poster_url: 'https://img.test/p.jpg',
      rating: 8.5,
      synopsis: 'Space.',
    });
    const res = await call(u.token, {
      method: 'POST',
      url: '/api/user-content-status',
      payload: { showId: show.id, status: 'want_to_watch', score: 8 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: u.user.id,
      showId: show.id,
      status: 'want_to_watch',
      score: 8,
      progress: 0,
      startedAt: null,
      completedAt: null,
      show: {
        id: show.id,
        title: 'The Expanse',
        coverImageUrl: 'https://img.test/p.jpg',
        averageRating: 8.5,
        description: 'Space.',
      },
    });
    expect(await totalUsers(show.id)).toBe(1);
    const detail = await t.app.inject({ url: `/api/shows/${show.id}` });
    expect(detail.json().totalUsers).toBe(1);

    const again = await call(u.token, {
      method: 'POST',
      url: '/api/user-content-status',
      payload: { showId: show.id, status: 'watching' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(trackingMessages.alreadyTracked);
    expect(await totalUsers(show.id)).toBe(1);

    const del = await call(u.token, {
      method: 'DELETE',
      url: `/api/user-content-status/${res.json().id}`,
    });
    expect(del.statusCode).toBe(204);
    expect(await totalUsers(show.id)).toBe(0);
    expect((await t.app.inject({ url: `/api/shows/${show.id}` })).json().totalUsers).toBe(0);
  });

  it.each([
    [{ status: 'plan_to_watch' }, 'status', trackingMessages.statusInvalid],
    [{ status: 'watching', score: 11 }, 'score', trackingMessages.scoreInvalid],
    [{ status: 'watching', score: 7.5 }, 'score', trackingMessages.scoreInvalid],
    [{ status: 'watching', score: 0 }, 'score', trackingMessages.scoreInvalid],
    [{ status: 'watching', progress: -1 }, 'progress', trackingMessages.progressInvalid],
  ])('rejects %j with 400 and writes nothing', async (body, field, message) => {
    const u = await registerUser(t.app);
    const show = await buildShow(t.db);
    const res = await call(u.token, {
      method: 'POST',
      url: '/api/user-content-status',
      payload: { showId: show.id, ...body },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[field]).toBe(message);
    expect(
      (await call(u.token, { method: 'GET', url: '/api/user-content-status' })).json().total,
    ).toBe(0);
  });

  it('404 for a show that does not exist', async () => {
    const u = await registerUser(t.app);
    const res = await call(u.token, {
      method: 'POST',
      url: '/api/user-content-status',
      payload: { showId: 987654, status: 'watching' },
    });
    expect(res.statusCode).toBe(404);
  });

  it("nobody else can read, change or remove a user's item (404, as if absent)", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const show = await buildShow(t.db);
    const item = (await trackShow(t.app, owner.token, show.id, { status: 'watching' })).json();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { status: 'dropped' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(other.token, {
        method,
        url: `/api/user-content-status/${item.id}`,
        payload,
      });
      expect(res.statusCode, method).toBe(404);
    }
    expect(
      (await call(other.token, { method: 'GET', url: '/api/user-content-status' })).json().total,
    ).toBe(0);
    expect(
      (await call(other.token, { method: 'GET', url: `/api/user-content-status/show/${show.id}` }))
        .statusCode,
    ).toBe(404);
    const mine = await call(owner.token, {
      method: 'GET',
      url: `/api/user-content-status/${item.id}`,
    });
    expect(mine.json().status).toBe('watching');
  });

  it('updates status, score and dates by the rules', async () => {
    const u = await registerUser(t.app);
    const show = await buildShow(t.db);
    const item = (await trackShow(t.app, u.token, show.id, { status: 'want_to_watch' })).json();
    const put = (payload: object) =>
      call(u.token, { method: 'PUT', url: `/api/user-content-status/${item.id}`, payload });

    const done = (await put({ status: 'completed', score: 9 })).json();
    expect(done).toMatchObject({ status: 'completed', score: 9 });
    expect(done.completedAt).toBeTruthy();
    expect(done.startedAt).toBeTruthy();
    const back = (await put({ status: 'watching', score: null })).json();
    expect(back).toMatchObject({ status: 'watching', score: null, completedAt: null });
    const dated = (await put({ startedAt: '2020-05-01T10:00:00+02:00' })).json();
    expect(dated.startedAt).toBe('2020-05-01T08:00:00.000Z');

    const empty = await put({});
    expect(empty.statusCode).toBe(400);
    const bad = await put({ status: 'finished' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.status).toBe(trackingMessages.statusInvalid);
    expect(
      (await call(u.token, { method: 'GET', url: `/api/user-content-status/${item.id}` })).json()
        .status,
    ).toBe('watching');
  });

  it('re-adding a show without a status resumes it from the watched history', async () => {
    const u = await registerUser(t.app);
    const add = (payload: object) =>
      call(u.token, { method: 'POST', url: '/api/user-content-status', payload });
    const removeItem = async (showId: number) => {
      const item = (
        await call(u.token, { method: 'GET', url: `/api/user-content-status/show/${showId}` })
      ).json();
      const res = await call(u.token, {
        method: 'DELETE',
        url: `/api/user-content-status/${item.id}`,
      });
      expect(res.statusCode).toBe(204);
    };

    // Nothing watched: plan to watch.
    const fresh = await buildShow(t.db);
    const first = await add({ showId: fresh.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'want_to_watch', progress: 0, startedAt: null });

    // Two episodes watched, removed, added again: watching, with the progress back.
    const { show, episodes } = await buildShowWithEpisodes(t.db);
    for (const e of episodes.slice(0, 2)) await markEpisode(t.app, u.token, e.id);
    await removeItem(show.id);
    const again = await add({ showId: show.id });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ status: 'watching', progress: 2, completedAt: null });
    expect(again.json().startedAt).toBeTruthy();

    // An explicit status is what the viewer asked for.
    await removeItem(show.id);
    expect((await add({ showId: show.id, status: 'want_to_watch' })).json()).toMatchObject({
      status: 'want_to_watch',
      progress: 2,
    });

    // Every aired episode of a finished, complete show watched: completed.
    await removeItem(show.id);
    await call(u.token, {
      method: 'POST',
      url: `/api/episodes/show/${show.id}/progress`,
      payload: {},
    });
    await removeItem(show.id);
    const done = (await add({ showId: show.id })).json();
    expect(done).toMatchObject({ status: 'completed', progress: 6 });
    expect(done.completedAt).toBeTruthy();
  });

  it('lists, filters, sorts and pages only the viewer’s items', async () => {
    const u = await registerUser(t.app);
    const titles = ['Charlie', 'alpha', 'Bravo', 'Delta', 'Echo'];
    for (const [i, title] of titles.entries()) {
      const show = await buildShow(t.db, { title });
      await call(u.token, {
        method: 'POST',
        url: '/api/user-content-status',
        payload: { showId: show.id, status: i % 2 ? 'completed' : 'watching', score: i + 1 },
      });
    }
    const list = (q: Record<string, string>) =>
      call(u.token, { method: 'GET', url: '/api/user-content-status', query: q });
    const all = (await list({})).json();
    expect(all).toMatchObject({ total: 5, limit: 50, offset: 0, hasMore: false });
    expect(all.data.map((i: { show: { title: string } }) => i.show.title)).toEqual([
      'Echo',
      'Delta',
      'Bravo',
      'alpha',
      'Charlie',
    ]);
    expect(
      (await list({ sort: 'title' }))
        .json()
        .data.map((i: { show: { title: string } }) => i.show.title),
    ).toEqual(['alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(
      (await list({ sort: 'score' })).json().data.map((i: { score: number }) => i.score),
    ).toEqual([5, 4, 3, 2, 1]);
    const completed = (await list({ status: 'completed' })).json();
    expect(completed.total).toBe(2);
    expect(completed.data.every((i: { status: string }) => i.status === 'completed')).toBe(true);
    const paged = (await list({ limit: '2', offset: '2' })).json();
    expect(paged).toMatchObject({ total: 5, limit: 2, offset: 2, hasMore: true });
    expect((await list({ status: 'nope' })).statusCode).toBe(400);
  });
});

describe('episode progress', () => {
  it('marking an episode of an untracked show starts tracking it; repeats change nothing', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db);
    const mark = () => markEpisode(t.app, u.token, episodes[0]!.id);
    const first = (await mark()).json();
    expect(first).toMatchObject({
      episodeId: episodes[0]!.id,
      watched: true,
      item: { status: 'watching', progress: 1 },
    });
    expect(first.watchedAt).toBeTruthy();
    expect(first.item.startedAt).toBeTruthy();
    const second = (await mark()).json();
    expect(second.item.progress).toBe(1);
    expect(second.watchedAt).toBe(first.watchedAt);
    expect(await totalUsers(show.id)).toBe(1);

    const progress = (
      await call(u.token, { method: 'GET', url: `/api/episodes/show/${show.id}/progress` })
    ).json();
    expect(progress).toMatchObject({
      watchedCount: 1,
      airedCount: 6,
      watchedAiredCount: 1,
      data: [{ episodeId: episodes[0]!.id }],
    });

    const un = (await markEpisode(t.app, u.token, episodes[0]!.id, { watched: false })).json();
    expect(un).toMatchObject({
      watched: false,
      watchedAt: null,
      item: { progress: 0, status: 'watching' },
    });
  });

  it('unmarking on a show that is not tracked changes nothing', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 2);
    const res = await markEpisode(t.app, u.token, episodes[0]!.id, { watched: false });
    expect(res.json()).toMatchObject({ watched: false, item: null });
    expect(await totalUsers(show.id)).toBe(0);
  });

  it('completes a finished show when every aired episode is watched, and unmarking reopens it', async () => {
    const u = await registerUser(t.app);
    const { show, episodes, special } = await buildShowWithEpisodes(t.db, 1, 3);
    let item;
    for (const ep of episodes) item = (await markEpisode(t.app, u.token, ep.id)).json().item;
    expect(item).toMatchObject({ status: 'completed', progress: 3 });
    expect(item.completedAt).toBeTruthy();
    // Specials neither count toward progress nor block completion.
    const withSpecial = (await markEpisode(t.app, u.token, special.id)).json().item;
    expect(withSpecial).toMatchObject({ status: 'completed', progress: 3 });

    const reopened = (await markEpisode(t.app, u.token, episodes[1]!.id, { watched: false })).json()
      .item;
    expect(reopened).toMatchObject({ status: 'watching', progress: 2, completedAt: null });
    expect(show.id).toBe(reopened.showId);
  });

  it('does not complete a show whose episode list is partial or that is still airing', async () => {
    const u = await registerUser(t.app);
    for (const overrides of [{ episodes_complete: 0 }, { status: 'airing' }]) {
      const { episodes } = await buildShowWithEpisodes(t.db, 1, 2, overrides);
      let item;
      for (const ep of episodes) item = (await markEpisode(t.app, u.token, ep.id)).json().item;
      expect(item).toMatchObject({ status: 'watching', progress: 2 });
    }
  });

  it('an episode not yet aired does not stop completion', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 2);
    await buildEpisode(t.db, show.id, {
      season_number: 1,
      episode_number: 3,
      air_date: '2999-01-01',
    });
    let item;
    for (const ep of episodes) item = (await markEpisode(t.app, u.token, ep.id)).json().item;
    expect(item.status).toBe('completed');
  });

  it('marks a season, or everything up to an episode, in one call', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 2, 3);
    const bulk = (payload: object) =>
      call(u.token, { method: 'POST', url: `/api/episodes/show/${show.id}/progress`, payload });

    const season2 = (await bulk({ season: 2 })).json();
    expect(season2).toMatchObject({ changed: 3, item: { progress: 3, status: 'watching' } });
    const watched = (
      await call(u.token, { method: 'GET', url: `/api/episodes/show/${show.id}/progress` })
    ).json();
    expect(watched.data.map((d: { episodeId: number }) => d.episodeId).sort()).toEqual(
      episodes
        .slice(3)
        .map((e) => e.id)
        .sort(),
    );

    const upTo = (await bulk({ upToEpisodeId: episodes[1]!.id })).json();
    expect(upTo.item.progress).toBe(5);
    expect((await bulk({ upToEpisodeId: episodes[1]!.id })).json().item.progress).toBe(5);

    const unwatchAll = (await bulk({ watched: false })).json();
    expect(unwatchAll.item.progress).toBe(0);

    const other = await buildShowWithEpisodes(t.db, 1, 1);
    const wrong = await bulk({ upToEpisodeId: other.episodes[0]!.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toHaveProperty('upToEpisodeId');
    const both = await bulk({ season: 1, upToEpisodeId: episodes[0]!.id });
    expect(both.statusCode).toBe(400);
    expect(both.json().details.season).toBe(trackingMessages.bulkTarget);
    expect((await bulk({ season: 'one' })).statusCode).toBe(400);
    expect(
      (
        await call(u.token, {
          method: 'POST',
          url: '/api/episodes/show/987654/progress',
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(u.token, { method: 'POST', url: '/api/episodes/987654/progress', payload: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('bulk marking skips episodes that have not aired; counts never exceed what aired', async () => {
    const u = await registerUser(t.app);
    const { show, episodes, special } = await buildShowWithEpisodes(t.db, 1, 2, {
      status: 'airing',
    });
    const future = await buildEpisode(t.db, show.id, {
      season_number: 1,
      episode_number: 3,
      air_date: '2999-01-01',
    });
    const res = await call(u.token, {
      method: 'POST',
      url: `/api/episodes/show/${show.id}/progress`,
      payload: { season: 1 },
    });
    expect(res.json()).toMatchObject({ changed: 2, item: { progress: 2 } });
    const upTo = await call(u.token, {
      method: 'POST',
      url: `/api/episodes/show/${show.id}/progress`,
      payload: { upToEpisodeId: future.id },
    });
    expect(upTo.json().item.progress).toBe(2);
    const progress = (
      await call(u.token, { method: 'GET', url: `/api/episodes/show/${show.id}/progress` })
    ).json();
    expect(progress).toMatchObject({ watchedCount: 2, airedCount: 2, watchedAiredCount: 2 });
    // Season 0's special comes before season 1 in viewing order, so "up to here" includes it.
    const expected = [...episodes.map((e) => e.id), special.id].sort((a, b) => a - b);
    expect(
      progress.data
        .map((d: { episodeId: number }) => d.episodeId)
        .sort((a: number, b: number) => a - b),
    ).toEqual(expected);
  });

  it('50 simultaneous toggles of one episode leave one row and progress 1', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => markEpisode(t.app, u.token, episodes[0]!.id)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await memberRows(t.db, 'episode_progress', u.user.id, ['id']);
    expect(rows).toHaveLength(1);
    const items = await memberRows(t.db, 'watchlist_items', u.user.id);
    expect(items).toHaveLength(1);
    expect(items[0]!.progress).toBe(1);
    expect(await totalUsers(show.id)).toBe(1);
  });

  it('simultaneous marks of different episodes all count', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 2, 5, { status: 'airing' });
    await Promise.all(episodes.map((ep) => markEpisode(t.app, u.token, ep.id)));
    const item = (
      await call(u.token, { method: 'GET', url: `/api/user-content-status/show/${show.id}` })
    ).json();
    expect(item.progress).toBe(10);
  });
});

describe('up next', () => {
  it('gives the next aired unwatched episode per watched show, most recently active first', async () => {
    const u = await registerUser(t.app);
    const a = await buildShowWithEpisodes(t.db, 1, 3, { status: 'airing', title: 'Show A' });
    const b = await buildShowWithEpisodes(t.db, 1, 3, { status: 'airing', title: 'Show B' });
    const c = await buildShowWithEpisodes(t.db, 1, 1, { status: 'airing', title: 'Caught up' });
    await buildEpisode(t.db, c.show.id, {
      season_number: 1,
      episode_number: 2,
      air_date: '2999-01-01',
    });
    const mark = (id: number) => markEpisode(t.app, u.token, id);
    await mark(a.episodes[0]!.id);
    await mark(c.episodes[0]!.id);
    await new Promise((r) => setTimeout(r, 5));
    await mark(b.episodes[0]!.id);
    await mark(b.episodes[1]!.id);

    const res = await call(u.token, { method: 'GET', url: '/api/me/up-next' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.data.map((d: { item: { show: { title: string } } }) => d.item.show.title)).toEqual([
      'Show B',
      'Show A',
    ]);
    expect(body.data[0].episode).toMatchObject({
      id: b.episodes[2]!.id,
      seasonNumber: 1,
      episodeNumber: 3,
    });
    expect(body.data[1].episode.id).toBe(a.episodes[1]!.id);

    const other = await registerUser(t.app);
    expect((await call(other.token, { method: 'GET', url: '/api/me/up-next' })).json().total).toBe(
      0,
    );
  });
});

describe('favorites', () => {
  it('add, check, list and remove; 404 means not a favourite', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const show = await buildShow(t.db, { title: 'Favourite One' });
    const statsBefore = (await t.app.inject({ url: '/api/stats/global' })).json().totalFavorites;

    expect((await favorite(u.token, 'GET', show.id)).statusCode).toBe(404);
    const add = await call(u.token, {
      method: 'POST',
      url: '/api/favorites',
      payload: { showId: show.id },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ showId: show.id, show: { title: 'Favourite One' } });
    expect(
      (await call(u.token, { method: 'POST', url: '/api/favorites', payload: { showId: show.id } }))
        .statusCode,
    ).toBe(409);
    expect((await favorite(u.token, 'GET', show.id)).statusCode).toBe(200);
    expect((await favorite(other.token, 'GET', show.id)).statusCode).toBe(404);
    expect((await call(u.token, { method: 'GET', url: '/api/favorites' })).json()).toMatchObject({
      total: 1,
      data: [{ showId: show.id }],
    });
    expect((await t.app.inject({ url: '/api/stats/global' })).json().totalFavorites).toBe(
      statsBefore + 1,
    );

    expect((await favorite(other.token, 'DELETE', show.id)).statusCode).toBe(404);
    expect((await favorite(u.token, 'DELETE', show.id)).statusCode).toBe(204);
    expect((await favorite(u.token, 'GET', show.id)).statusCode).toBe(404);
    expect(
      (await call(u.token, { method: 'POST', url: '/api/favorites', payload: { showId: 987654 } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(u.token, { method: 'POST', url: '/api/favorites', payload: { showId: 'x' } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('trending', () => {
  it('ranks by the last week of tracking and watching once there is any', async () => {
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 2, {
      title: 'Suddenly Popular',
    });
    // Five new trackers who each watched both episodes: more activity than any show above.
    for (let i = 0; i < 5; i++) {
      const u = await registerUser(t.app);
      await call(u.token, {
        method: 'POST',
        url: `/api/episodes/show/${show.id}/progress`,
        payload: {},
      });
    }
    t.app.responseCache.clear();
    const body = (await t.app.inject({ url: '/api/shows/trending', query: { limit: '5' } })).json();
    expect(body.basis).toBe('activity');
    expect(body.data).toHaveLength(5);
    expect(body.data[0].id).toBe(show.id);
    expect(episodes).toHaveLength(2);
  });
});

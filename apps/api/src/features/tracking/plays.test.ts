import { beforeAll, describe, expect, it } from 'vitest';
import { playsMessages } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { buildShowWithEpisodes, registerUser } from '../../../test/factories';
import type { Services } from '../../platform/services';
import { memberRows } from '../../../test/test-db';

const t = useTestApp();
let services: Services;
beforeAll(async () => {
  services = (t.app as unknown as { services: Services }).services;
});

const call = caller(() => t.app);
const mark = (token: string, episodeId: number, watched = true) =>
  call(token, { method: 'POST', url: `/api/episodes/${episodeId}/progress`, payload: { watched } });
const again = (token: string, episodeId: number, payload: object = {}) =>
  call(token, { method: 'POST', url: `/api/episodes/${episodeId}/plays`, payload });
const plays = async (token: string, episodeId: number) =>
  (await call(token, { url: `/api/episodes/${episodeId}/plays` })).json();
const item = async (token: string, showId: number) =>
  (await call(token, { url: `/api/user-content-status/show/${showId}` })).json();
const playRows = (userId: number) =>
  t.db.kysely.selectFrom('episode_plays').selectAll().where('user_id', '=', userId).execute();

describe('plays', () => {
  it('marking creates progress and one play; re-marking adds none', async () => {
    const u = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    expect((await mark(u.token, episodes[0]!.id)).statusCode).toBe(200);
    expect((await mark(u.token, episodes[0]!.id)).statusCode).toBe(200);
    const p = await plays(u.token, episodes[0]!.id);
    expect(p).toMatchObject({ watched: true, run: 1, playCount: 1 });
    expect(p.data[0]).toMatchObject({ source: 'web', run: 1, rewatch: false });
  });

  it('10 concurrent "watch again" presses give exactly 10 more plays and progress stays 1', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    await mark(u.token, episodes[0]!.id);
    const res = await Promise.all(
      Array.from({ length: 10 }, () => again(u.token, episodes[0]!.id)),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const p = await plays(u.token, episodes[0]!.id);
    expect(p.playCount).toBe(11);
    expect(p.data.filter((x: { rewatch: boolean }) => !x.rewatch)).toHaveLength(1);
    expect((await item(u.token, show.id)).progress).toBe(1);
    const progress = await memberRows(t.db, 'episode_progress', u.user.id);
    expect(progress).toHaveLength(1);
  });

  it('watching again shows as "rewatched" in the activity, once per burst, never as a new watch', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    await mark(u.token, episodes[0]!.id);
    await mark(u.token, episodes[1]!.id);
    expect((await again(u.token, episodes[0]!.id)).statusCode).toBe(201);
    expect((await again(u.token, episodes[1]!.id)).statusCode).toBe(201);
    const feed = (await call(u.token, { url: `/api/users/${u.user.id}/activity` })).json();
    const entries = (feed.data as { action: string; episodeCount: number; show: { id: number } }[])
      .filter((e) => e.show?.id === show.id)
      .map((e) => [e.action, e.episodeCount]);
    expect(entries).toEqual([
      ['rewatched', 2],
      ['watched', 2],
    ]);
  });

  it('watch again on an unwatched episode marks it, with the given date', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    const res = await again(u.token, episodes[1]!.id, { watchedAt: '2021-03-04' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ watched: true, playCount: 1 });
    expect(res.json().data[0].watchedAt).toBe('2021-03-04T12:00:00.000Z');
    expect(res.json().item).toMatchObject({ status: 'watching', progress: 1 });
    expect((await item(u.token, show.id)).lastWatchedAt).toBe('2021-03-04T12:00:00.000Z');
  });

  it('rejects future and unreadable dates with a clear 400 and changes nothing', async () => {
    const u = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 2);
    await mark(u.token, episodes[0]!.id);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    for (const [watchedAt, message] of [
      [future, playsMessages.watchedAtFuture],
      ['yesterday', playsMessages.watchedAtInvalid],
      ['2021-02-30', playsMessages.watchedAtInvalid],
      ['1850-01-01', playsMessages.watchedAtTooOld],
      [42, playsMessages.watchedAtInvalid],
    ] as const) {
      const res = await again(u.token, episodes[0]!.id, { watchedAt });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const play = (await plays(u.token, episodes[0]!.id)).data[0];
    const patch = await call(u.token, {
      method: 'PATCH',
      url: `/api/plays/${play.id}`,
      payload: { watchedAt: future },
    });
    expect(patch.statusCode).toBe(400);
    expect((await plays(u.token, episodes[0]!.id)).playCount).toBe(1);
  });

  it('edits a play date; deleting the last play of the run unwatches the episode', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    await mark(u.token, episodes[0]!.id);
    await again(u.token, episodes[0]!.id, { watchedAt: '2022-01-01T10:00:00Z' });
    let p = await plays(u.token, episodes[0]!.id);
    const [newest, oldest] = p.data;
    expect(oldest.watchedAt).toBe('2022-01-01T10:00:00.000Z');
    const edited = await call(u.token, {
      method: 'PATCH',
      url: `/api/plays/${oldest.id}`,
      payload: { watchedAt: '2020-05-06T07:08:09+02:00' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data[1].watchedAt).toBe('2020-05-06T05:08:09.000Z');

    const del1 = await call(u.token, { method: 'DELETE', url: `/api/plays/${newest.id}` });
    expect(del1.json()).toMatchObject({ watched: true, playCount: 1, item: { progress: 1 } });
    // Progress is dated by the remaining play now.
    expect((await item(u.token, show.id)).lastWatchedAt).toBe('2020-05-06T05:08:09.000Z');
    const del2 = await call(u.token, { method: 'DELETE', url: `/api/plays/${oldest.id}` });
    expect(del2.json()).toMatchObject({ watched: false, playCount: 0, item: { progress: 0 } });
    p = await plays(u.token, episodes[0]!.id);
    expect(p.watched).toBe(false);
  });

  it("another member's play is a 404; signed out is 401", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 1);
    await mark(a.token, episodes[0]!.id);
    const play = (await plays(a.token, episodes[0]!.id)).data[0];
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await call(b.token, {
        method,
        url: `/api/plays/${play.id}`,
        ...(method === 'PATCH' ? { payload: { watchedAt: '2020-01-01' } } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(playsMessages.playNotFound);
    }
    expect((await call(null, { url: `/api/episodes/${episodes[0]!.id}/plays` })).statusCode).toBe(
      401,
    );
    expect((await call(b.token, { url: '/api/episodes/99999999/plays' })).statusCode).toBe(404);
    expect((await plays(a.token, episodes[0]!.id)).playCount).toBe(1);
  });
});

describe('rewatching a show', () => {
  it('starts a new run: watching, progress 0, earlier plays kept; unmarking in run 2 keeps run 1', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 2);
    await call(u.token, {
      method: 'POST',
      url: `/api/episodes/show/${show.id}/progress`,
      payload: { watched: true, includeSpecials: false },
    });
    const done = await item(u.token, show.id);
    expect(done).toMatchObject({ status: 'completed', progress: 2, run: 1 });

    const res = await call(u.token, {
      method: 'POST',
      url: `/api/user-content-status/${done.id}/rewatch`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'watching',
      progress: 0,
      run: 2,
      completedAt: null,
    });
    const progress = (
      await call(u.token, { url: `/api/episodes/show/${show.id}/progress` })
    ).json();
    expect(progress).toMatchObject({ watchedCount: 0, nextEpisodeId: episodes[0]!.id });

    await mark(u.token, episodes[0]!.id);
    let p = await plays(u.token, episodes[0]!.id);
    expect(p).toMatchObject({ run: 2, watched: true, playCount: 2 });
    expect(p.data.map((x: { run: number; rewatch: boolean }) => [x.run, x.rewatch])).toEqual([
      [2, true],
      [1, false],
    ]);
    await mark(u.token, episodes[0]!.id, false);
    p = await plays(u.token, episodes[0]!.id);
    expect(p).toMatchObject({ run: 2, watched: false, playCount: 1 });
    expect(p.data[0].run).toBe(1);

    // Finishing run 2 completes the show again.
    await mark(u.token, episodes[0]!.id);
    await mark(u.token, episodes[1]!.id);
    expect(await item(u.token, show.id)).toMatchObject({
      status: 'completed',
      progress: 2,
      run: 2,
    });
    expect((await playRows(u.user.id)).length).toBe(4);
  });

  it('a rewatch with nothing watched is a 409; someone else’s item a 404', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const { show } = await buildShowWithEpisodes(t.db, 1, 2);
    const added = (
      await call(a.token, {
        method: 'POST',
        url: '/api/user-content-status',
        payload: { showId: show.id },
      })
    ).json();
    const res = await call(a.token, {
      method: 'POST',
      url: `/api/user-content-status/${added.id}/rewatch`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(playsMessages.nothingToRewatch);
    const other = await call(b.token, {
      method: 'POST',
      url: `/api/user-content-status/${added.id}/rewatch`,
    });
    expect(other.statusCode).toBe(404);
  });

  it('a show removed and added again carries on in its latest run', async () => {
    const u = await registerUser(t.app);
    const { show, episodes } = await buildShowWithEpisodes(t.db, 1, 2);
    await mark(u.token, episodes[0]!.id);
    const first = await item(u.token, show.id);
    await call(u.token, { method: 'POST', url: `/api/user-content-status/${first.id}/rewatch` });
    await mark(u.token, episodes[1]!.id);
    await call(u.token, { method: 'DELETE', url: `/api/user-content-status/${first.id}` });
    const readded = (
      await call(u.token, {
        method: 'POST',
        url: '/api/user-content-status',
        payload: { showId: show.id },
      })
    ).json();
    expect(readded).toMatchObject({ run: 2, progress: 1, status: 'watching' });
  });
});

describe('the diary', () => {
  it('pages newest first with total and hasMore', async () => {
    const u = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    const dates = ['2020-01-01T10:00:00Z', '2022-01-01T10:00:00Z', '2021-01-01T10:00:00Z'];
    for (const [i, d] of dates.entries()) await again(u.token, episodes[i]!.id, { watchedAt: d });
    await again(u.token, episodes[0]!.id, { watchedAt: '2023-06-01T10:00:00Z' });
    const first = (
      await call(u.token, { url: '/api/users/me/history', query: { limit: '3' } })
    ).json();
    expect(first).toMatchObject({ total: 4, limit: 3, offset: 0, hasMore: true });
    expect(first.data.map((e: { watchedAt: string }) => e.watchedAt.slice(0, 4))).toEqual([
      '2023',
      '2022',
      '2021',
    ]);
    expect(first.data[0]).toMatchObject({
      rewatch: true,
      episode: { id: episodes[0]!.id, seasonNumber: 1, episodeNumber: 1 },
    });
    const second = (
      await call(u.token, { url: '/api/users/me/history', query: { limit: '3', offset: '3' } })
    ).json();
    expect(second).toMatchObject({ total: 4, hasMore: false });
    expect(second.data.map((e: { watchedAt: string }) => e.watchedAt.slice(0, 4))).toEqual([
      '2020',
    ]);
    expect(
      (await call(u.token, { url: '/api/users/me/history', query: { limit: '0' } })).statusCode,
    ).toBe(400);
  });

  it("follows the profile's privacy: owner, other member, anonymous, private", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 1);
    await mark(owner.token, episodes[0]!.id);
    const url = `/api/users/${owner.user.id}/history`;
    for (const token of [owner.token, other.token, null]) {
      const res = await call(token, { url });
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(1);
    }
    await t.db.kysely
      .updateTable('users')
      .set({ is_public: 0 })
      .where('id', '=', owner.user.id)
      .execute();
    // Written behind the API's back: no user.changed event drops the held diaries (issue 32).
    t.app.responseCache.clear();
    expect((await call(owner.token, { url })).statusCode).toBe(200);
    for (const token of [other.token, null]) {
      const res = await call(token, { url });
      expect(res.statusCode).toBe(403);
      expect(JSON.stringify(res.json())).not.toContain(episodes[0]!.title!);
    }
    expect((await call(null, { url: '/api/users/99999999/history' })).statusCode).toBe(404);
    expect((await call(null, { url: '/api/users/me/history' })).statusCode).toBe(401);
  });
});

describe('applyHistory (the write rule imports use)', () => {
  it('is idempotent, counts, keeps progress exact and records earlier runs as history only', async () => {
    const u = await registerUser(t.app);
    const { show, episodes, special } = await buildShowWithEpisodes(t.db, 1, 3);
    const other = await buildShowWithEpisodes(t.db, 1, 1);
    const input = {
      userId: u.user.id,
      showId: show.id,
      imported: true,
      plays: [
        { episodeId: episodes[0]!.id, watchedAt: '2019-01-01T20:00:00Z', source: 'import:trakt' },
        {
          episodeId: episodes[0]!.id,
          watchedAt: '2019-01-01T20:00:00.000Z',
          source: 'import:trakt',
        },
        { episodeId: episodes[0]!.id, watchedAt: '2020-01-01T20:00:00Z', source: 'import:trakt' },
        { episodeId: episodes[1]!.id, watchedAt: '2019-01-02', source: 'import:trakt' },
        { episodeId: other.episodes[0]!.id, watchedAt: '2019-01-02', source: 'import:trakt' },
        { episodeId: special.id, watchedAt: 'soon', source: 'import:trakt' },
        { episodeId: episodes[2]!.id, watchedAt: '2019-01-03', source: 'import:trakt', run: 2 },
      ],
    };
    const first = await services.plays.recordHistory(input);
    expect(first).toMatchObject({ added: 3, duplicates: 1, rejected: 3, itemCreated: true });
    expect(first.newlyWatched.sort()).toEqual([episodes[0]!.id, episodes[1]!.id].sort());
    const again2 = await services.plays.recordHistory(input);
    expect(again2).toMatchObject({ added: 0, duplicates: 4, rejected: 3, newlyWatched: [] });
    expect(await item(u.token, show.id)).toMatchObject({
      status: 'watching',
      progress: 2,
      lastWatchedAt: '2020-01-01T20:00:00.000Z',
    });
    expect((await playRows(u.user.id)).length).toBe(3);

    // After a rewatch, plays of run 1 are history only; the current run's make progress.
    const it1 = await item(u.token, show.id);
    await call(u.token, { method: 'POST', url: `/api/user-content-status/${it1.id}/rewatch` });
    const later = await services.plays.recordHistory({
      userId: u.user.id,
      showId: show.id,
      plays: [
        { episodeId: episodes[2]!.id, watchedAt: '2019-01-03', source: 'import:trakt', run: 1 },
        { episodeId: episodes[2]!.id, watchedAt: '2024-01-03', source: 'import:trakt' },
      ],
    });
    expect(later).toMatchObject({ added: 2, newlyWatched: [episodes[2]!.id] });
    expect(await item(u.token, show.id)).toMatchObject({ run: 2, progress: 1 });
  });
});

describe('statistics count plays honestly', () => {
  it('episodes watched are distinct, plays and rewatches counted apart', async () => {
    const u = await registerUser(t.app);
    const { episodes } = await buildShowWithEpisodes(t.db, 1, 3);
    await again(u.token, episodes[0]!.id, { watchedAt: '2021-01-01T10:00:00Z' });
    await again(u.token, episodes[0]!.id, { watchedAt: '2022-01-01T10:00:00Z' });
    await again(u.token, episodes[0]!.id, { watchedAt: '2022-02-01T10:00:00Z' });
    await again(u.token, episodes[1]!.id, { watchedAt: '2022-03-01T10:00:00Z' });
    const all = (await call(u.token, { url: '/api/stats/me' })).json();
    expect(all).toMatchObject({ episodesWatched: 2, plays: 4, rewatches: 2 });
    const y2022 = (await call(u.token, { url: '/api/stats/me', query: { year: '2022' } })).json();
    expect(y2022).toMatchObject({ episodesWatched: 2, plays: 3, rewatches: 2 });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { buildBreakingBad, failure, listenForTrakt, traktMember } from '../../../test/trakt-client';
import { expectTraktShape } from '../../../test/trakt-shapes';
import type { EpisodeRow, ShowRow } from '../../db/types';
import { refreshDerivedShowData } from '../search/search-index';
import { SCROBBLE_WINDOW_MS } from '../tracking/scrobble-play';

/*
 * Trakt's scrobble, checkin and playback calls (ADR 172), driven by the real npm client
 * `trakt.tv` over HTTP against the app listening on 127.0.0.1.
 */

const t = useTestApp();
let base: string;
let show: ShowRow;
let episodes: EpisodeRow[];
beforeAll(async () => {
  base = await listenForTrakt(t.app);
  const built = await buildBreakingBad(t.db);
  show = built.show;
  episodes = built.episodes;
  // The search index, as a catalogue sync leaves it (title matching goes through search).
  await refreshDerivedShowData(t.db.kysely, [show.id]);
});

const call = caller(() => t.app);

const ep = (season: number, number: number) =>
  episodes.find((e) => e.season_number === season && e.episode_number === number)!;
const member = () => traktMember(t.app, base);

async function diary(token: string) {
  const res = await call(token, { url: '/api/users/me/history' });
  expect(res.statusCode).toBe(200);
  return res.json() as HistoryPage;
}

/** A raw request the npm client cannot make (it drops `show` from scrobble bodies). */
const post = (path: string, token: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'trakt-api-version': '2',
      'trakt-api-key': 'test-client-id',
    },
    body: JSON.stringify(body),
  });

describe('scrobble', () => {
  it('start, pause, stop below 80 %: a resumable playback position, no play', async () => {
    const m = await member();
    const item = { episode: { ids: { trakt: ep(1, 2).id } } };

    const started = await m.trakt.scrobble.start({ ...item, progress: 1.25 });
    expect(started).toMatchObject({ id: 0, action: 'start', progress: 1.25 });
    expect(started.episode).toEqual({
      season: 1,
      number: 2,
      title: ep(1, 2).title,
      ids: { trakt: ep(1, 2).id, tvdb: null, imdb: null, tmdb: null, tvrage: null },
    });
    expect(started.show.ids).toMatchObject({ trakt: show.id, tvdb: 81189, imdb: 'tt0903747' });
    expect(started.sharing).toEqual({ twitter: false, mastodon: false, tumblr: false });
    expectTraktShape('scrobble-start.json', started);

    const paused = await m.trakt.scrobble.pause({ ...item, progress: 40 });
    expect(paused).toMatchObject({ action: 'pause', progress: 40 });
    expect(paused.id).toBeGreaterThan(0);

    const stopped = await m.trakt.scrobble.stop({ ...item, progress: 65.53 });
    // Trakt: a stop below 80 % is a pause, and the position is kept.
    expect(stopped).toMatchObject({ action: 'pause', progress: 65.53, id: paused.id });

    const playback = await m.trakt.sync.playback.get();
    expect(playback).toHaveLength(1);
    expect(playback[0]).toMatchObject({
      id: paused.id,
      progress: 65.53,
      type: 'episode',
      episode: { season: 1, number: 2 },
      show: { title: 'Breaking Bad' },
    });
    expect(Date.parse(playback[0].paused_at)).not.toBeNaN();
    expectTraktShape('sync-playback.json', playback);
    expect(await m.trakt.sync.playback.get({ type: 'episodes' })).toHaveLength(1);
    expect(await m.trakt.sync.playback.get({ type: 'movies' })).toEqual([]);
    expect((await diary(m.token)).data).toEqual([]);

    // Playing again drops the saved position, as on Trakt.
    await m.trakt.scrobble.start({ ...item, progress: 65.53 });
    expect(await m.trakt.sync.playback.get()).toEqual([]);
  });

  it('stop at 80 % or more records one play (diary and progress), clears the position; a duplicate stop is a 409', async () => {
    const m = await member();
    const item = { episode: { ids: { trakt: ep(1, 1).id } } };
    await m.trakt.scrobble.pause({ ...item, progress: 30 });

    const done = await m.trakt.scrobble.stop({ ...item, progress: 92.4, app_version: '1.0' });
    expect(done).toMatchObject({ action: 'scrobble', progress: 92.4 });
    expectTraktShape('scrobble-stop.json', done);

    const history = await diary(m.token);
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({
      id: done.id,
      episodeId: ep(1, 1).id,
      showId: show.id,
      source: 'trakt',
    });
    const progress = await call(m.token, { url: `/api/episodes/show/${show.id}/progress` });
    expect(progress.json().data.map((d: { episodeId: number }) => d.episodeId)).toEqual([
      ep(1, 1).id,
    ]);
    expect(await m.trakt.sync.playback.get()).toEqual([]);

    const again = await failure(m.trakt.scrobble.stop({ ...item, progress: 99 }));
    expect(again.status).toBe(409);
    const body = again.body as { watched_at: string; expires_at: string };
    expect(body.watched_at).toBe(history.data[0]!.watchedAt);
    expect(Date.parse(body.expires_at) - Date.parse(body.watched_at)).toBe(SCROBBLE_WINDOW_MS);
    expectTraktShape('scrobble-409.json', body);
    expect((await diary(m.token)).data).toHaveLength(1);
  });

  it('finds the episode by show ids or title and year with season and number', async () => {
    const m = await member();
    const byIds = await post('/scrobble/stop', m.grant.access_token, {
      show: { title: 'Breaking Bad', year: 2008, ids: { trakt: null, tvdb: 81189 } },
      episode: { season: 2, number: 1 },
      progress: 100,
    });
    expect(byIds.status).toBe(201);
    expect(await byIds.json()).toMatchObject({
      action: 'scrobble',
      episode: { season: 2, number: 1, ids: { trakt: ep(2, 1).id } },
    });
    const byTitle = await post('/scrobble/pause', m.grant.access_token, {
      show: { title: 'breaking bad', year: 2008 },
      episode: { season: 2, number: 3 },
      progress: 12,
    });
    expect(byTitle.status).toBe(201);
    expect(await byTitle.json()).toMatchObject({ episode: { ids: { trakt: ep(2, 3).id } } });
    expect(byTitle.headers.get('trakt-api-version')).toBe('2');
  });

  it('refuses what it cannot scrobble: movies and unknown episodes 404, bad progress 4xx, nothing written', async () => {
    const m = await member();
    const movie = { movie: { title: 'Guardians of the Galaxy', year: 2014, ids: { trakt: 28 } } };
    expect((await failure(m.trakt.scrobble.start({ ...movie, progress: 10 }))).status).toBe(404);
    expect(
      (
        await failure(
          m.trakt.scrobble.stop({ episode: { ids: { trakt: 99999999 } }, progress: 90 }),
        )
      ).status,
    ).toBe(404);
    const unknownNumber = await post('/scrobble/stop', m.grant.access_token, {
      show: { ids: { trakt: show.id } },
      episode: { season: 9, number: 9 },
      progress: 90,
    });
    expect(unknownNumber.status).toBe(404);
    const item = { episode: { ids: { trakt: ep(1, 3).id } } };
    expect((await failure(m.trakt.scrobble.stop({ ...item, progress: 0.5 }))).status).toBe(422);
    expect((await failure(m.trakt.scrobble.pause({ ...item, progress: 150 }))).status).toBe(400);
    expect(
      (await post('/scrobble/start', m.grant.access_token, { episode: item.episode })).status,
    ).toBe(400);
    expect((await diary(m.token)).data).toEqual([]);
    expect(await m.trakt.sync.playback.get()).toEqual([]);
  });

  it('a suspended member may not scrobble through a Trakt app (403, nothing written); a revoked token is a 401', async () => {
    const m = await member();
    await t.db.kysely
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString(), suspended_until: null })
      .where('id', '=', m.user.id)
      .execute();
    const item = { episode: { ids: { trakt: ep(1, 4).id } }, progress: 95 };
    const refused = await failure(m.trakt.scrobble.stop(item));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect((await failure(m.trakt.checkin.add({ episode: item.episode }))).status).toBe(403);
    expect((await diary(m.token)).data).toEqual([]);

    const other = await member();
    await t.app.services.traktGrants.revokeToken(other.grant.access_token);
    expect((await failure(other.trakt.scrobble.start(item))).status).toBe(401);
    expect((await failure(other.trakt.sync.playback.get())).status).toBe(401);
  });
});

describe('playback', () => {
  it('removes one’s own playback (204); someone else’s or an unknown id is a 404', async () => {
    const a = await member();
    const b = await member();
    const paused = await a.trakt.scrobble.pause({
      episode: { ids: { trakt: ep(2, 2).id } },
      progress: 33,
    });
    expect((await failure(b.trakt.sync.playback.remove({ id: paused.id }))).status).toBe(404);
    expect(await a.trakt.sync.playback.get()).toHaveLength(1);
    expect((await failure(a.trakt.sync.playback.remove({ id: 987654321 }))).status).toBe(404);
    await a.trakt.sync.playback.remove({ id: paused.id });
    expect(await a.trakt.sync.playback.get()).toEqual([]);
  });

  it('filters by start_at / end_at and limit, most recent first', async () => {
    const m = await member();
    await m.trakt.scrobble.pause({ episode: { ids: { trakt: ep(1, 1).id } }, progress: 10 });
    await m.trakt.scrobble.pause({ episode: { ids: { trakt: ep(1, 2).id } }, progress: 20 });
    const all = await m.trakt.sync.playback.get();
    expect(all.map((p: { progress: number }) => p.progress).sort()).toEqual([10, 20]);
    expect(await m.trakt.sync.playback.get({ limit: 1 })).toHaveLength(1);
    const res = await fetch(`${base}/sync/playback?start_at=2099-01-01T00:00:00.000Z`, {
      headers: { authorization: `Bearer ${m.grant.access_token}` },
    });
    expect(await res.json()).toEqual([]);
    const bad = await fetch(`${base}/sync/playback?end_at=yesterday`, {
      headers: { authorization: `Bearer ${m.grant.access_token}` },
    });
    expect(bad.status).toBe(400);
  });
});

describe('checkin', () => {
  it('records the play, holds the checkin (409 with expires_at), and cancelling takes the play back', async () => {
    const m = await member();
    const checkin = await m.trakt.checkin.add({
      episode: { ids: { trakt: ep(2, 4).id } },
      message: 'Watching!',
    });
    expect(checkin.episode).toMatchObject({ season: 2, number: 4 });
    expect(Date.parse(checkin.watched_at)).not.toBeNaN();
    expectTraktShape('checkin.json', checkin);
    const history = await diary(m.token);
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ episodeId: ep(2, 4).id, source: 'trakt' });

    const second = await failure(m.trakt.checkin.add({ episode: { ids: { trakt: ep(2, 3).id } } }));
    expect(second.status).toBe(409);
    const { expires_at } = second.body as { expires_at: string };
    // The show's runtime (47 minutes) from the checkin.
    expect(Date.parse(expires_at) - Date.parse(checkin.watched_at)).toBe(47 * 60_000);

    await m.trakt.checkin.delete();
    expect((await diary(m.token)).data).toEqual([]);
    await m.trakt.checkin.delete();
    const next = await m.trakt.checkin.add({ episode: { ids: { trakt: ep(2, 3).id } } });
    expect(next.episode).toMatchObject({ season: 2, number: 3 });
  });
});

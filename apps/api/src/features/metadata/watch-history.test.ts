import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, registerUser, buildTvmazeShow } from '../../../test/factories';
import {
  recordedTvmaze,
  startTvmazeStandIn,
  type TvmazeStandIn,
} from '../../../test/tvmaze-stand-in';
import { importCatalog } from '../catalog/catalog.importer';
import type { CatalogFile } from '../catalog/catalog.schema';
import type { TvmazeEpisode } from './tvmaze.mapper';

/*
 * Issue 8 §1: a catalogue refresh never loses watch history. The refreshes are fed recorded
 * TVmaze responses (Game of Thrones) from the local stand-in, some derived in the test (an
 * episode dropped, one renumbered); what users see is read through the API.
 */

const recorded = recordedTvmaze<TvmazeEpisode[]>('shows-82-episodes.json');
const episodeAt = (season: number, number: number) =>
  recorded.find((e) => e.season === season && e.number === number)!;

let t: TestApp;
let standIn: TvmazeStandIn;
beforeAll(async () => {
  standIn = await startTvmazeStandIn();
});
afterAll(() => standIn.close());
// A database per test: catalogue rows that users' data points at cannot be deleted to reset.
beforeEach(async () => {
  standIn.reset();
  t = await buildTestApp({ tvmazeBaseUrl: standIn.baseUrl });
});
afterEach(() => t.close());

/** The app's own TVmaze sync (composition root: re-derivation and cache clearing included). */
const metadata = () => t.app.services.metadata;

const call = (token: string, opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: bearer(token) });
const get = (token: string, url: string) =>
  call(token, { method: 'GET', url }).then((r) => r.json());
const mark = (token: string, episodeId: number) =>
  call(token, { method: 'POST', url: `/api/episodes/${episodeId}/progress`, payload: {} });

/** Our episode row for a TVmaze episode id. */
async function ours(tvmazeEpisodeId: number) {
  return t.db.kysely
    .selectFrom('episodes')
    .selectAll()
    .where('source_id', '=', `tvmaze:${tvmazeEpisodeId}`)
    .executeTakeFirstOrThrow();
}

async function gameOfThrones() {
  const show = await buildTvmazeShow(t.db, 82, {
    title: 'Game of Thrones',
  });
  const first = await metadata().refreshShow(show.id);
  expect(first!.episodes.inserted).toBe(73);
  return show;
}

describe('a refresh that no longer lists an episode someone watched', () => {
  it('keeps the progress row and the watch count; the episode is retired from lists, totals and up next', async () => {
    const show = await gameOfThrones();
    const s1e3 = await ours(episodeAt(1, 3).id);
    const s1e4 = await ours(episodeAt(1, 4).id);

    // Alice watched all of season 1; Bob watched episodes 1 and 2, so S1E3 is his next.
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const season1 = await call(alice.token, {
      method: 'POST',
      url: `/api/episodes/show/${show.id}/progress`,
      payload: { season: 1 },
    });
    expect(season1.json().changed).toBe(10);
    for (const n of [1, 2]) await mark(bob.token, (await ours(episodeAt(1, n).id)).id);
    expect((await get(bob.token, '/api/me/up-next')).data[0].episode.id).toBe(s1e3.id);
    const aliceBefore = await get(alice.token, `/api/episodes/show/${show.id}/progress`);
    expect(aliceBefore).toMatchObject({ watchedCount: 10, airedCount: 73, watchedAiredCount: 10 });

    // TVmaze stops listing S1E3.
    standIn.serve(
      '/shows/82/episodes',
      recorded.filter((e) => e.id !== episodeAt(1, 3).id),
    );
    const result = await metadata().refreshShow(show.id);
    expect(result!.episodes).toMatchObject({ retired: 1, restored: 0, inserted: 0, updated: 0 });

    // History: the row, its date and the watch count are all still there.
    const aliceAfter = await get(alice.token, `/api/episodes/show/${show.id}/progress`);
    expect(aliceAfter.data).toEqual(aliceBefore.data);
    expect(aliceAfter.data.map((p: { episodeId: number }) => p.episodeId)).toContain(s1e3.id);
    expect(aliceAfter.watchedCount).toBe(10);
    expect(aliceAfter.item.progress).toBe(10);
    // "N of M": the retired episode is in neither.
    expect(aliceAfter).toMatchObject({ airedCount: 72, watchedAiredCount: 9 });

    // The episode lists, the season and the show's counts leave it out.
    const list = await get(alice.token, `/api/episodes/show/${show.id}`);
    expect(list.total).toBe(72);
    expect(list.data.map((e: { id: number }) => e.id)).not.toContain(s1e3.id);
    expect((await get(alice.token, `/api/episodes/show/${show.id}?season=1`)).total).toBe(9);
    const detail = await get(alice.token, `/api/shows/${show.id}`);
    expect(detail.episodes).toBe(72);
    expect(detail.seasonList[0]).toMatchObject({ number: 1, episodeCount: 9 });

    // Its own page still answers, and says so; old links keep working.
    const page = await t.app.inject({ url: `/api/episodes/${s1e3.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: s1e3.id, retired: true, show: { id: show.id } });

    // Bob's next episode moves past it.
    expect((await get(bob.token, '/api/me/up-next')).data[0].episode.id).toBe(s1e4.id);
    expect((await get(bob.token, `/api/user-content-status/show/${show.id}`)).progress).toBe(2);

    // Marking "everything" now means everything listed.
    const all = await call(bob.token, {
      method: 'POST',
      url: `/api/episodes/show/${show.id}/progress`,
      payload: {},
    });
    expect(all.json().changed).toBe(72);
    const bobAll = await get(bob.token, `/api/episodes/show/${show.id}/progress`);
    expect(bobAll).toMatchObject({ watchedCount: 72, airedCount: 72, watchedAiredCount: 72 });
    expect(bobAll.data.map((p: { episodeId: number }) => p.episodeId)).not.toContain(s1e3.id);

    // Nothing was deleted.
    expect(await ours(episodeAt(1, 3).id)).toMatchObject({ id: s1e3.id });
    expect(
      (await ours(episodeAt(1, 3).id)).retired_at,
      'the episode is flagged, not gone',
    ).not.toBeNull();
  });

  it('an episode listed again is live again, with the same id and the history on it', async () => {
    const show = await gameOfThrones();
    const s8e6 = await ours(episodeAt(8, 6).id);
    const u = await registerUser(t.app);
    await mark(u.token, s8e6.id);

    standIn.serve(
      '/shows/82/episodes',
      recorded.filter((e) => e.id !== episodeAt(8, 6).id),
    );
    expect((await metadata().refreshShow(show.id))!.episodes.retired).toBe(1);
    expect((await get(u.token, `/api/shows/${show.id}`)).episodes).toBe(72);

    standIn.reset(); // the recorded response again
    const back = await metadata().refreshShow(show.id);
    expect(back!.episodes).toMatchObject({ retired: 0, restored: 1, inserted: 0 });
    expect(await ours(episodeAt(8, 6).id)).toMatchObject({ id: s8e6.id, retired_at: null });
    expect((await t.app.inject({ url: `/api/episodes/${s8e6.id}` })).json().retired).toBe(false);
    expect((await get(u.token, `/api/shows/${show.id}`)).episodes).toBe(73);
    const progress = await get(u.token, `/api/episodes/show/${show.id}/progress`);
    expect(progress).toMatchObject({ watchedCount: 1, airedCount: 73, watchedAiredCount: 1 });
    expect(progress.data.map((p: { episodeId: number }) => p.episodeId)).toEqual([s8e6.id]);
  });

  it('a renumbered episode is matched by its TVmaze id: the progress stays on the same episode', async () => {
    const show = await gameOfThrones();
    const moved = episodeAt(2, 1);
    const before = await ours(moved.id);
    const u = await registerUser(t.app);
    await mark(u.token, before.id);

    // Upstream moves the episode to season 1, after its last episode.
    standIn.serve(
      '/shows/82/episodes',
      recorded.map((e) => (e.id === moved.id ? { ...e, season: 1, number: 11 } : e)),
    );
    const result = await metadata().refreshShow(show.id);
    expect(result!.episodes).toMatchObject({ updated: 1, inserted: 0, retired: 0 });

    const after = await ours(moved.id);
    expect(after).toMatchObject({ id: before.id, season_number: 1, episode_number: 11 });
    const progress = await get(u.token, `/api/episodes/show/${show.id}/progress`);
    expect(progress.data.map((p: { episodeId: number }) => p.episodeId)).toEqual([before.id]);
    expect(progress).toMatchObject({ watchedCount: 1, watchedAiredCount: 1, airedCount: 73 });
    const season1 = await get(u.token, `/api/episodes/show/${show.id}?season=1`);
    expect(season1.data.at(-1)).toMatchObject({
      id: before.id,
      seasonNumber: 1,
      episodeNumber: 11,
    });
  });
});

describe('the catalogue importer', () => {
  it('never deletes or retires an episode, even when a snapshot no longer has it', async () => {
    const bundled = JSON.parse(
      gunzipSync(fs.readFileSync(path.join(repoRoot, 'data/catalog.json.gz'))).toString('utf8'),
    ) as CatalogFile;
    const record = bundled.shows.find((s) => s.id === 'tvmaze:216')!; // Rick and Morty
    await importCatalog(t.db, { ...bundled, shows: [record] });
    const show = await t.db.kysely
      .selectFrom('shows')
      .select(['id', 'episode_count'])
      .where('source_id', '=', 'tvmaze:216')
      .executeTakeFirstOrThrow();
    const dropped = record.episodes[0]!;
    const episode = await t.db.kysely
      .selectFrom('episodes')
      .select('id')
      .where('source_id', '=', dropped.id)
      .executeTakeFirstOrThrow();
    const u = await registerUser(t.app);
    await mark(u.token, episode.id);

    await importCatalog(t.db, {
      ...bundled,
      shows: [{ ...record, episodes: record.episodes.filter((e) => e.id !== dropped.id) }],
    });
    const progress = await get(u.token, `/api/episodes/show/${show.id}/progress`);
    expect(progress.data.map((p: { episodeId: number }) => p.episodeId)).toEqual([episode.id]);
    expect(progress.watchedCount).toBe(1);
    const row = await t.db.kysely
      .selectFrom('episodes')
      .select(['id', 'retired_at'])
      .where('id', '=', episode.id)
      .executeTakeFirstOrThrow();
    expect(row.retired_at).toBeNull();
    expect((await get(u.token, `/api/episodes/show/${show.id}`)).total).toBe(
      record.episodes.length,
    );
  });
});

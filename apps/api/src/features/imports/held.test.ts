import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldReasonText, type HeldPage } from '@series-tracker/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { buildEpisode, buildShow, registerUser } from '../../../test/factories';
import { dir, textFile, zipFile } from '../../../test/import-fixtures';
import { importFile } from '../../../test/import-helpers';

/**
 * Issue 19: held history is visible, exported and read back; MyAnimeList counts only land on
 * episodes when that is certain; a rating alone invents nothing.
 */
let t: TestApp;
const k = () => t.db.kysely;
let cat: Awaited<ReturnType<typeof seed>>;

async function seed() {
  const db = t.db;
  // A partial list: TVmaze has brought S1E1-2 only.
  const partial = await buildShow(db, {
    title: 'Harbour Lights',
    tvdb_id: 9101,
    first_air_date: '2018-05-01',
    status: 'airing',
    episodes_complete: 0,
  });
  const p1 = (await buildEpisode(db, partial.id, { season_number: 1, episode_number: 1 })).id;
  const p2 = (await buildEpisode(db, partial.id, { season_number: 1, episode_number: 2 })).id;
  // Matched, but no episode list at all yet.
  const bare = await buildShow(db, {
    title: 'Distant Shore',
    tvdb_id: 9102,
    first_air_date: '2019-01-01',
    episodes_complete: 0,
  });
  // Anime with a complete, single-season list: a count is certain.
  const single = await buildShow(db, {
    title: 'Moon Blade',
    kind: 'anime',
    mal_id: 9201,
    first_air_date: '2021-04-04',
    status: 'completed',
    episodes_complete: 1,
  });
  const s: number[] = [];
  for (const n of [1, 2, 3])
    s.push(
      (
        await buildEpisode(db, single.id, {
          season_number: 1,
          episode_number: n,
          air_date: `2021-04-0${n}`,
        })
      ).id,
    );
  // Anime whose catalogue show holds two seasons (MAL lists each season on its own).
  const multi = await buildShow(db, {
    title: 'Star Hunters',
    kind: 'anime',
    mal_id: 9202,
    first_air_date: '2018-01-01',
    status: 'completed',
    episodes_complete: 1,
  });
  const m: number[] = [];
  for (const [season, n] of [
    [1, 1],
    [1, 2],
    [2, 1],
    [2, 2],
  ] as const)
    m.push(
      (
        await buildEpisode(db, multi.id, {
          season_number: season,
          episode_number: n,
          air_date: `20${18 + season}-01-0${n}`,
        })
      ).id,
    );
  return { partial, p1, p2, bare, single, s, multi, m };
}

beforeAll(async () => {
  t = await buildTestApp({ importDir: path.join(dir, 'uploads-held') });
  cat = await seed();
  await t.app.services.jobs.start();
});
afterAll(async () => {
  await t.close();
});

const call = caller(() => t.app);

const show = (title: string, tvdb: number) => ({
  title,
  year: null,
  ids: { trakt: tvdb, slug: null, tvdb, imdb: null, tmdb: null },
});
const play = (s: ReturnType<typeof show>, season: number, number: number, at: string) => ({
  id: Math.floor(Math.random() * 1e9),
  watched_at: at,
  action: 'watch',
  type: 'episode',
  episode: { season, number, title: null, ids: {} },
  show: s,
});

function traktHeldMembers() {
  const harbour = show('Harbour Lights', 9101);
  const shore = show('Distant Shore', 9102);
  return {
    'watched-history.json': JSON.stringify([
      play(harbour, 1, 1, '2019-01-01T20:00:00.000Z'),
      play(harbour, 1, 3, '2019-01-03T20:00:00.000Z'),
      play(harbour, 1, 4, '2019-01-04T20:00:00.000Z'),
      play(shore, 1, 1, '2019-02-01T20:00:00.000Z'),
    ]),
  };
}

const malFile = (entries: string) =>
  `<?xml version="1.0" encoding="UTF-8" ?>\n<myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>${entries}</myanimelist>`;
const malEntry = (
  id: number,
  title: string,
  watched: number,
  status: string,
  start = '0000-00-00',
) =>
  `<anime><series_animedb_id>${id}</series_animedb_id><series_title><![CDATA[${title}]]></series_title><series_type>TV</series_type><series_episodes>0</series_episodes><my_watched_episodes>${watched}</my_watched_episodes><my_start_date>${start}</my_start_date><my_finish_date>0000-00-00</my_finish_date><my_score>0</my_score><my_status>${status}</my_status></anime>`;

async function heldOf(token: string, query = ''): Promise<HeldPage> {
  const res = await call(token, { method: 'GET', url: `/api/imports/held${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function progressOf(userId: number) {
  return k()
    .selectFrom('episode_progress')
    .select(['episode_id', 'watched_at'])
    .where('user_id', '=', userId)
    .orderBy('episode_id')
    .execute();
}

/** Imports a MyAnimeList export holding these entries, as `file`. */
const importMal = (token: string, file: string, entries: string) =>
  importFile(t.app, token, textFile(file, malFile(entries)));

describe('held history', () => {
  it('lists held watches and held counts per show with why and what resolves them', async () => {
    const ann = await registerUser(t.app);
    const trakt = await importFile(t.app, ann.token, await zipFile('held.zip', traktHeldMembers()));
    expect(trakt.report).toMatchObject({ episodes: { marked: 1, held: 3 } });
    expect(trakt.report!.heldShows).toEqual([
      {
        showId: cat.partial.id,
        title: 'Harbour Lights',
        watches: 2,
        count: null,
        reason: 'episodes-missing',
      },
      {
        showId: cat.bare.id,
        title: 'Distant Shore',
        watches: 1,
        count: null,
        reason: 'no-episode-list',
      },
    ]);

    const mal = await importMal(
      ann.token,
      'mal.xml',
      malEntry(9201, 'Moon Blade', 2, 'Watching') +
        malEntry(9202, 'Star Hunters', 2, 'Completed', '2018-01-20'),
    );
    expect(mal.report).toMatchObject({ heldCounts: 1, episodes: { marked: 2 } });
    expect(mal.report!.heldShows).toEqual([
      {
        showId: cat.multi.id,
        title: 'Star Hunters',
        watches: 0,
        count: 2,
        reason: 'count-uncertain',
      },
    ]);

    const page = await heldOf(ann.token);
    expect(page.totals).toEqual({ watches: 3, counts: 1 });
    expect(page.total).toBe(3);
    expect(page.data.map((d) => d.show.title)).toEqual([
      'Distant Shore',
      'Harbour Lights',
      'Star Hunters',
    ]);
    expect(page.data[1]).toMatchObject({
      watches: [
        { season: 1, number: 3, watchedAt: '2019-01-03T20:00:00.000Z' },
        { season: 1, number: 4, watchedAt: '2019-01-04T20:00:00.000Z' },
      ],
      watchesReason: 'episodes-missing',
      count: null,
      reasons: [{ reason: 'episodes-missing', ...heldReasonText['episodes-missing'] }],
    });
    expect(page.data[0]!.reasons[0]!.reason).toBe('no-episode-list');
    // The count keeps the file's (only) date, the start date.
    expect(page.data[2]).toMatchObject({
      watches: [],
      count: { watched: 2, watchedAt: '2018-01-20T00:00:00.000Z' },
      reasons: [{ reason: 'count-uncertain' }],
    });
    const second = await heldOf(ann.token, '?limit=1&offset=1');
    expect(second).toMatchObject({ total: 3, hasMore: true, limit: 1, offset: 1 });
    expect(second.data.map((d) => d.show.title)).toEqual(['Harbour Lights']);

    // Only ever one's own; bad paging is a 400, not a 500; signed out is a 401.
    const bob = await registerUser(t.app);
    expect((await heldOf(bob.token)).total).toBe(0);
    const bad = await call(ann.token, { method: 'GET', url: '/api/imports/held?limit=abc' });
    expect(bad.statusCode).toBe(400);
    const anon = await t.app.inject({ method: 'GET', url: '/api/imports/held' });
    expect(anon.statusCode).toBe(401);
  });

  it('applies a MAL count only when certain, never on guessed episodes, and invents no dates', async () => {
    const ann = await registerUser(t.app);
    await importMal(
      ann.token,
      'mal.xml',
      malEntry(9201, 'Moon Blade', 2, 'Watching') + malEntry(9202, 'Star Hunters', 2, 'Completed'),
    );
    const watched = (await progressOf(ann.user.id)).map((p) => p.episode_id);
    // Single complete season: its first two episodes. Two seasons: nothing is guessed.
    expect(watched).toEqual([cat.s[0], cat.s[1]]);
    const items = await k()
      .selectFrom('watchlist_items')
      .select(['show_id', 'status', 'started_at', 'completed_at'])
      .where('user_id', '=', ann.user.id)
      .orderBy('show_id')
      .execute();
    // No dates in the file: none on the items (never the import's time).
    expect(items).toEqual([
      { show_id: cat.single.id, status: 'watching', started_at: null, completed_at: null },
      { show_id: cat.multi.id, status: 'completed', started_at: null, completed_at: null },
    ]);
    expect((await heldOf(ann.token)).totals).toEqual({ watches: 0, counts: 1 });
  });

  it('applies a held count once the episode list makes it certain', async () => {
    const arc = await buildShow(t.db, {
      title: 'Moon Arc',
      kind: 'anime',
      mal_id: 9203,
      first_air_date: '2022-01-01',
      status: 'airing',
      episodes_complete: 0,
    });
    const eps: number[] = [];
    for (const n of [1, 2])
      eps.push((await buildEpisode(t.db, arc.id, { season_number: 1, episode_number: n })).id);
    const ann = await registerUser(t.app);
    await importMal(ann.token, 'arc.xml', malEntry(9203, 'Moon Arc', 2, 'Completed', '2022-02-02'));
    // A partial list: the count is held, no episode is marked.
    expect(await progressOf(ann.user.id)).toEqual([]);
    expect((await heldOf(ann.token)).data[0]).toMatchObject({
      show: { title: 'Moon Arc' },
      count: { watched: 2, watchedAt: '2022-02-02T00:00:00.000Z' },
    });
    // TVmaze completes the list (still one season): the count lands on S1E1-2, dated.
    await k().updateTable('shows').set({ episodes_complete: 1 }).where('id', '=', arc.id).execute();
    await t.app.services.events.emit('catalog.refreshed', { showIds: [arc.id], source: 'tvmaze' });
    expect(await progressOf(ann.user.id)).toEqual([
      { episode_id: eps[0], watched_at: '2022-02-02T00:00:00.000Z' },
      { episode_id: eps[1], watched_at: '2022-02-02T00:00:00.000Z' },
    ]);
    expect((await heldOf(ann.token)).total).toBe(0);
  });

  it('keeps every play through an export and an import into a new account', async () => {
    const ann = await registerUser(t.app);
    await importFile(t.app, ann.token, await zipFile('held2.zip', traktHeldMembers()));
    await importMal(ann.token, 'mal2.xml', malEntry(9202, 'Star Hunters', 2, 'Completed'));
    const before = await heldOf(ann.token);
    const res = await call(ann.token, { method: 'GET', url: '/api/users/me/export?format=json' });
    const doc = res.json();
    expect(doc.version).toBe(2);
    expect(doc.held).toHaveLength(3);

    const cara = await registerUser(t.app);
    const back = await importFile(t.app, cara.token, textFile('export.json', res.body));
    expect(back).toMatchObject({ status: 'done', source: 'series-tracker' });
    const after = await heldOf(cara.token);
    expect(after.totals).toEqual(before.totals);
    expect(after.data.map((d) => [d.show.title, d.watches, d.count])).toEqual(
      before.data.map((d) => [d.show.title, d.watches, d.count]),
    );
    expect((await progressOf(cara.user.id)).map((p) => [p.episode_id, p.watched_at])).toEqual(
      (await progressOf(ann.user.id)).map((p) => [p.episode_id, p.watched_at]),
    );

    // The CSV ZIP carries held history too.
    const csv = await call(ann.token, { method: 'GET', url: '/api/users/me/export?format=csv' });
    const { openArchive } = await import('./archive');
    const archive = await openArchive(textFile('held-export.zip', csv.rawPayload));
    const heldCsv = (
      await archive.read(archive.entries.find((e) => e.name === 'held.csv')!)
    ).toString();
    archive.close();
    const lines = heldCsv.trim().split('\n');
    expect(lines[0]).toContain('kind,season,episode,air_date,watched_at,watched_count');
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(heldCsv).toContain('Star Hunters');

    // The episodes arrive: held watches attach by themselves (both accounts), counts stay.
    const p3 = (await buildEpisode(t.db, cat.partial.id, { season_number: 1, episode_number: 3 }))
      .id;
    await t.app.services.events.emit('catalog.refreshed', {
      showIds: [cat.partial.id],
      source: 'tvmaze',
    });
    for (const u of [ann, cara]) {
      expect((await progressOf(u.user.id)).map((p) => p.episode_id)).toContain(p3);
      expect((await heldOf(u.token)).totals).toEqual({ watches: 2, counts: 1 });
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { ShowSpoilers } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { buildEpisode, buildShow, registerUser } from '../../../test/factories';
import { isSpoiler, spoilerState } from './spoiler-rule';
import { injector } from '../../../test/http';

const t = useTestApp({ publicUrl: 'https://tracker.example.org' });

const inject = injector(() => t.app);

/** A show with S1E1–E4, a special and S2E1, the first aired today (for the calendar). */
async function showWithEpisodes(title = 'Spoiled Show') {
  const show = await buildShow(t.db, { title });
  const today = new Date().toISOString().slice(0, 10);
  const s1 = [];
  for (const n of [1, 2, 3, 4])
    s1.push(
      await buildEpisode(t.db, show.id, {
        season_number: 1,
        episode_number: n,
        title: `Secret ${n}`,
        air_date: today,
      }),
    );
  const special = await buildEpisode(t.db, show.id, {
    season_number: 0,
    episode_number: 1,
    title: 'Secret special',
    air_date: today,
  });
  const s2e1 = await buildEpisode(t.db, show.id, {
    season_number: 2,
    episode_number: 1,
    title: 'Secret next season',
    air_date: today,
  });
  return { show, s1, special, s2e1 };
}

const watch = async (token: string, episodeId: number) =>
  expect(
    (await inject(token, 'POST', `/api/episodes/${episodeId}/progress`, { watched: true }))
      .statusCode,
  ).toBe(200);

const spoilersOf = async (token: string | null, showId: number) => {
  const res = await inject(token, 'GET', `/api/spoilers/shows/${showId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as ShowSpoilers;
};

describe('the rule', () => {
  const ep = (id: number, seasonNumber: number | null, episodeNumber: number | null) => ({
    id,
    showId: 1,
    seasonNumber,
    episodeNumber,
  });
  it('clears watched episodes and regular ones before the furthest watched, not specials', () => {
    const state = spoilerState(true, [], [ep(3, 1, 3)]);
    expect(isSpoiler(state, ep(1, 1, 1))).toBe(false);
    expect(isSpoiler(state, ep(3, 1, 3))).toBe(false);
    expect(isSpoiler(state, ep(4, 1, 4))).toBe(true);
    expect(isSpoiler(state, ep(9, 2, 1))).toBe(true);
    expect(isSpoiler(state, ep(8, 0, 1))).toBe(true);
    expect(isSpoiler(state, ep(7, null, null))).toBe(true);
    expect(isSpoiler({ ...state, furthest: new Map() }, ep(1, 1, 1))).toBe(true);
    // Another show's progress clears nothing here.
    expect(isSpoiler(state, { ...ep(5, 1, 1), showId: 2 })).toBe(true);
  });
  it('clears everything for a revealed show or with protection off', () => {
    expect(isSpoiler(spoilerState(true, [1], []), ep(4, 1, 4))).toBe(false);
    expect(isSpoiler(spoilerState(false, [], []), ep(4, 1, 4))).toBe(false);
  });
});

describe('GET /api/spoilers/shows/:id', () => {
  it('hides nothing from visitors, everything unwatched from a new member', async () => {
    const { show, s1, special, s2e1 } = await showWithEpisodes();
    const all = [...s1, special, s2e1].map((e) => e.id).sort((a, b) => a - b);
    expect(await spoilersOf(null, show.id)).toEqual({
      showId: show.id,
      protect: false,
      revealed: false,
      spoilerEpisodeIds: [],
    });
    const m = await registerUser(t.app);
    const mine = await spoilersOf(m.token, show.id);
    expect(mine.protect).toBe(true);
    expect([...mine.spoilerEpisodeIds].sort((a, b) => a - b)).toEqual(all);
  });

  it('watching E3 clears E1–E3; the special and later episodes stay hidden', async () => {
    const { show, s1, special, s2e1 } = await showWithEpisodes();
    const m = await registerUser(t.app);
    await watch(m.token, s1[2]!.id);
    const ids = (await spoilersOf(m.token, show.id)).spoilerEpisodeIds;
    expect(ids.sort((a, b) => a - b)).toEqual(
      [s1[3]!.id, special.id, s2e1.id].sort((a, b) => a - b),
    );
  });

  it('"Show spoilers for this show" is stored per member and show; the setting turns it all off', async () => {
    const { show } = await showWithEpisodes();
    const other = await showWithEpisodes('Other Show');
    const m = await registerUser(t.app);
    const revealed = await inject(m.token, 'PUT', `/api/spoilers/shows/${show.id}`, {
      revealed: true,
    });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toMatchObject({ revealed: true, spoilerEpisodeIds: [] });
    expect((await spoilersOf(m.token, show.id)).revealed).toBe(true);
    expect((await spoilersOf(m.token, other.show.id)).spoilerEpisodeIds).toHaveLength(6);
    // Another member is not affected.
    const n = await registerUser(t.app);
    expect((await spoilersOf(n.token, show.id)).spoilerEpisodeIds).toHaveLength(6);
    // Hide again.
    await inject(m.token, 'PUT', `/api/spoilers/shows/${show.id}`, { revealed: false });
    expect((await spoilersOf(m.token, show.id)).spoilerEpisodeIds).toHaveLength(6);

    expect((await inject(m.token, 'GET', '/api/spoilers/settings')).json()).toEqual({
      protect: true,
    });
    const off = await inject(m.token, 'PUT', '/api/spoilers/settings', { protect: false });
    expect(off.json()).toEqual({ protect: false });
    expect(await spoilersOf(m.token, other.show.id)).toMatchObject({
      protect: false,
      spoilerEpisodeIds: [],
    });
  });

  it('answers 400, 401 and 404 without changing anything', async () => {
    const { show } = await showWithEpisodes();
    const m = await registerUser(t.app);
    expect(
      (await inject(null, 'PUT', '/api/spoilers/settings', { protect: false })).statusCode,
    ).toBe(401);
    expect((await inject(null, 'GET', '/api/spoilers/settings')).statusCode).toBe(401);
    expect(
      (await inject(null, 'PUT', `/api/spoilers/shows/${show.id}`, { revealed: true })).statusCode,
    ).toBe(401);
    expect(
      (await inject(m.token, 'PUT', '/api/spoilers/settings', { protect: 'no' })).statusCode,
    ).toBe(400);
    expect((await inject(m.token, 'PUT', `/api/spoilers/shows/${show.id}`, {})).statusCode).toBe(
      400,
    );
    expect((await inject(m.token, 'GET', '/api/spoilers/shows/abc')).statusCode).toBe(400);
    expect((await inject(m.token, 'GET', '/api/spoilers/shows/99999999')).statusCode).toBe(404);
    expect(
      (await inject(m.token, 'PUT', '/api/spoilers/shows/99999999', { revealed: true })).statusCode,
    ).toBe(404);
    expect((await spoilersOf(m.token, show.id)).revealed).toBe(false);
  });
});

describe('member answers carry the flag', () => {
  it('Up Next and the calendar flag the unwatched episode', async () => {
    const { show, s1 } = await showWithEpisodes();
    const m = await registerUser(t.app);
    await watch(m.token, s1[0]!.id);
    const upNext = (await inject(m.token, 'GET', '/api/me/up-next')).json();
    const entry = upNext.data.find((e: { item: { showId: number } }) => e.item.showId === show.id);
    expect(entry.episode).toMatchObject({ id: s1[1]!.id, title: 'Secret 2', spoiler: true });

    const today = new Date().toISOString().slice(0, 10);
    const cal = (await inject(m.token, 'GET', `/api/calendar?from=${today}&to=${today}`)).json();
    const byId = new Map(cal.data.map((e: { episodeId: number }) => [e.episodeId, e]));
    expect(byId.get(s1[0]!.id)).toMatchObject({ spoiler: false, watched: true });
    expect(byId.get(s1[1]!.id)).toMatchObject({ spoiler: true, title: 'Secret 2' });

    await inject(m.token, 'PUT', '/api/spoilers/settings', { protect: false });
    const after = (await inject(m.token, 'GET', '/api/me/up-next')).json();
    expect(
      after.data.find((e: { item: { showId: number } }) => e.item.showId === show.id).episode
        .spoiler,
    ).toBe(false);
  });
});

describe('server-rendered text hides the title', () => {
  it('the iCal feed says only "Show — S1E2" for an unwatched episode', async () => {
    const { show, s1 } = await showWithEpisodes('Feed Show');
    const m = await registerUser(t.app);
    await watch(m.token, s1[0]!.id);
    const feed = await inject(m.token, 'POST', '/api/calendar/feed');
    const path = new URL(feed.json().url as string).pathname;
    const ics = (await t.app.inject({ url: path })).body.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('SUMMARY:Feed Show S01E01 · Secret 1');
    expect(ics).toContain('SUMMARY:Feed Show — S1E2');
    expect(ics).not.toContain('Secret 2');
    expect(ics).not.toContain('Secret next season');

    await inject(m.token, 'PUT', `/api/spoilers/shows/${show.id}`, { revealed: true });
    const revealed = (await t.app.inject({ url: path })).body.replace(/\r\n[ \t]/g, '');
    expect(revealed).toContain('SUMMARY:Feed Show S01E02 · Secret 2');
  });

  it('the bell shows no title of an unwatched episode', async () => {
    const { show, s1 } = await showWithEpisodes('Bell Show');
    const m = await registerUser(t.app);
    await watch(m.token, s1[0]!.id);
    const at = new Date().toISOString();
    await t.app.services.notifications.episodesAired([
      { userId: m.user.id, showId: show.id, episodeId: s1[0]!.id, at },
      { userId: m.user.id, showId: show.id, episodeId: s1[1]!.id, at },
    ]);
    const page = (await inject(m.token, 'GET', '/api/notifications')).json();
    const byId = new Map(
      page.data.map((n: { episode: { id: number } }) => [n.episode.id, n.episode]),
    );
    expect(byId.get(s1[0]!.id)).toMatchObject({ title: 'Secret 1' });
    expect(byId.get(s1[1]!.id)).toEqual({
      id: s1[1]!.id,
      seasonNumber: 1,
      episodeNumber: 2,
      title: null,
      spoiler: true,
    });
    expect(JSON.stringify(page)).not.toContain('Secret 2');
  });
});

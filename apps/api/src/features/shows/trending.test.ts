import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import { buildShow, buildShowWithEpisodes, registerUser } from '../../../test/factories';
import { scoreTrends, trendingRules } from './trending.service';

/*
 * Trending counts distinct members, weighted by how recent their activity is, and needs two of
 * them (docs/decisions/041-trending.md). Activity is made through the API; "days ago" is made
 * by moving the recorded timestamps back.
 */

let t: TestApp;
const call = caller(() => t.app);
beforeEach(async () => {
  t = await buildTestApp();
  // A catalogue to fall back on: better known than anything the tests' members act on.
  for (let i = 0; i < 12; i++) await buildShow(t.db, { title: `Known ${i}`, popularity: 50 + i });
});
afterEach(() => t.close());

const DAY = 86_400_000;

async function member() {
  return (await registerUser(t.app)).token;
}
const add = (token: string, showId: number, status?: string) =>
  call(token, {
    method: 'POST',
    url: '/api/user-content-status',
    payload: status ? { showId, status } : { showId },
  });
const watchAll = (token: string, showId: number) =>
  call(token, { method: 'POST', url: `/api/episodes/show/${showId}/progress`, payload: {} });
async function trending(): Promise<{ basis: string; ids: number[] }> {
  t.app.responseCache.clear();
  const res = await t.app.inject({ url: '/api/shows/trending', query: { limit: '10' } });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { basis: string; data: { id: number }[] };
  return { basis: body.basis, ids: body.data.map((s) => s.id) };
}
/** Moves every recorded activity on a show this many days into the past. */
async function age(showId: number, days: number) {
  const at = new Date(Date.now() - days * DAY).toISOString();
  await t.db.kysely
    .updateTable('watchlist_items')
    .set({ created_at: at })
    .where('show_id', '=', showId)
    .execute();
  await t.db.kysely
    .updateTable('watchlist_items')
    .set({ last_watched_at: at })
    .where('show_id', '=', showId)
    .where('last_watched_at', 'is not', null)
    .execute();
  await t.db.kysely
    .updateTable('episode_progress')
    .set({ watched_at: at })
    .where('show_id', '=', showId)
    .execute();
}

describe('trending', () => {
  it('one member marking 50 episodes of a show does not beat three members adding another', async () => {
    const binged = (await buildShowWithEpisodes(t.db, 1, 50, { title: 'Binged alone' })).show;
    const liked = await buildShow(t.db, { title: 'Three new fans' });
    const bingeWatcher = await member();
    // 50 episodes and the factory's special.
    expect((await watchAll(bingeWatcher, binged.id)).json().changed).toBe(51);
    for (let i = 0; i < 3; i++) expect((await add(await member(), liked.id)).statusCode).toBe(201);

    const ranked = await trending();
    expect(ranked.basis).toBe('activity');
    expect(ranked.ids[0]).toBe(liked.id);
    // One person is not a trend: the binge does not rank at all (the rest is the catalogue's).
    expect(ranked.ids).not.toContain(binged.id);
    expect(ranked.ids).toHaveLength(10);

    // A second member makes it a trend, still behind three.
    await watchAll(await member(), binged.id);
    expect((await trending()).ids.slice(0, 2)).toEqual([liked.id, binged.id]);
  });

  it('On Hold and Dropped are not interest', async () => {
    const shelved = await buildShow(t.db, { title: 'Shelved anime', kind: 'anime' });
    await add(await member(), shelved.id, 'paused');
    await add(await member(), shelved.id, 'dropped');
    let ranked = await trending();
    expect(ranked.basis).toBe('catalogue');
    expect(ranked.ids).not.toContain(shelved.id);

    // Watching it and then putting it on hold takes a member's interest back.
    const { show } = await buildShowWithEpisodes(t.db, 1, 2, { title: 'Paused later' });
    const first = await member();
    await watchAll(first, show.id);
    await watchAll(await member(), show.id);
    expect((await trending()).ids[0]).toBe(show.id);
    const item = await call(first, { url: `/api/user-content-status/show/${show.id}` });
    await call(first, {
      method: 'PUT',
      url: `/api/user-content-status/${item.json().id}`,
      payload: { status: 'paused' },
    });
    ranked = await trending();
    expect(ranked.basis).toBe('catalogue');
    expect(ranked.ids).not.toContain(show.id);
  });

  it('recent activity weighs more, and only the last week counts', async () => {
    const lastWeek = await buildShow(t.db, { title: 'Big five days ago' });
    const today = await buildShow(t.db, { title: 'Two today' });
    for (let i = 0; i < 3; i++) await add(await member(), lastWeek.id);
    for (let i = 0; i < 2; i++) await add(await member(), today.id);
    expect((await trending()).ids.slice(0, 2)).toEqual([lastWeek.id, today.id]);

    await age(lastWeek.id, 5);
    expect((await trending()).ids.slice(0, 2)).toEqual([today.id, lastWeek.id]);

    await age(lastWeek.id, 8);
    const ranked = await trending();
    expect(ranked.ids[0]).toBe(today.id);
    expect(ranked.ids).not.toContain(lastWeek.id);
  });

  it('the formula: distinct members, each weighted 2^(−days/2), at least two', () => {
    const now = Date.parse('2026-03-10T00:00:00.000Z');
    const ago = (days: number) => new Date(now - days * DAY).toISOString();
    const scores = scoreTrends(
      [
        // Show 1: one member, a hundred times.
        ...Array.from({ length: 100 }, () => ({ showId: 1, userId: 1, at: ago(0) })),
        // Show 2: two members, one of them today (their older activity does not add up).
        { showId: 2, userId: 2, at: ago(3) },
        { showId: 2, userId: 2, at: ago(0) },
        { showId: 2, userId: 3, at: ago(2) },
        // Show 3: two members, one outside the window.
        { showId: 3, userId: 4, at: ago(1) },
        { showId: 3, userId: 5, at: ago(8) },
      ],
      now,
    );
    expect(trendingRules.minMembers).toBe(2);
    expect(scores).toEqual([{ showId: 2, members: 2, score: 1.5 }]);
  });
});

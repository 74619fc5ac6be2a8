import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, buildEpisode, buildShow, registerUser } from '../../../test/factories';
import { airingCutoff } from './show-status';

/** A date `months` months before (negative: after) today, YYYY-MM-DD. */
function monthsAgo(months: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp({ responseCache: false });
  const db = t.db;
  // TVmaze says 'Running' for all four; only the middle two show signs of life.
  const dormant = await buildShow(db, { title: 'Dormant', first_air_date: '2013-12-02' });
  await buildEpisode(db, dormant.id, { air_date: monthsAgo(40) });
  const recent = await buildShow(db, { title: 'Recent', first_air_date: '2015-01-01' });
  await buildEpisode(db, recent.id, { air_date: monthsAgo(40) });
  await buildEpisode(db, recent.id, { episode_number: 2, air_date: monthsAgo(2) });
  const returning = await buildShow(db, { title: 'Returning', first_air_date: '2016-01-01' });
  await buildEpisode(db, returning.id, { air_date: monthsAgo(36) });
  await buildEpisode(db, returning.id, { season_number: 2, air_date: monthsAgo(-1) });
  const fresh = await buildShow(db, { title: 'Fresh', first_air_date: monthsAgo(3) });
  const empty = await buildShow(db, { title: 'Silent', first_air_date: '2010-05-05' });
  const ended = await buildShow(db, { title: 'Ended', status: 'completed' });
  await buildEpisode(db, ended.id, { air_date: monthsAgo(60) });
  Object.assign(ids, {
    dormant: dormant.id,
    recent: recent.id,
    returning: returning.id,
    fresh: fresh.id,
    empty: empty.id,
    ended: ended.id,
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers }).then((res) => {
    expect(res.statusCode).toBe(200);
    return res.json();
  });

describe("the shown status: a 'Running' show must show signs of life to be Airing (ADR 035)", () => {
  it('counts back 18 months from today', () => {
    expect(airingCutoff(new Date('2026-11-23T10:00:00Z'))).toBe('2025-05-23');
    expect(airingCutoff(new Date('2026-01-15T00:00:00Z'))).toBe('2024-07-15');
  });

  it('shows a running show with nothing aired for 18 months and nothing scheduled as tbd', async () => {
    expect((await get(`/api/shows/${ids.dormant}`)).status).toBe('tbd');
    expect((await get(`/api/shows/${ids.empty}`)).status).toBe('tbd');
  });

  it('keeps Airing for a recent episode, a scheduled one or a recent premiere', async () => {
    expect((await get(`/api/shows/${ids.recent}`)).status).toBe('airing');
    expect((await get(`/api/shows/${ids.returning}`)).status).toBe('airing');
    expect((await get(`/api/shows/${ids.fresh}`)).status).toBe('airing');
    expect((await get(`/api/shows/${ids.ended}`)).status).toBe('completed');
  });

  it('lists and filters by the same status, so "Airing" only holds Airing badges', async () => {
    const airing = await get('/api/shows?status=airing&limit=100');
    expect(airing.data.map((s: { title: string }) => s.title).sort()).toEqual([
      'Fresh',
      'Recent',
      'Returning',
    ]);
    expect(airing.total).toBe(3);
    expect(airing.data.every((s: { status: string }) => s.status === 'airing')).toBe(true);
    const tbd = await get('/api/shows?status=tbd&limit=100');
    expect(tbd.data.map((s: { title: string }) => s.title).sort()).toEqual(['Dormant', 'Silent']);
    const all = await get('/api/shows?limit=100&sort=title');
    const byTitle = Object.fromEntries(
      all.data.map((s: { title: string; status: string }) => [s.title, s.status]),
    );
    expect(byTitle).toMatchObject({ Dormant: 'tbd', Recent: 'airing', Ended: 'completed' });
  });

  it('shows the same status in a watchlist item', async () => {
    const { token } = await registerUser(t.app);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/user-content-status',
      headers: bearer(token),
      payload: { showId: ids.dormant, status: 'watching' },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().show.status).toBe('tbd');
    const list = await get('/api/user-content-status', bearer(token));
    expect(list.data[0].show.status).toBe('tbd');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { trackShow } from '../../../test/http';
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
  // TVmaze says 'Running' for all of them; only Recent, Returning and Fresh show signs of life.
  // Dormant and Silent come from a record fetched last month, Stale from one of 2020.
  const asOf = monthsAgo(1);
  const dormant = await buildShow(db, {
    title: 'Dormant',
    first_air_date: '2013-12-02',
    status_as_of: asOf,
  });
  await buildEpisode(db, dormant.id, { air_date: monthsAgo(40) });
  const recent = await buildShow(db, { title: 'Recent', first_air_date: '2015-01-01' });
  await buildEpisode(db, recent.id, { air_date: monthsAgo(40) });
  await buildEpisode(db, recent.id, { episode_number: 2, air_date: monthsAgo(2) });
  const returning = await buildShow(db, { title: 'Returning', first_air_date: '2016-01-01' });
  await buildEpisode(db, returning.id, { air_date: monthsAgo(36) });
  await buildEpisode(db, returning.id, { season_number: 2, air_date: monthsAgo(-1) });
  const fresh = await buildShow(db, { title: 'Fresh', first_air_date: monthsAgo(3) });
  const empty = await buildShow(db, {
    title: 'Silent',
    first_air_date: '2010-05-05',
    status_as_of: asOf,
  });
  const stale = await buildShow(db, {
    title: 'Stale',
    first_air_date: '2005-03-26',
    status_as_of: '2020-04-05',
  });
  await buildEpisode(db, stale.id, { air_date: '2019-11-17' });
  const staleUpcoming = await buildShow(db, {
    title: 'Never Came',
    status: 'upcoming',
    status_as_of: '2021-03-31',
  });
  const freshUpcoming = await buildShow(db, {
    title: 'Soon',
    status: 'upcoming',
    status_as_of: asOf,
  });
  const staleTbd = await buildShow(db, {
    title: 'Pending',
    status: 'tbd',
    status_as_of: '2022-09-07',
  });
  const ended = await buildShow(db, { title: 'Ended', status: 'completed' });
  await buildEpisode(db, ended.id, { air_date: monthsAgo(60) });
  Object.assign(ids, {
    dormant: dormant.id,
    recent: recent.id,
    returning: returning.id,
    fresh: fresh.id,
    empty: empty.id,
    ended: ended.id,
    stale: stale.id,
    staleUpcoming: staleUpcoming.id,
    freshUpcoming: freshUpcoming.id,
    staleTbd: staleTbd.id,
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

  it('shows a freshly fetched running show with nothing aired for 18 months and nothing scheduled as tbd', async () => {
    expect((await get(`/api/shows/${ids.dormant}`)).status).toBe('tbd');
    expect((await get(`/api/shows/${ids.empty}`)).status).toBe('tbd');
    expect((await get(`/api/shows/${ids.dormant}`)).lastKnownStatus).toBeNull();
  });

  it('does not claim tbd because our copy is old: a stale record is unknown, with its last known status (ADR 120)', async () => {
    const stale = await get(`/api/shows/${ids.stale}`);
    expect(stale.status).toBe('unknown');
    expect(stale.lastKnownStatus).toEqual({ status: 'airing', asOf: '2020-04-05' });
    const never = await get(`/api/shows/${ids.staleUpcoming}`);
    expect(never.status).toBe('unknown');
    expect(never.lastKnownStatus).toEqual({ status: 'upcoming', asOf: '2021-03-31' });
    expect((await get(`/api/shows/${ids.freshUpcoming}`)).status).toBe('upcoming');
    // The source's own 'To Be Determined' is a statement about the show, shown as it was said.
    const pending = await get(`/api/shows/${ids.staleTbd}`);
    expect(pending).toMatchObject({ status: 'tbd', lastKnownStatus: null });
    const unknown = await get('/api/shows?status=unknown&limit=100');
    expect(unknown.data.map((s: { title: string }) => s.title).sort()).toEqual([
      'Never Came',
      'Stale',
    ]);
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
    expect(tbd.data.map((s: { title: string }) => s.title).sort()).toEqual([
      'Dormant',
      'Pending',
      'Silent',
    ]);
    const all = await get('/api/shows?limit=100&sort=title');
    const byTitle = Object.fromEntries(
      all.data.map((s: { title: string; status: string }) => [s.title, s.status]),
    );
    expect(byTitle).toMatchObject({
      Dormant: 'tbd',
      Recent: 'airing',
      Ended: 'completed',
      Stale: 'unknown',
    });
  });

  it('shows the same status in a watchlist item', async () => {
    const { token } = await registerUser(t.app);
    const add = await trackShow(t.app, token, ids.dormant!, { status: 'watching' });
    expect(add.statusCode).toBe(201);
    expect(add.json().show.status).toBe('tbd');
    const list = await get('/api/user-content-status', bearer(token));
    expect(list.data[0].show.status).toBe('tbd');
    const stale = await trackShow(t.app, token, ids.stale!, { status: 'watching' });
    expect(stale.json().show.status).toBe('unknown');
  });
});

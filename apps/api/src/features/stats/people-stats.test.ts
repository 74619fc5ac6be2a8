import { describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import {
  bearer,
  buildEpisode,
  buildShow,
  recordPlay,
  registerUser,
  tagGenre,
} from '../../../test/factories';
import { bucketKeys, longestStreak } from './stats.service';

const t = useTestApp();

const call = caller(() => t.app);

/** Records watched episodes at fixed times, as history would hold them (progress and a play). */
async function watch(userId: number, showId: number, episodeId: number, at: string) {
  await t.db.kysely
    .insertInto('episode_progress')
    .values({
      user_id: userId,
      show_id: showId,
      episode_id: episodeId,
      watched_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  // Every watch is a play too (ADR 130); statistics count plays.
  await recordPlay(t.db, { userId, showId, episodeId, at });
}

const genre = (showId: number, name: string) => tagGenre(t.db, showId, name);

describe('personal statistics', () => {
  it('match a hand-computed fixture', async () => {
    const u = await registerUser(t.app);
    // Show A: HBO, Drama, 60-minute episodes unless an episode says otherwise.
    const a = await buildShow(t.db, { network_name: 'HBO', runtime_minutes: 60 });
    const b = await buildShow(t.db, { network_name: 'BBC One', runtime_minutes: 30 });
    await genre(a.id, 'Drama');
    await genre(b.id, 'Comedy');
    await genre(b.id, 'Drama');
    const a1 = await buildEpisode(t.db, a.id, { episode_number: 1 });
    const a2 = await buildEpisode(t.db, a.id, { episode_number: 2 });
    const a3 = await buildEpisode(t.db, a.id, { episode_number: 3 });
    await t.db.kysely
      .updateTable('episodes')
      .set({ runtime_minutes: 45 })
      .where('id', '=', a3.id)
      .execute();
    const b1 = await buildEpisode(t.db, b.id, { episode_number: 1 });
    const b2 = await buildEpisode(t.db, b.id, { episode_number: 2 });
    // 2025-03-03 is a Monday; 03-04 Tuesday; 03-05 Wednesday; 2025-07-06 Sunday; 2024-12-31 Tuesday.
    await watch(u.user.id, a.id, a1.id, '2025-03-03T21:10:00.000Z');
    await watch(u.user.id, a.id, a2.id, '2025-03-04T21:50:00.000Z');
    await watch(u.user.id, a.id, a3.id, '2025-03-05T08:00:00.000Z');
    await watch(u.user.id, b.id, b1.id, '2025-07-06T21:00:00.000Z');
    await watch(u.user.id, b.id, b2.id, '2024-12-31T23:30:00.000Z');
    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto('watchlist_items')
      .values([
        {
          user_id: u.user.id,
          show_id: a.id,
          status: 'completed',
          score: 9,
          completed_at: '2025-03-05T09:00:00.000Z',
          created_at: now,
          updated_at: now,
        },
        {
          user_id: u.user.id,
          show_id: b.id,
          status: 'paused',
          score: 6,
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();

    const all = (await call(u.token, { url: '/api/stats/me' })).json();
    expect(all).toMatchObject({
      userId: u.user.id,
      year: null,
      years: [2025, 2024],
      episodesWatched: 5,
      // 60 + 60 + 45 + 30 + 30
      minutesWatched: 225,
      hoursWatched: 3.8,
      showsCompleted: 1,
      library: { total: 2, watching: 0, completed: 1, onHold: 1, planToWatch: 0, dropped: 0 },
      averageScore: 7.5,
      // 03-03, 03-04, 03-05
      longestStreak: { days: 3, start: '2025-03-03', end: '2025-03-05' },
    });
    expect(all.byMonth).toEqual([0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    // Monday first: Mon 1, Tue 2 (03-04, 12-31), Wed 1, Sun 1
    expect(all.byWeekday).toEqual([1, 2, 1, 0, 0, 0, 1]);
    expect(all.byHour[21]).toBe(3);
    expect(all.byHour[8]).toBe(1);
    expect(all.byHour[23]).toBe(1);
    expect(all.heatmap[1][21]).toBe(1);
    expect(all.heatmap[1][23]).toBe(1);
    expect(all.heatmap[6][21]).toBe(1);
    expect(all.ratingDistribution).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 1, 0]);
    expect(all.topGenres).toEqual([
      { name: 'Drama', episodes: 5, minutes: 225 },
      { name: 'Comedy', episodes: 2, minutes: 60 },
    ]);
    expect(all.topNetworks).toEqual([
      { name: 'HBO', episodes: 3, minutes: 165 },
      { name: 'BBC One', episodes: 2, minutes: 60 },
    ]);

    const y2025 = (await call(u.token, { url: '/api/stats/me', query: { year: '2025' } })).json();
    expect(y2025).toMatchObject({
      year: 2025,
      episodesWatched: 4,
      minutesWatched: 195,
      showsCompleted: 1,
    });
    expect(y2025.byMonth[11]).toBe(0);
    const y2024 = (
      await call(u.token, { url: '/api/users/me/stats', query: { year: '2024' } })
    ).json();
    expect(y2024).toMatchObject({ episodesWatched: 1, minutesWatched: 30, showsCompleted: 0 });
    expect(
      (await call(u.token, { url: '/api/stats/me', query: { year: '1800' } })).statusCode,
    ).toBe(400);

    // Others see the same figures on a public profile.
    const other = await registerUser(t.app);
    const theirs = (await call(other.token, { url: `/api/stats/users/${u.user.id}` })).json();
    expect(theirs.minutesWatched).toBe(225);
    expect(
      (await call(null, { url: `/api/users/${u.user.id}/stats` })).json().episodesWatched,
    ).toBe(5);

    // Comparison: one show in common, scores 9 and 7 → agreement 1 - 2/9 = 78 %.
    const now2 = new Date().toISOString();
    await t.db.kysely
      .insertInto('watchlist_items')
      .values({
        user_id: other.user.id,
        show_id: a.id,
        status: 'watching',
        score: 7,
        created_at: now2,
        updated_at: now2,
      })
      .execute();
    const cmp = await call(other.token, {
      method: 'POST',
      url: '/api/stats/compare-users',
      payload: { usernames: [u.user.username, other.user.username] },
    });
    expect(cmp.statusCode).toBe(200);
    expect(cmp.json()).toMatchObject({
      showsInCommonCount: 1,
      showsInCommon: [{ id: a.id, scores: [9, 7] }],
      ratingAgreement: 78,
      ratedInCommon: 1,
    });
    expect(cmp.json().users.map((x: { username: string }) => x.username)).toEqual([
      u.user.username,
      other.user.username,
    ]);
    const bad = await call(other.token, {
      method: 'POST',
      url: '/api/stats/compare-users',
      payload: { usernames: [u.user.username] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toBeDefined();
    const dup = await call(other.token, {
      method: 'POST',
      url: '/api/stats/compare-users',
      payload: { usernames: [u.user.username, u.user.username.toUpperCase()] },
    });
    expect(dup.statusCode).toBe(400);
    const missing = await call(other.token, {
      method: 'POST',
      url: '/api/stats/compare-users',
      payload: { usernames: [u.user.username, 'no_such_member_x'] },
    });
    expect(missing.statusCode).toBe(404);

    // Show figures.
    const show = (await call(null, { url: `/api/stats/shows/${a.id}` })).json();
    expect(show).toMatchObject({
      members: 2,
      byStatus: { completed: 1, watching: 1 },
      averageScore: 8,
      episodesWatched: 3,
    });
    expect(show.scoreDistribution[6]).toBe(1);
    expect(show.scoreDistribution[8]).toBe(1);
    expect((await call(null, { url: '/api/stats/shows/987654' })).statusCode).toBe(404);
    const trends = (
      await call(null, { url: `/api/stats/shows/${a.id}/trends`, query: { period: 'all' } })
    ).json();
    expect(trends).toMatchObject({ granularity: 'month' });
    expect(
      trends.data.find((d: { bucket: string }) => d.bucket === '2025-03').episodesWatched,
    ).toBe(3);
  });

  it('longest streak and time buckets', () => {
    expect(longestStreak([])).toEqual({ days: 0, start: null, end: null });
    expect(longestStreak(['2024-02-28', '2024-02-29', '2024-03-01', '2024-03-03'])).toEqual({
      days: 3,
      start: '2024-02-28',
      end: '2024-03-01',
    });
    const now = Date.parse('2025-01-10T12:00:00Z');
    expect(bucketKeys('2025-01-08T12:00:00.000Z', 10, now)).toEqual([
      '2025-01-08',
      '2025-01-09',
      '2025-01-10',
    ]);
  });
});

describe('community statistics', () => {
  it('are live figures', async () => {
    const before = (await call(null, { url: '/api/stats/engagement' })).json();
    const u = await registerUser(t.app);
    const v = await registerUser(t.app);
    await call(u.token, { method: 'POST', url: `/api/social/${v.user.id}/follow` });
    const platform = (
      await call(null, { url: '/api/stats/platform', query: { period: 'week' } })
    ).json();
    expect(platform.period).toBe('week');
    expect(platform.newUsers).toBeGreaterThanOrEqual(2);
    expect(platform.follows).toBeGreaterThanOrEqual(1);
    expect(
      (await call(null, { url: '/api/stats/platform', query: { period: 'decade' } })).statusCode,
    ).toBe(400);
    const content = (await call(null, { url: '/api/stats/content' })).json();
    expect(content.totalShows).toBe(
      Number(
        (
          await t.db.kysely
            .selectFrom('shows')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    expect(before.totalUsers).toBeGreaterThanOrEqual(0);
    const genres = (await call(null, { url: '/api/stats/genres' })).json();
    expect(genres.data.find((g: { genre: string }) => g.genre === 'Drama')).toMatchObject({
      shows: 2,
    });
    const time = (await call(null, { url: '/api/stats/time/week' })).json();
    expect(time.granularity).toBe('day');
    expect(time.data.length).toBeGreaterThanOrEqual(7);
    expect(time.data.at(-1).newUsers).toBeGreaterThanOrEqual(2);
    expect((await call(null, { url: '/api/stats/time/century' })).statusCode).toBe(400);
    expect((await call(null, { url: '/api/stats/trending' })).json()).toHaveProperty('basis');
    expect((await call(null, { url: '/api/stats/me' })).statusCode).toBe(401);
  });
});

describe('cached community figures', () => {
  it('a follow drops them at once', async () => {
    const cached = await buildTestApp({ responseCache: true });
    try {
      const get = async () =>
        (await cached.app.inject({ url: '/api/stats/engagement' })).json().totalFollows;
      const a = await registerUser(cached.app);
      const b = await registerUser(cached.app);
      expect(await get()).toBe(0);
      await cached.app.inject({
        method: 'POST',
        url: `/api/social/${b.user.id}/follow`,
        headers: bearer(a.token),
      });
      expect(await get()).toBe(1);
    } finally {
      await cached.close();
    }
  });
});

describe('statistics on the member’s clock (issue 22)', () => {
  it('counts hours, weekdays, months and the heat map in the time zone asked for', async () => {
    const u = await registerUser(t.app);
    const show = await buildShow(t.db, { runtime_minutes: 30 });
    const e1 = await buildEpisode(t.db, show.id, { episode_number: 1 });
    const e2 = await buildEpisode(t.db, show.id, { episode_number: 2 });
    // Monday 1 a.m. UTC is Sunday 9 p.m. in New York (EDT, −4) and 6:30 a.m. in Kolkata.
    await watch(u.user.id, show.id, e1.id, '2025-06-02T01:10:00.000Z');
    // 31 Dec 23:30 UTC is already New Year in Berlin (+1).
    await watch(u.user.id, show.id, e2.id, '2024-12-31T23:30:00.000Z');

    const utc = (await call(u.token, { url: '/api/stats/me' })).json();
    expect(utc.heatmap[0][1]).toBe(1);
    expect(utc.byMonth[11]).toBe(1);

    const ny = (await call(u.token, { url: '/api/stats/me?tz=America/New_York' })).json();
    expect(ny.heatmap[6][21]).toBe(1); // Sunday, 9 p.m.
    expect(ny.heatmap[0][1]).toBe(0);
    expect(ny.byWeekday[6]).toBe(1);

    const berlin = (
      await call(u.token, { url: `/api/users/${u.user.id}/stats?tz=Europe/Berlin` })
    ).json();
    expect(berlin.byMonth[0]).toBe(1); // January
    expect(berlin.byHour[0]).toBe(1); // 00:30 local
    expect(berlin.heatmap[2][0]).toBe(1); // Wednesday 1 January 2025
  });

  it('a saved calendar time zone is the one clock: every viewer sees the owner’s days (ADR 176)', async () => {
    const owner = await registerUser(t.app);
    const viewer = await registerUser(t.app);
    const show = await buildShow(t.db, { runtime_minutes: 30 });
    const e1 = await buildEpisode(t.db, show.id, { episode_number: 1 });
    // Monday 1:10 UTC: Sunday evening in New York, Monday morning in Kolkata.
    await watch(owner.user.id, show.id, e1.id, '2025-06-02T01:10:00.000Z');
    const saved = await call(owner.token, {
      method: 'PUT',
      url: '/api/calendar/settings',
      payload: { timeZone: 'America/New_York' },
    });
    expect(saved.statusCode).toBe(200);

    // The viewer's browser says Kolkata: the owner's saved zone wins, and is not named to them.
    const seen = (
      await call(viewer.token, { url: `/api/users/${owner.user.id}/stats?tz=Asia/Kolkata` })
    ).json();
    expect(seen.heatmap[6][21]).toBe(1);
    expect(seen.byWeekday[6]).toBe(1);
    expect(seen.byHour[21]).toBe(1);
    expect(seen.timeZone).toBeNull();
    const anonymous = (
      await call(null, { url: `/api/users/${owner.user.id}/stats?tz=Asia/Kolkata` })
    ).json();
    expect(anonymous.heatmap[6][21]).toBe(1);

    // The owner sees the same, and the zone it is counted in.
    const own = (await call(owner.token, { url: '/api/users/me/stats?tz=Asia/Kolkata' })).json();
    expect(own.heatmap[6][21]).toBe(1);
    expect(own.timeZone).toBe('America/New_York');

    // Without a saved zone the request's tz (else UTC) still counts, as before.
    const other = await registerUser(t.app);
    await watch(other.user.id, show.id, e1.id, '2025-06-02T01:10:00.000Z');
    const kolkata = (
      await call(other.token, { url: `/api/users/${other.user.id}/stats?tz=Asia/Kolkata` })
    ).json();
    expect(kolkata.heatmap[0][7]).toBe(1); // the UTC hour placed by its middle: 7 a.m.
    expect(kolkata.timeZone).toBe('Asia/Kolkata');
  });

  it.each(['Mars/Olympus', 'Europe/Berlin; DROP', 'x'.repeat(80)])(
    'an unknown time zone (%s) is a 400 with the message',
    async (tz) => {
      const u = await registerUser(t.app);
      const res = await call(u.token, { url: `/api/stats/me?tz=${encodeURIComponent(tz)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: 'Time zone must be an IANA time zone name such as Europe/Berlin',
      });
    },
  );
});

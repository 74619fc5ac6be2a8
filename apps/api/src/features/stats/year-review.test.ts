import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yearReviewMessages } from '@series-tracker/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { caller } from '../../../test/http';
import {
  buildEpisode,
  buildShow,
  recordPlay,
  registerUser,
  tagGenre,
} from '../../../test/factories';
import { localDays, localYearBounds } from './year-review.service';

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-year-'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="x" /><title>Series Tracker</title></head><body></body></html>',
  );
  t = await buildTestApp({ webDistDir: distDir, publicUrl: 'https://tracker.test' });
});
afterAll(() => t.close());

const call = caller(() => t.app);

const play = (userId: number, showId: number, episodeId: number, at: string) =>
  recordPlay(t.db, { userId, showId, episodeId, at });
const genre = (showId: number, name: string) => tagGenre(t.db, showId, name);

/** A member on Tokyo time with a hand-counted 2026. */
async function memberWithYear() {
  const m = await registerUser(t.app);
  await call(m.token, {
    method: 'PUT',
    url: '/api/calendar/settings',
    payload: { timeZone: 'Asia/Tokyo' },
  });
  const a = await buildShow(t.db, { title: 'Alpha Line', runtime_minutes: 60 });
  const b = await buildShow(t.db, { title: 'Beta Road', runtime_minutes: 30 });
  await genre(a.id, 'Drama');
  await genre(b.id, 'Comedy');
  await genre(b.id, 'Drama');
  const ep = async (showId: number, n: number) =>
    (await buildEpisode(t.db, showId, { season_number: 1, episode_number: n })).id;
  const [a1, a2, a3, a4, b1, b2] = [
    await ep(a.id, 1),
    await ep(a.id, 2),
    await ep(a.id, 3),
    await ep(a.id, 4),
    await ep(b.id, 1),
    await ep(b.id, 2),
  ];
  // 16:30 UTC on 31 December 2025 is 01:30 on 1 January 2026 in Tokyo: in the year.
  await play(m.user.id, a.id, a1!, '2025-12-31T16:30:00.000Z');
  await play(m.user.id, a.id, a2!, '2026-03-03T10:00:00.000Z');
  await play(m.user.id, a.id, a3!, '2026-03-04T10:00:00.000Z');
  await play(m.user.id, b.id, b1!, '2026-03-04T11:00:00.000Z');
  await play(m.user.id, a.id, a4!, '2026-03-05T10:00:00.000Z');
  await play(m.user.id, b.id, b2!, '2026-07-10T10:00:00.000Z');
  // A rewatch: a play, not another episode.
  await play(m.user.id, b.id, b2!, '2026-07-11T10:00:00.000Z');
  // 15:30 UTC on 31 December 2026 is 2027 in Tokyo: not in the year.
  await play(m.user.id, a.id, a1!, '2026-12-31T15:30:00.000Z');
  return { m, a, b };
}

describe('year in review', () => {
  it('counts the year on the member’s clock, as computed by hand', async () => {
    const { m, a, b } = await memberWithYear();
    const res = await call(m.token, { url: '/api/users/me/year/2026' });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      year: 2026,
      timeZone: 'Asia/Tokyo',
      plays: 7,
      episodes: 6,
      shows: 2,
      // 4 × 60 + 3 × 30
      minutes: 330,
      hours: 5.5,
      byMonth: [1, 0, 4, 0, 0, 0, 2, 0, 0, 0, 0, 0],
      busiestDay: { day: '2026-03-04', episodes: 2 },
      busiestMonth: { month: 3, episodes: 4 },
      longestStreak: { days: 3, start: '2026-03-03', end: '2026-03-05' },
      firstWatch: { at: '2025-12-31T16:30:00.000Z', showId: a.id, episodeNumber: 1 },
      lastWatch: { at: '2026-07-11T10:00:00.000Z', showId: b.id, episodeNumber: 2 },
      reviewsWritten: 0,
      listsCreated: 0,
    });
    expect(
      r.topShows.map((s: { title: string; episodes: number }) => [s.title, s.episodes]),
    ).toEqual([
      ['Alpha Line', 4],
      ['Beta Road', 3],
    ]);
    expect(
      r.topGenres.map((g: { name: string; episodes: number }) => [g.name, g.episodes]),
    ).toEqual([
      ['Drama', 7],
      ['Comedy', 3],
    ]);
    expect(r.years).toEqual([2026, 2025]);
  });

  it('a year without history is empty, not an error; bad years are a 400', async () => {
    const { m } = await memberWithYear();
    const r = (await call(m.token, { url: '/api/users/me/year/2019' })).json();
    expect(r).toMatchObject({
      plays: 0,
      episodes: 0,
      topShows: [],
      topGenres: [],
      busiestDay: null,
      busiestMonth: null,
      longestStreak: { days: 0 },
      firstWatch: null,
      lastWatch: null,
    });
    for (const bad of ['1800', 'abc', '2026.5']) {
      const res = await call(m.token, { url: `/api/users/me/year/${bad}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(yearReviewMessages.yearInvalid);
    }
    expect((await call(null, { url: '/api/users/me/year/2026' })).statusCode).toBe(401);
  });

  it('counts reviews and lists written that year as the viewer may see them', async () => {
    const { m, a, b } = await memberWithYear();
    const other = await registerUser(t.app);
    for (const [showId, isPublic] of [
      [a.id, true],
      [b.id, false],
    ] as const) {
      const res = await call(m.token, {
        method: 'POST',
        url: '/api/reviews',
        payload: {
          showId,
          title: 'A year of it',
          content: 'Worth every evening.',
          rating: 8,
          isPublic,
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const list = await call(m.token, {
      method: 'POST',
      url: '/api/lists',
      payload: { name: 'Best of' },
    });
    expect(list.statusCode).toBe(201);
    for (const table of ['reviews', 'lists'] as const)
      await t.db.kysely
        .updateTable(table)
        .set({ created_at: '2026-05-01T00:00:00.000Z' })
        .where('user_id', '=', m.user.id)
        .execute();
    const own = (await call(m.token, { url: '/api/users/me/year/2026' })).json();
    expect(own).toMatchObject({ reviewsWritten: 2, listsCreated: 1 });
    const seen = (
      await call(other.token, { url: `/api/users/username/${m.user.username}/year/2026` })
    ).json();
    expect(seen).toMatchObject({ reviewsWritten: 1, listsCreated: 1, plays: 7, timeZone: null });
  });

  it('follows the profile’s privacy: private or blocking is a 404 for others, card included', async () => {
    const { m } = await memberWithYear();
    const other = await registerUser(t.app);
    const url = `/api/users/username/${m.user.username}/year/2026`;
    expect((await call(null, { url })).statusCode).toBe(200);
    const card = await call(null, { url: `${url}/card.png` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    await call(m.token, { method: 'POST', url: `/api/users/${other.user.id}/block` });
    expect((await call(other.token, { url })).statusCode).toBe(404);
    await call(m.token, { method: 'DELETE', url: `/api/users/${other.user.id}/block` });
    expect((await call(other.token, { url })).statusCode).toBe(200);

    await t.db.kysely
      .updateTable('users')
      .set({ is_public: 0 })
      .where('id', '=', m.user.id)
      .execute();
    for (const token of [null, other.token]) {
      const res = await call(token, { url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(yearReviewMessages.userNotFound);
    }
    expect((await call(null, { url: `${url}/card.png` })).statusCode).toBe(404);
    expect((await call(m.token, { url })).statusCode).toBe(200);
    expect(
      (await call(null, { url: '/api/users/username/nobody_here/year/2026' })).statusCode,
    ).toBe(404);
  });

  it('the shared page carries Open Graph tags for a public year, none for a private one', async () => {
    const { m } = await memberWithYear();
    const page = await call(null, { url: `/profile/${m.user.username}/year/2026` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(
      `<meta property="og:image" content="https://tracker.test/api/users/username/${m.user.username}/year/2026/card.png" />`,
    );
    expect(page.body).toContain('6 episodes, 5.5 hours, 2 shows. Top show: Alpha Line.');
    // In the visitor's language (issue 31): the title and description of the preview.
    const german = await call(null, {
      url: `/profile/${m.user.username}/year/2026`,
      headers: { 'accept-language': 'de' },
    });
    expect(german.body).toContain('<html lang="de"');
    expect(german.body).toContain(
      '6 Folgen, 5,5 Stunden, 2 Serien. Meistgesehene Serie: Alpha Line.',
    );
    await t.db.kysely
      .updateTable('users')
      .set({ is_public: 0 })
      .where('id', '=', m.user.id)
      .execute();
    const hidden = await call(null, { url: `/profile/${m.user.username}/year/2026` });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.body).not.toContain('og:image');
    expect(hidden.body).not.toContain('Alpha Line');
  });

  it('year bounds fall on local midnight', () => {
    expect(localYearBounds(2026, 'Asia/Tokyo')).toEqual({
      from: '2025-12-31T15:00:00.000Z',
      to: '2026-12-31T15:00:00.000Z',
    });
    expect(localYearBounds(2026, 'America/New_York').from).toBe('2026-01-01T05:00:00.000Z');
    expect(localYearBounds(2026, 'UTC').to).toBe('2027-01-01T00:00:00.000Z');
  });

  it('places hours on local days across a daylight-saving switch', () => {
    const berlin = localDays('Europe/Berlin');
    // Clocks go forward at 01:00 UTC on 29 March 2026 (+1 → +2).
    expect(berlin('2026-03-28T22')).toBe('2026-03-28');
    expect(berlin('2026-03-28T23')).toBe('2026-03-29');
    expect(berlin('2026-03-29T21')).toBe('2026-03-29');
    expect(berlin('2026-03-29T22')).toBe('2026-03-30');
    // And back at 01:00 UTC on 25 October (+2 → +1).
    expect(berlin('2026-10-24T21')).toBe('2026-10-24');
    expect(berlin('2026-10-24T22')).toBe('2026-10-25');
    expect(berlin('2026-10-25T22')).toBe('2026-10-25');
    expect(berlin('2026-10-25T23')).toBe('2026-10-26');
    expect(localDays('America/Los_Angeles')('2026-07-01T06')).toBe('2026-06-30');
  });
});

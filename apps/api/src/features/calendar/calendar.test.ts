import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarMessages } from '@series-tracker/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { caller, trackShow } from '../../../test/http';
import { buildEpisode, buildShow, registerUser } from '../../../test/factories';
import { DateTime } from 'luxon';
import { airingIn, zonedWallClockToUtc } from './air-time';
import { foldLine } from './ical';

const t = useTestApp({ publicUrl: 'https://tracker.example.org' });

const call = caller(() => t.app);

async function member(timeZone?: string) {
  const m = await registerUser(t.app);
  if (timeZone) {
    const res = await call(m.token, {
      method: 'PUT',
      url: '/api/calendar/settings',
      payload: { timeZone },
    });
    expect(res.statusCode).toBe(200);
  }
  return m;
}

async function track(token: string, showId: number, status = 'watching') {
  expect((await trackShow(t.app, token, showId, { status })).statusCode).toBeLessThan(300);
}

const calendar = (token: string, query: string) => call(token, { url: `/api/calendar?${query}` });

/** A show airing at 23:30 New York time, episodes either side of both 2026 DST changes. */
async function newYorkShow() {
  const show = await buildShow(t.db, {
    title: 'Late Night NY',
    schedule_time: '23:30',
    schedule_timezone: 'America/New_York',
    runtime_minutes: 30,
  });
  const dates = ['2026-03-07', '2026-03-09', '2026-10-31', '2026-11-02'];
  const eps = [];
  for (const [i, air_date] of dates.entries())
    eps.push(
      await buildEpisode(t.db, show.id, { season_number: 1, episode_number: i + 1, air_date }),
    );
  return { show, eps };
}

describe('time zones (23:30 in New York)', () => {
  it('places each episode on the right day and time around DST changes', () => {
    const ep = (air_date: string) => ({
      air_date,
      air_stamp: null,
      schedule_time: '23:30',
      schedule_timezone: 'America/New_York',
    });
    // 7 March: EST (UTC-5) → 04:30Z on the 8th.
    expect(airingIn(ep('2026-03-07'), 'Asia/Tokyo')).toEqual({
      instant: '2026-03-08T04:30:00Z',
      date: '2026-03-08',
      time: '13:30',
    });
    // [aired in New York, viewer's zone, their date, their time]
    const cases = [
      // 9 March: EDT (UTC-4), 03:30Z on the 10th.
      ['2026-03-09', 'Asia/Tokyo', '2026-03-10', '12:30'],
      // Los Angeles changes on the same night: always 20:30 the same day.
      ['2026-03-07', 'America/Los_Angeles', '2026-03-07', '20:30'],
      ['2026-03-09', 'America/Los_Angeles', '2026-03-09', '20:30'],
      // 31 October (EDT) and 2 November (EST), the week clocks go back.
      ['2026-10-31', 'Asia/Tokyo', '2026-11-01', '12:30'],
      ['2026-11-02', 'Asia/Tokyo', '2026-11-03', '13:30'],
      ['2026-11-02', 'America/New_York', '2026-11-02', '23:30'],
    ] as const;
    for (const [aired, zone, date, time] of cases)
      expect(airingIn(ep(aired), zone), `${aired} in ${zone}`).toMatchObject({ date, time });
    // An airstamp wins; no time at all is an all-day episode on its date, everywhere.
    expect(
      airingIn({ ...ep('2026-03-07'), air_stamp: '2026-03-08T02:00:00+00:00' }, 'Asia/Tokyo'),
    ).toMatchObject({ date: '2026-03-08', time: '11:00' });
    expect(airingIn({ ...ep('2026-03-07'), schedule_time: null }, 'Asia/Tokyo')).toEqual({
      instant: null,
      date: '2026-03-07',
      time: null,
    });
  });

  it('turns a network’s wall clock into the same instant as luxon, every day of 2026', () => {
    for (const zone of ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Australia/Sydney']) {
      for (
        let d = DateTime.fromISO('2026-01-01', { zone: 'utc' });
        d.year === 2026;
        d = d.plus({ days: 1 })
      ) {
        for (const [hour, minute] of [
          [23, 30],
          [12, 0],
          [0, 15],
        ] as const) {
          const expected = DateTime.fromObject(
            { year: d.year, month: d.month, day: d.day, hour, minute },
            { zone },
          ).toMillis();
          expect(zonedWallClockToUtc(d.toISODate()!, hour, minute, zone)).toBe(expected);
        }
      }
    }
    // 02:30 on 8 March 2026 does not exist in New York: it lands an hour later, 03:30 EDT.
    expect(
      new Date(zonedWallClockToUtc('2026-03-08', 2, 30, 'America/New_York')!).toISOString(),
    ).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 on 1 November 2026 happens twice: the first (EDT).
    expect(
      new Date(zonedWallClockToUtc('2026-11-01', 1, 30, 'America/New_York')!).toISOString(),
    ).toBe('2026-11-01T05:30:00.000Z');
  });

  it('GET /calendar answers in the member’s time zone (Tokyo and Los Angeles)', async () => {
    const { show, eps } = await newYorkShow();
    const tokyo = await member('Asia/Tokyo');
    const la = await member('America/Los_Angeles');
    await track(tokyo.token, show.id);
    await track(la.token, show.id);

    const inTokyo = (await calendar(tokyo.token, 'from=2026-03-01&to=2026-03-31')).json();
    expect(inTokyo.timeZone).toBe('Asia/Tokyo');
    expect(inTokyo.trackedShows).toBe(1);
    expect(inTokyo.data.map((e: { date: string; time: string }) => [e.date, e.time])).toEqual([
      ['2026-03-08', '13:30'],
      ['2026-03-10', '12:30'],
    ]);
    const inLa = (await calendar(la.token, 'from=2026-03-01&to=2026-03-31')).json();
    expect(inLa.data.map((e: { date: string; time: string }) => [e.date, e.time])).toEqual([
      ['2026-03-07', '20:30'],
      ['2026-03-09', '20:30'],
    ]);
    // The edge of a range follows the member's day: Tokyo's 1 November holds the 31 October episode.
    const edge = (await calendar(tokyo.token, 'from=2026-11-01&to=2026-11-01')).json();
    expect(edge.data.map((e: { episodeId: number }) => e.episodeId)).toEqual([eps[2]!.id]);
    expect(edge.data[0]).toMatchObject({
      showTitle: 'Late Night NY',
      seasonNumber: 1,
      episodeNumber: 3,
      airsAt: '2026-11-01T03:30:00Z',
      watchStatus: 'watching',
      watched: false,
    });
  });
});

describe('GET /calendar', () => {
  it('needs a signed-in member', async () => {
    expect(
      (await t.app.inject({ url: '/api/calendar?from=2026-01-01&to=2026-01-31' })).statusCode,
    ).toBe(401);
  });

  it('rejects bad dates, ranges and statuses with the contract’s messages', async () => {
    const m = await member();
    const bad = await calendar(m.token, 'from=2026-13-01&to=2026-01-31');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.from).toBe(calendarMessages.dateInvalid);
    const long = await calendar(m.token, 'from=2026-01-01&to=2026-06-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(calendarMessages.rangeInvalid);
    const backwards = await calendar(m.token, 'from=2026-02-01&to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    const status = await calendar(m.token, 'from=2026-01-01&to=2026-01-31&status=binge');
    expect(status.statusCode).toBe(400);
    expect(status.json().details.status).toBe(calendarMessages.statusInvalid);
  });

  it('is empty with trackedShows 0 for a member who tracks nothing, and filters by status', async () => {
    const m = await member();
    const empty = (await calendar(m.token, 'from=2026-03-01&to=2026-03-31')).json();
    expect(empty).toMatchObject({ trackedShows: 0, data: [], timeZone: 'UTC' });

    const { show } = await newYorkShow();
    const other = await buildShow(t.db, { title: 'Dropped Drama' });
    await buildEpisode(t.db, other.id, { air_date: '2026-03-15' });
    await track(m.token, show.id, 'want_to_watch');
    await track(m.token, other.id, 'dropped');
    const all = (await calendar(m.token, 'from=2026-03-01&to=2026-03-31')).json();
    // Dropped shows stay off unless asked for.
    expect(all.data.map((e: { showTitle: string }) => e.showTitle)).toEqual([
      'Late Night NY',
      'Late Night NY',
    ]);
    const dropped = (
      await calendar(m.token, 'from=2026-03-01&to=2026-03-31&status=dropped')
    ).json();
    expect(dropped.data).toEqual([
      expect.objectContaining({ showTitle: 'Dropped Drama', date: '2026-03-15', time: null }),
    ]);
    const watching = (
      await calendar(m.token, 'from=2026-03-01&to=2026-03-31&status=watching')
    ).json();
    expect(watching.data).toEqual([]);
    expect(watching.trackedShows).toBe(2);
  });
});

describe('settings', () => {
  it('saves a valid IANA time zone and alert mode; refuses others and changes nothing', async () => {
    const m = await member();
    const put = (payload: Record<string, unknown>) =>
      call(m.token, { method: 'PUT', url: '/api/calendar/settings', payload });
    expect((await call(m.token, { url: '/api/calendar/settings' })).json()).toEqual({
      timeZone: null,
      episodeAlerts: 'none',
      feed: { active: false, createdAt: null },
    });
    const bad = await put({ timeZone: 'Mars/Olympus_Mons' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.timeZone).toBe(calendarMessages.timeZoneInvalid);
    expect((await put({ episodeAlerts: 'hourly' })).statusCode).toBe(400);
    expect((await put({})).statusCode).toBe(400);
    const ok = await put({ timeZone: 'Europe/Paris', episodeAlerts: 'digest' });
    expect(ok.json()).toMatchObject({ timeZone: 'Europe/Paris', episodeAlerts: 'digest' });
    expect((await put({ timeZone: 'nope' })).statusCode).toBe(400);
    expect((await call(m.token, { url: '/api/calendar/settings' })).json().timeZone).toBe(
      'Europe/Paris',
    );
    expect((await t.app.inject({ url: '/api/calendar/settings' })).statusCode).toBe(401);
  });
});

describe('iCal feed', () => {
  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
  });

  it('serves a valid RFC 5545 calendar of the member’s own shows at a revocable secret address', async () => {
    const m = await member('Asia/Tokyo');
    // Titles in full (spoiler protection off; its feed text is tested in spoilers.test.ts).
    await call(m.token, {
      method: 'PUT',
      url: '/api/spoilers/settings',
      payload: { protect: false },
    });
    const show = await buildShow(t.db, {
      title: 'Comma, Semicolon; Backslash\\ and a very long title that needs folding across lines',
      schedule_time: '21:00',
      schedule_timezone: 'Asia/Tokyo',
    });
    const today = new Date().toISOString().slice(0, 10);
    const timed = await buildEpisode(t.db, show.id, {
      air_date: today,
      episode_number: 1,
      title: 'Ünïcödé ✓',
    });
    const allDay = await buildEpisode(t.db, (await buildShow(t.db, { title: 'Dateonly' })).id, {
      air_date: today,
    });
    await track(m.token, show.id);
    await track(m.token, allDay.show_id);
    // Someone else's show never appears.
    const other = await member();
    const secretShow = await buildShow(t.db, { title: 'Not Mine' });
    await buildEpisode(t.db, secretShow.id, { air_date: today });
    await track(other.token, secretShow.id);

    expect((await t.app.inject({ method: 'POST', url: '/api/calendar/feed' })).statusCode).toBe(
      401,
    );
    const created = await call(m.token, { method: 'POST', url: '/api/calendar/feed' });
    expect(created.statusCode).toBe(201);
    const url: string = created.json().url;
    expect(url).toMatch(/^https:\/\/tracker\.example\.org\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const path = new URL(url).pathname;

    const res = await t.app.inject({ url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=900');
    const text = res.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toContain('Not Mine');

    const vcal = new ICAL.Component(ICAL.parse(text));
    const events = vcal.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(events).toHaveLength(2);
    for (const c of vcal.getAllSubcomponents('vevent'))
      expect(c.getFirstPropertyValue('dtstamp')).toBeTruthy();
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const t1 = byUid.get(`episode-${timed.id}@tracker.example.org`)!;
    expect(t1.summary).toBe(`${show.title} S01E01 · Ünïcödé ✓`);
    expect(t1.startDate.isDate).toBe(false);
    expect(t1.startDate.toJSDate().toISOString()).toBe(
      new Date(`${today}T12:00:00Z`).toISOString(),
    );
    const a1 = byUid.get(`episode-${allDay.id}@tracker.example.org`)!;
    expect(a1.startDate.isDate).toBe(true);
    expect(a1.startDate.toString()).toBe(today);
    // The same episode keeps its UID on the next fetch.
    expect((await t.app.inject({ url: path })).body).toContain(
      `UID:episode-${timed.id}@tracker.example.org`,
    );

    const settings = await call(m.token, { url: '/api/calendar/settings' });
    expect(settings.json().feed.active).toBe(true);
    // The secret is stored hashed.
    const row = await t.db.kysely
      .selectFrom('member_preferences')
      .selectAll()
      .where('user_id', '=', m.user.id)
      .executeTakeFirstOrThrow();
    expect(row.feed_secret_hash).not.toContain(path.split('/').pop()!.replace('.ics', ''));

    // A new address retires the old one; revoking retires both.
    const again = await call(m.token, { method: 'POST', url: '/api/calendar/feed' });
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    const path2 = new URL(again.json().url).pathname;
    expect((await t.app.inject({ url: path2 })).statusCode).toBe(200);
    const revoked = await call(m.token, { method: 'DELETE', url: '/api/calendar/feed' });
    expect(revoked.statusCode).toBe(204);
    expect((await t.app.inject({ url: path2 })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/calendar/nonsense.ics' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/calendar/${'a'.repeat(43)}.ics` })).statusCode).toBe(
      404,
    );
  });
});

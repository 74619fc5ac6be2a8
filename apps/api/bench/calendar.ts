import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/connection';
import { popularShowIds } from './catalogue';
import { pct } from './load';
import { benchMember } from './member';

/**
 * Issue 22's figure (ADR 160): the private iCal feed and a calendar month of a member who tracks
 * 500 shows, each with 4 episodes in the feed's window (2 before today, 2 after: ~2,000 events),
 * through app.inject. Timed, never asserted; the target is a feed under 100 ms.
 */
export async function benchCalendar(app: FastifyInstance, db: Db, iterations = 100) {
  const started = performance.now();
  const id = `${process.pid}_${Date.now().toString(36)}`;
  const { user, headers } = await benchMember(app, `cal_${id}`, { timeZone: 'Asia/Tokyo' });
  const shows = await popularShowIds(db, 500);
  const now = new Date();
  const iso = now.toISOString();
  const day = (offset: number) =>
    new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  await db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < shows.length; i += 100) {
      const part = shows.slice(i, i + 100);
      await trx
        .insertInto('watchlist_items')
        .values(
          part.map((showId) => ({
            user_id: user.id,
            show_id: showId,
            status: 'watching',
            progress: 0,
            created_at: iso,
            updated_at: iso,
          })),
        )
        .execute();
      await trx
        .insertInto('episodes')
        .values(
          part.flatMap((showId) =>
            [-20, -3, 4, 40].map((offset, k) => ({
              source_id: `bench-cal:${id}:${showId}:${k}`,
              source_hash: 'bench',
              show_id: showId,
              season_number: 900,
              episode_number: k + 1,
              type: 'regular',
              title: `Bench, episode; ${k + 1}`,
              air_date: day(offset + (showId % 5)),
              air_stamp:
                k === 3 ? null : `${day(offset + (showId % 5))}T0${showId % 10}:30:00.000Z`,
              created_at: iso,
              updated_at: iso,
            })),
          ),
        )
        .execute();
    }
  });
  const feed = await app.inject({ method: 'POST', url: '/api/calendar/feed', headers });
  const path = new URL((feed.json() as { url: string }).url).pathname;
  const month = iso.slice(0, 7);
  const calendarUrl = `/api/calendar?from=${month}-01&to=${day(30)}`;
  const time = async (url: string, h: Record<string, string> = {}) => {
    const ms: number[] = [];
    let bytes = 0;
    let events = 0;
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      const res = await app.inject({ url, headers: h });
      ms.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
      bytes = res.body.length;
      events =
        (res.body.match(/BEGIN:VEVENT/g) ?? []).length ||
        (res.json() as { data: unknown[] }).data.length;
    }
    ms.sort((a, b) => a - b);
    return { p50: pct(ms, 50), p95: pct(ms, 95), bytes, events };
  };
  const ical = await time(path);
  const cal = await time(calendarUrl, headers);
  console.log(
    `  calendar (500 tracked shows, set up in ${Math.round(performance.now() - started)} ms):`,
  );
  console.log(
    `    GET /api/calendar/<secret>.ics: p50 ${ical.p50.toFixed(1)} ms, p95 ${ical.p95.toFixed(1)} ms (${ical.events} events, ${Math.round(ical.bytes / 1024)} kB)`,
  );
  console.log(
    `    GET /api/calendar (a month): p50 ${cal.p50.toFixed(1)} ms, p95 ${cal.p95.toFixed(1)} ms (${cal.events} episodes)`,
  );
  // The alert job over the same data (one member's candidates in the 5-day window).
  const t = performance.now();
  const run = await app.services.alerts.run(now);
  console.log(
    `    alert job run: ${Math.round(performance.now() - t)} ms (${JSON.stringify(run)})`,
  );
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/connection';
import { pct } from './load';
import { benchMember } from './member';

/**
 * Issue 29's figure (ADR 180): the year in review of a member with a long history — 60,000
 * plays over twelve years (5,000 a year) across 400 shows — own and public page, through
 * app.inject. Timed, never asserted; the target is a year under 100 ms.
 */
export async function benchYearReview(app: FastifyInstance, db: Db, iterations = 50) {
  const started = performance.now();
  const id = `${process.pid}_${Date.now().toString(36)}`;
  const { token, user } = await benchMember(app, `year_${id}`, { timeZone: 'Europe/Berlin' });
  const episodes = await db.kysely
    .selectFrom('episodes')
    .select(['id', 'show_id'])
    .where('retired_at', 'is', null)
    .orderBy('show_id')
    .limit(20_000)
    .execute();
  const shows = [...new Set(episodes.map((e) => e.show_id))].slice(0, 400);
  const pool = episodes.filter((e) => shows.includes(e.show_id));
  const years = 12;
  const perYear = 5_000;
  const first = 2026 - years + 1;
  const rows: {
    user_id: number;
    show_id: number;
    episode_id: number;
    watched_at: string;
    source: string;
    run: number;
    created_at: string;
  }[] = [];
  for (let y = 0; y < years; y++)
    for (let i = 0; i < perYear; i++) {
      const ep = pool[(y * perYear + i) % pool.length]!;
      // Spread over the year, evenings mostly.
      const t =
        Date.UTC(first + y, 0, 1) + Math.floor((i / perYear) * 364 * 86_400_000) + 19 * 3_600_000;
      const at = new Date(t).toISOString();
      rows.push({
        user_id: user.id,
        show_id: ep.show_id,
        episode_id: ep.id,
        watched_at: at,
        source: 'web',
        run: 1,
        created_at: at,
      });
    }
  await db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('episode_plays')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  console.log(
    `  year in review: ${rows.length.toLocaleString('en-US')} plays over ${years} years, ${shows.length} shows, seeded in ${Math.round(performance.now() - started)} ms`,
  );
  const time = async (name: string, url: string, headers: Record<string, string> = {}) => {
    const times: number[] = [];
    for (let i = 0; i < iterations + 5; i++) {
      const t0 = performance.now();
      const res = await app.inject({ url, headers });
      if (i >= 5) times.push(performance.now() - t0);
      if (res.statusCode !== 200)
        throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(34)} p50 ${pct(times, 50).toFixed(2).padStart(7)} ms  p95 ${pct(times, 95).toFixed(2).padStart(7)} ms  (${iterations} requests)`,
    );
  };
  await time('year in review (own, 5,000 plays)', '/api/users/me/year/2025', {
    authorization: `Bearer ${token}`,
  });
  await time('year in review (public page API)', `/api/users/username/${user.username}/year/2020`);
  await time('year in review (empty year)', '/api/users/me/year/2001', {
    authorization: `Bearer ${token}`,
  });
}

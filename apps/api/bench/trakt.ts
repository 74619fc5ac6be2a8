import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/connection';
import { benchEpisodes, popularShowIds } from './catalogue';
import { pct } from './load';
import { connectTraktApp } from '../test/factories';
import { benchMember } from './member';

const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * Issue 27's figures (ADR 171), through app.inject with a Trakt app's token: one
 * `POST /trakt/sync/history` of 10,000 plays (target ≤ 5 s), a second one of 10,000 more plays
 * of the same episodes (rewatches), then `GET /trakt/sync/watched/shows` for the member's
 * 20,000 plays (target ≤ 300 ms). 100 shows of 100 synthetic aired episodes each (5 seasons).
 * Timed, never asserted.
 */
export async function benchTrakt(app: FastifyInstance, db: Db, iterations = 30) {
  const id = `${process.pid}_${Date.now().toString(36)}`;
  const { user } = await benchMember(app, `trakt_${id}`);
  const grant = await connectTraktApp(app, user.id, `bench-${id}`);
  const headers = { authorization: `Bearer ${grant.access_token}` };
  const shows = await popularShowIds(db, 100, 2000);
  const iso = new Date().toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    for (const showId of shows)
      await trx
        .insertInto('episodes')
        .values(
          benchEpisodes(showId, {
            prefix: `bench-trakt:${id}`,
            count: 100,
            perSeason: 20,
            firstSeason: 800,
            airDate: () => '2015-01-01',
            now: iso,
          }),
        )
        .execute();
  });
  const episodes = await db.kysely
    .selectFrom('episodes')
    .select('id')
    .where('source_id', 'like', `bench-trakt:${id}:%`)
    .orderBy('id')
    .execute();
  const body = (offsetMinutes: number) => ({
    episodes: episodes.map((e, i) => ({
      ids: { trakt: e.id },
      watched_at: new Date(Date.UTC(2016, 0, 1) + (i + offsetMinutes) * 60_000).toISOString(),
    })),
  });
  for (const [label, offset] of [
    ['10,000 plays', 0],
    ['10,000 more (rewatches)', 20_000],
  ] as const) {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/trakt/sync/history',
      headers,
      payload: body(offset),
    });
    const took = performance.now() - t0;
    const added = res.statusCode === 201 ? res.json().added.episodes : res.body.slice(0, 200);
    console.log(
      `  POST /trakt/sync/history, ${label.padEnd(24)} ${ms(took).padStart(10)}  (${res.statusCode}, added ${added})`,
    );
  }
  for (const url of [
    '/trakt/sync/watched/shows',
    '/trakt/sync/watched/shows?extended=noseasons',
    '/trakt/sync/history?limit=100',
    '/trakt/sync/last_activities',
  ]) {
    for (let i = 0; i < 3; i++) await app.inject({ url, headers });
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < iterations; i++) {
      const t0 = performance.now();
      const res = await app.inject({ url, headers });
      times.push(performance.now() - t0);
      status = res.statusCode;
    }
    times.sort((a, b) => a - b);
    console.log(
      `  GET ${url.padEnd(44)} p50 ${ms(pct(times, 50)).padStart(9)}  p95 ${ms(pct(times, 95)).padStart(9)}  max ${ms(times.at(-1)!).padStart(9)}  (${status}, 20,000 plays, ${iterations} requests)`,
    );
  }
}

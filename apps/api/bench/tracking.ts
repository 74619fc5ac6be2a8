import { sql } from 'kysely';
import type { Db } from '../src/db/connection';
import { timeRequests, type App } from './timing';
import { benchMember } from './member';
import { benchEpisodes } from './catalogue';

/**
 * A ten-year user: 5,000 watchlist items and 20,000 watched episodes (on 1,000 shows given 22
 * synthetic episodes each, 2 left unwatched so up-next has work), written straight to the tables.
 */
export async function benchTracking(app: App, db: Db) {
  const started = performance.now();
  const { user, headers } = await benchMember(app, `${process.pid}`);
  const now = new Date().toISOString();
  const shows = (
    await db.kysely.selectFrom('shows').select('id').orderBy('id').limit(5000).execute()
  ).map((r) => r.id);
  const statuses = [
    'completed',
    'completed',
    'watching',
    'want_to_watch',
    'paused',
    'dropped',
    'completed',
    'watching',
    'want_to_watch',
    'completed',
  ];
  const chunk = <T>(xs: T[], n: number) =>
    Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

  await app.services.uow.run(async (trx) => {
    for (const part of chunk(shows, 500)) {
      await trx
        .insertInto('watchlist_items')
        .values(
          part.map((showId, i) => ({
            user_id: user.id,
            show_id: showId,
            status: statuses[(showId + i) % statuses.length]!,
            score: showId % 11 === 0 ? null : (showId % 10) + 1,
            progress: 0,
            started_at: now,
            completed_at: null,
            created_at: new Date(Date.parse(now) - showId * 60_000).toISOString(),
            updated_at: new Date(Date.parse(now) - showId * 30_000).toISOString(),
          })),
        )
        .execute();
    }
    const watchedShows = shows.slice(0, 1000);
    for (const part of chunk(watchedShows, 20)) {
      const episodes = part.flatMap((showId) =>
        benchEpisodes(showId, {
          prefix: 'bench',
          count: 22,
          perSeason: 11,
          firstSeason: 100,
          airDate: (k) => `2015-${String((k % 12) + 1).padStart(2, '0')}-01`,
          now,
        }),
      );
      const rows = await trx
        .insertInto('episodes')
        .values(episodes)
        .returning(['id', 'show_id', 'source_id'])
        .execute();
      const watched = rows.filter(
        (r) => !r.source_id.endsWith(':20') && !r.source_id.endsWith(':21'),
      );
      await trx
        .insertInto('episode_progress')
        .values(
          watched.map((r, i) => ({
            user_id: user.id,
            episode_id: r.id,
            show_id: r.show_id,
            watched_at: new Date(Date.parse(now) - i * 3_600_000).toISOString(),
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
  });
  const rederive = performance.now();
  await app.services.tracking.rederiveShows(shows);
  await db.kysely
    .updateTable('watchlist_items')
    .set({
      last_watched_at: sql`(select max(watched_at) from episode_progress p where p.user_id = watchlist_items.user_id and p.show_id = watchlist_items.show_id)`,
    })
    .where('user_id', '=', user.id)
    .execute();
  // Fresh planner statistics, as autovacuum (PostgreSQL) or a periodic ANALYZE would give.
  await sql`analyze`.execute(db.kysely);
  const counts = await db.kysely
    .selectFrom('episode_progress')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  console.log(
    `  ten-year user: 5,000 items, ${Number(counts.n)} watched episodes, set up in ${((performance.now() - started) / 1000).toFixed(1)} s (re-deriving progress and next episode for all 5,000 items: ${(performance.now() - rederive).toFixed(0)} ms)`,
  );

  const toggleEpisodes = (
    await db.kysely
      .selectFrom('episodes')
      .select('id')
      .where('source_id', 'like', 'bench:%:5')
      .limit(100)
      .execute()
  ).map((r) => r.id);
  await timeRequests(
    app,
    'GET watchlist page (50, updated)',
    [
      '/api/user-content-status?limit=50',
      '/api/user-content-status?limit=50&offset=2500',
      '/api/user-content-status?limit=50&offset=4950',
    ],
    headers,
  );
  await timeRequests(
    app,
    'GET watchlist page (status, title)',
    [
      '/api/user-content-status?limit=50&status=completed',
      '/api/user-content-status?limit=50&sort=title',
      '/api/user-content-status?limit=50&sort=score&status=watching',
    ],
    headers,
  );
  await timeRequests(
    app,
    'POST episode progress (toggle)',
    toggleEpisodes.flatMap((id) => [
      { method: 'POST' as const, url: `/api/episodes/${id}/progress`, payload: { watched: false } },
      { method: 'POST' as const, url: `/api/episodes/${id}/progress`, payload: { watched: true } },
    ]),
    headers,
  );
  await timeRequests(
    app,
    'GET /api/me/up-next (20)',
    ['/api/me/up-next', '/api/me/up-next?offset=20'],
    headers,
  );
  await timeRequests(
    app,
    'GET show progress',
    shows.slice(0, 100).map((id) => `/api/episodes/show/${id}/progress`),
    headers,
  );
}

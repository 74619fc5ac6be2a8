/**
 * `npm run bench [-- --db sqlite|postgres|both] [-- --quick] [-- --no-cache] [-- --compressed]
 *   [-- --only imports|people|reach|calendar|trakt|year|recommendations]
 *   [-- --db postgres --scale large|medium]`
 *
 * Builds the real app on a fresh database filled with the bundled catalogue and measures:
 * - latency (p50/p95/p99) of catalogue, tracking and reviews endpoints through app.inject (no
 *   network, one at a time; 100,000 demo reviews for the reviews feed and review pages);
 * - the table of issue 8 §7: each hot read loaded over loopback HTTP with autocannon
 *   (32 connections) against a hello-world Fastify in the same run — req/s, ratio, p50, p99 —
 *   plus the latency of each URL's first request (a cache miss).
 * PostgreSQL: a throwaway database on BENCH_PG_URL (default the local server), dropped after.
 * Figures are for comparing changes on one machine; nothing here asserts a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, repoRoot } from '../src/config';
import { connect, type Db } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { importCatalog, readCatalogFile } from '../src/platform/services';
import { sql } from 'kysely';
import { seedLists } from './seed-lists';
import { benchImport } from './imports';
import { benchReach } from './reach';
import { benchCalendar } from './calendar';
import { benchTrakt } from './trakt';
import { benchLarge } from './large';
import { loadTools, pct, type Load, type TableRow } from './load';
import { benchYearReview } from './year-review';
import { benchRecommendations } from './recommendations';
import { registerUser } from '../test/factories';

const args = process.argv.slice(2);
const which = args.includes('--db') ? args[args.indexOf('--db') + 1] : 'both';
const quick = args.includes('--quick');
// --only imports: just issue 13's import case (bench/imports.ts).
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
// --no-cache measures every request the slow way (database + serialiser), as a cache miss does.
const responseCache = !args.includes('--no-cache');
// --compressed: requests carry a browser's Accept-Encoding (cached answers then go out as their
// stored brotli copy). Off by default: autocannon's client turned out slower on compressed
// answers here even though the server spends less per request, so raw bytes compare fairer.
const acceptEncoding = args.includes('--compressed') ? 'br, gzip' : undefined;
// --scale large|medium (issue 32): PostgreSQL at community scale (bench/large.ts).
const scaleArg = args.includes('--scale') ? args[args.indexOf('--scale') + 1] : null;
if (scaleArg !== null && scaleArg !== 'large' && scaleArg !== 'medium')
  throw new Error('--scale takes large or medium');
const scale = scaleArg;
const ITER = quick ? 200 : 1000;
const SECONDS = quick ? 3 : 8;
const { throughput, helloWorld, missLatencies, printTable } = loadTools({
  seconds: SECONDS,
  acceptEncoding,
});
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

type App = Awaited<ReturnType<typeof buildApp>>;
type Req = string | { method: 'GET' | 'POST'; url: string; payload?: object };

async function timeRequests(
  app: App,
  name: string,
  reqs: Req[],
  headers: Record<string, string> = {},
) {
  const send = (r: Req) =>
    app.inject(typeof r === 'string' ? { url: r, headers } : { ...r, headers });
  for (let i = 0; i < 50; i++) await send(reqs[i % reqs.length]!); // warm-up
  const times: number[] = [];
  for (let i = 0; i < ITER; i++) {
    const req = reqs[i % reqs.length]!;
    const url = typeof req === 'string' ? req : req.url;
    const t0 = performance.now();
    const res = await send(req);
    times.push(performance.now() - t0);
    if (res.statusCode !== 200)
      throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(34)} p50 ${fmt(pct(times, 50)).padStart(9)}  p95 ${fmt(pct(times, 95)).padStart(9)}  p99 ${fmt(pct(times, 99)).padStart(9)}  (${ITER} requests)`,
  );
}

/** The hot reads of issue 8 §7, each with the URLs a busy site would see for it. */
function hotEndpoints(ids: number[], queries: string[], bigListId: number) {
  const q = (s: string) => encodeURIComponent(s);
  return [
    // Lists (issue 10): index pages over 10,000 lists, and a 1,000-item list's page as a
    // visitor loads it (the list, then its items 100 at a time).
    {
      name: 'lists index',
      urls: [
        '/api/lists',
        '/api/lists?offset=12',
        '/api/lists?isRanked=true',
        '/api/lists?sort=name&order=asc',
        '/api/lists/popular',
        '/api/lists/recent',
      ],
    },
    {
      name: 'list 1k detail',
      urls: [
        `/api/lists/${bigListId}`,
        ...Array.from(
          { length: 10 },
          (_, i) => `/api/lists/${bigListId}/items?limit=100&offset=${i * 100}`,
        ),
      ],
    },
    {
      name: 'suggestions',
      urls: queries.map((s) => `/api/search/suggestions?limit=8&q=${q(s)}`),
    },
    { name: 'show', urls: ids.map((id) => `/api/shows/${id}`) },
    { name: 'episodes', urls: ids.slice(0, 50).map((id) => `/api/episodes/show/${id}`) },
    { name: 'trending', urls: ['/api/shows/trending?limit=10'] },
    { name: 'global search', urls: queries.map((s) => `/api/search?limit=20&q=${q(s)}`) },
    { name: 'stats', urls: ['/api/stats/global'] },
    { name: 'search ?q=the', urls: ['/api/search?q=the'] },
    {
      name: 'search/advanced',
      urls: [
        '/api/search/advanced?q=the&kind=series',
        '/api/search/advanced?q=the&sort=top_rated',
        '/api/search/advanced?q=dragon&kind=anime',
        '/api/search/advanced?q=doctor&status=completed&limit=20',
      ],
    },
  ];
}

async function benchOn(db: Db, label: string) {
  console.log(`\n== ${label}`);
  const migrated = performance.now();
  await migrateToLatest(db);
  const catalog = readCatalogFile(path.join(repoRoot, 'data/catalog.json.gz'));
  const imported = await importCatalog(db, catalog);
  console.log(
    `  migrate + import of ${catalog.shows.length} shows: ${((performance.now() - migrated) / 1000).toFixed(1)} s (import ${imported.ms} ms)`,
  );
  if (only === 'recommendations') {
    // --only recommendations: issue 29's held-out evaluation (hit-rate@10, coverage; ADR 183).
    const config = { ...loadConfig({}), logLevel: 'silent' as const, webDistDir: null };
    const app = await buildApp({
      config: { ...config, metadataSync: false, catalogAutoImport: false },
      db,
    });
    await app.ready();
    await benchRecommendations(db, app.services, quick ? 800 : 2000);
    await app.close();
    return;
  }
  const { bigListId, ms: listsMs } = await seedLists(db);
  console.log(`  seeded 10,000 lists and a 1,000-item ranked list: ${listsMs} ms`);

  const config = {
    ...loadConfig({}),
    logLevel: 'silent' as const,
    webDistDir: null,
    metadataSync: false,
    catalogAutoImport: false,
    responseCache,
  };
  const app = await buildApp({ config, db });
  await app.ready();
  if (only === 'imports') {
    await benchImport(db, app.services);
    await app.close();
    return;
  }
  if (only === 'calendar') {
    // --only calendar: issue 22's iCal feed and calendar month of a member with 500 shows.
    await benchCalendar(app, db, quick ? 30 : 100);
    await app.close();
    return;
  }
  if (only === 'trakt') {
    // --only trakt: issue 27's Trakt sync: 10,000 plays in one POST, watched shows of 20,000.
    await benchTrakt(app, db, quick ? 10 : 30);
    await app.close();
    return;
  }
  if (only === 'year') {
    // --only year: issue 29's year in review of a member with 60,000 plays over 12 years.
    await benchYearReview(app, db, quick ? 20 : 50);
    await app.close();
    return;
  }
  if (only === 'reach') {
    // --only reach: issue 18's search that reaches TVmaze (a stand-in with a delay).
    await app.close();
    await benchReach(db, config);
    return;
  }
  if (only === 'people') {
    // --only people: just issue 11's signed-in feed and profile, timed and loaded.
    const people = await benchPeople(app, db);
    await app.close();
    // A fresh app, so each URL's first request is a miss of the per-viewer cache (ADR 091).
    const server = await buildApp({ config, db });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const hello = await helloWorld();
    const rows: TableRow[] = [];
    for (const endpoint of people.endpoints) {
      const cold = await missLatencies(server, endpoint.urls, people.headers);
      rows.push({
        name: endpoint.name,
        ...(await throughput(base, endpoint.urls, people.headers)),
        coldP50: cold.p50,
        coldMax: cold.max,
      });
    }
    printTable(label, hello, rows);
    await server.close();
    return;
  }

  const ids = (
    await db.kysely
      .selectFrom('shows')
      .select('id')
      .orderBy('popularity', 'desc')
      .limit(200)
      .execute()
  ).map((r) => r.id);
  const queries = [
    'br',
    'bre',
    'brea',
    'breaking',
    'brakng bad',
    'game of',
    'thrones',
    'pokemon',
    'Pokémon',
    'doctor who',
    'frieren',
    '進撃',
    'shield',
    'the',
    'office',
    'xyzzy',
  ];

  await timeRequests(
    app,
    'GET /api/search/suggestions (limit 6)',
    queries.map((q) => `/api/search/suggestions?limit=6&q=${encodeURIComponent(q)}`),
  );
  await timeRequests(
    app,
    'GET /api/shows/{id}',
    ids.map((id) => `/api/shows/${id}`),
  );
  await timeRequests(app, 'GET /api/shows (popular, 20)', [
    '/api/shows?limit=20',
    '/api/shows?limit=20&offset=100',
    '/api/shows?genre=Drama&limit=20',
  ]);
  await timeRequests(
    app,
    'GET /api/search (q, limit 50)',
    queries.map((q) => `/api/search?limit=50&q=${encodeURIComponent(q)}`),
  );
  await timeRequests(app, 'GET /api/shows/trending', ['/api/shows/trending']);
  await timeRequests(
    app,
    'GET /api/episodes/show/{id}',
    ids.slice(0, 50).map((id) => `/api/episodes/show/${id}`),
  );

  await benchTracking(app, db);
  const reviewUrls = await benchReviews(app, db);
  await benchLists(app, bigListId);
  const people = await benchPeople(app, db);
  await app.close();

  // A fresh app, so every URL of the table starts as a cache miss.
  const server = await buildApp({ config, db });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  // Hello-world again, right before this table: the machine's load drifts over a run.
  const helloBefore = await helloWorld();
  const rows: TableRow[] = [];
  for (const endpoint of [...hotEndpoints(ids, queries, bigListId), ...reviewUrls]) {
    // The first request of each URL is a cache miss: time those alone (one at a time), then
    // load the endpoint with 32 connections.
    const cold = await missLatencies(server, endpoint.urls);
    const load = await throughput(base, endpoint.urls);
    rows.push({ name: endpoint.name, ...load, coldP50: cold.p50, coldMax: cold.max });
  }
  // People (issue 11): a signed-in member's home feed (1,000 follows, 1,000,000 activity rows)
  // and a profile page, kept per viewer until an event changes them (ADR 091): the miss
  // columns are each URL's first request for this member.
  for (const endpoint of people.endpoints) {
    const cold = await missLatencies(server, endpoint.urls, people.headers);
    const load = await throughput(base, endpoint.urls, people.headers);
    rows.push({ name: endpoint.name, ...load, coldP50: cold.p50, coldMax: cold.max });
  }
  const helloAfter = await helloWorld();
  const hello: Load = {
    rps: (helloBefore.rps + helloAfter.rps) / 2,
    p50: Math.max(helloBefore.p50, helloAfter.p50),
    p99: Math.max(helloBefore.p99, helloAfter.p99),
    errors: helloBefore.errors + helloAfter.errors,
  };
  console.log(
    `  hello-world before / after this table: ${Math.round(helloBefore.rps)} / ${Math.round(helloAfter.rps)} req/s (the ratio uses their mean)`,
  );
  printTable(label, hello, rows);
  // Issue 22: the iCal feed of a member with 500 tracked shows.
  await benchCalendar(server, db, ITER / 10);
  // Issue 27: a Trakt app syncing 10,000 plays at once, and watched shows of 20,000 plays.
  await benchTrakt(server, db, ITER / 50);
  // Issue 13: a ten-year Trakt export imported (time and peak memory).
  await benchImport(db, server.services);
  await server.close();
  // Issue 18: a search that reaches TVmaze (stand-in), and the local answer while it is down.
  await benchReach(db, config);
}

/**
 * A ten-year user: 5,000 watchlist items and 20,000 watched episodes (on 1,000 shows given 22
 * synthetic episodes each, 2 left unwatched so up-next has work), written straight to the tables.
 */
async function benchTracking(app: App, db: Db) {
  const started = performance.now();
  const { token, user } = await registerUser(app, {
    username: `bench_${process.pid}`,
    email: `bench_${process.pid}@example.test`,
    password: 'benchmark',
  });
  const headers = { authorization: `Bearer ${token}` };
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
        Array.from({ length: 22 }, (_, k) => ({
          source_id: `bench:${showId}:${k}`,
          source_hash: 'bench',
          show_id: showId,
          season_number: 100 + Math.floor(k / 11),
          episode_number: (k % 11) + 1,
          type: 'regular',
          title: `Bench episode ${k + 1}`,
          air_date: `2015-${String((k % 12) + 1).padStart(2, '0')}-01`,
          created_at: now,
          updated_at: now,
        })),
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

/**
 * Reviews (issue 9): 100,000 reviews by 2,000 demo members with likes and comments (the
 * demo-data command's seeding), then the feed and a review page, anonymous and signed in.
 * Returns the hot reads for the table: what anonymous visitors load.
 */
async function benchReviews(app: App, db: Db) {
  const seeded = await app.services.demoData.seedReviews({ reviews: 100_000 });
  console.log(
    `  reviews: ${seeded.reviews} reviews, ${seeded.likes} likes, ${seeded.comments} comments by ${seeded.members} demo members, seeded in ${(seeded.ms / 1000).toFixed(1)} s`,
  );
  const reviewIds = (
    await db.kysely
      .selectFrom('reviews')
      .select('id')
      .where('is_public', '=', 1)
      .orderBy('likes_count', 'desc')
      .limit(200)
      .execute()
  ).map((r) => r.id);
  const feeds = [
    '/api/reviews?limit=10',
    '/api/reviews?limit=10&offset=10',
    '/api/reviews?filter=top_rated&limit=10',
    '/api/reviews?filter=most_liked&limit=10',
    '/api/reviews?sort=rating&order=asc&limit=10&offset=500',
  ];
  const { token } = await registerUser(app, {
    username: `bench_reader_${process.pid}`,
    email: `bench_reader_${process.pid}@example.test`,
    password: 'benchmark',
  });
  const headers = { authorization: `Bearer ${token}` };
  await timeRequests(app, 'GET /api/reviews (feed, anonymous)', feeds);
  await timeRequests(app, 'GET /api/reviews (feed, signed in)', feeds, headers);
  const details = reviewIds.map((id) => `/api/reviews/${id}`);
  await timeRequests(app, 'GET /api/reviews/{id} (anonymous)', details);
  await timeRequests(app, 'GET /api/reviews/{id} (signed in)', details, headers);
  await timeRequests(
    app,
    'GET /api/reviews/{id}/comments',
    reviewIds.map((id) => `/api/reviews/${id}/comments`),
  );
  return [
    { name: 'reviews feed', urls: feeds },
    { name: 'review detail', urls: details },
  ];
}

/** Lists read the slow way: signed in (never cached), so the database and serialiser run. */
async function benchLists(app: App, bigListId: number) {
  const { token } = await registerUser(app, {
    username: `bench_lists_${process.pid}`,
    email: `bench_lists_${process.pid}@example.test`,
    password: 'benchmark',
  });
  const headers = { authorization: `Bearer ${token}` };
  await timeRequests(
    app,
    'GET list 1k items page (100, signed in, uncached)',
    Array.from(
      { length: 10 },
      (_, i) => `/api/lists/${bigListId}/items?limit=100&offset=${i * 100}`,
    ),
    headers,
  );
  await timeRequests(
    app,
    'GET list 1k (signed in, uncached)',
    [`/api/lists/${bigListId}`],
    headers,
  );
}

/**
 * People (issue 11): a member following 1,000 others among 2,000 members who wrote 1,000,000
 * activity entries between them (one multi-row INSERT ... SELECT per table, generated by the
 * database), then the home feed and a profile page.
 */
async function benchPeople(app: App, db: Db) {
  const started = performance.now();
  const MEMBERS = 2000;
  const FOLLOWS = 1000;
  const ACTIVITIES = 1_000_000;
  const { token, user } = await registerUser(app, {
    username: `bench_viewer_${process.pid}`,
    email: `bench_viewer_${process.pid}@example.test`,
    password: 'benchmark',
  });
  const headers = { authorization: `Bearer ${token}` };
  const now = Date.now();
  const series = (n: number) =>
    db.dialect === 'postgres'
      ? sql`select g as x from generate_series(1, ${sql.lit(n)}) g`
      : sql`with recursive c(x) as (select 1 union all select x + 1 from c where x < ${sql.lit(n)}) select x from c`;
  const iso = new Date(now).toISOString();
  await sql`insert into users (username, username_lower, email, email_lower, password_hash, display_name, is_public, created_at, updated_at)
    select 'member_' || x, 'member_' || x, 'member_' || x || '@example.test', 'member_' || x || '@example.test', 'x', 'Member ' || x, 1, ${iso}, ${iso}
    from (${series(MEMBERS)}) s`.execute(db.kysely);
  const members = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('username_lower', 'like', 'member_%')
    .orderBy('id')
    .execute();
  const first = members[0]!.id;
  await sql`insert into follows (follower_id, followee_id, created_at)
    select ${user.id}, ${first} + (x - 1) * 2, ${iso} from (${series(FOLLOWS)}) s`.execute(
    db.kysely,
  );
  const showIds = (
    await db.kysely.selectFrom('shows').select('id').orderBy('id').limit(1000).execute()
  ).map((r) => r.id);
  const minShow = showIds[0]!;
  // Entries spread over the last year, every member alike; shows cycle through the first 1,000.
  const actions = ['watched', 'rated', 'added', 'completed'];
  const actionSql =
    db.dialect === 'postgres'
      ? sql`(array[${sql.join(actions.map((a) => sql.lit(a)))}])[1 + x % 4]`
      : sql`case x % 4 when 0 then 'watched' when 1 then 'rated' when 2 then 'added' else 'completed' end`;
  const isoOf =
    db.dialect === 'postgres'
      ? sql`to_char(to_timestamp(${now / 1000} - x * 31.5) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${now / 1000} - x * 31.5, 'unixepoch')`;
  await sql`insert into activities (user_id, action, show_id, episode_count, rating, created_at)
    select ${first} + x % ${sql.lit(MEMBERS)}, ${actionSql}, ${minShow} + x % ${sql.lit(showIds.length)}, 1 + x % 3,
      case when x % 4 = 1 then 1 + x % 10 else null end, ${isoOf}
    from (${series(ACTIVITIES)}) s`.execute(db.kysely);
  await sql`analyze`.execute(db.kysely);
  console.log(
    `  people: ${MEMBERS} members, ${FOLLOWS} follows, ${ACTIVITIES.toLocaleString('en')} activity rows, set up in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const feed = [
    '/api/activity/feed',
    '/api/activity/feed?offset=20',
    '/api/activity/feed?offset=200&limit=50',
  ];
  const profiles = [
    '/api/users/username/member_2',
    '/api/users/username/member_3',
    '/api/users/username/member_1500',
  ];
  await timeRequests(app, 'GET activity feed (1,000 follows)', feed, headers);
  await timeRequests(app, 'GET profile (signed in)', profiles, headers);
  await timeRequests(app, 'GET member activity (20)', [`/api/users/${first}/activity`], headers);
  return {
    headers,
    endpoints: [
      { name: 'activity feed', urls: feed },
      { name: 'profile', urls: profiles },
    ],
  };
}

async function main() {
  console.log(
    `Series Tracker benchmark — ${os.cpus().length} cores, Node ${process.version}${quick ? ' (quick)' : ''}` +
      (responseCache
        ? ' — catalogue reads cached after their first request'
        : ' — response cache off'),
  );

  if (which === 'sqlite' || which === 'both') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-bench-'));
    const db = connect(`file:${path.join(dir, 'bench.db')}`);
    try {
      await benchOn(db, 'SQLite (file, WAL)');
    } finally {
      await db.close();
      if (process.env.BENCH_KEEP_DB) console.log(`  kept ${dir}`);
      else fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (scale && which !== 'postgres')
    throw new Error('--scale runs on PostgreSQL: add --db postgres');
  if (which === 'postgres' || which === 'both') {
    const name = `series_tracker_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
    } catch (err) {
      console.log(
        `\n== PostgreSQL skipped: cannot connect to ${PG_URL} (${(err as Error).message})`,
      );
      return;
    }
    await admin.query(`create database ${name}`);
    const db = connect(`${PG_URL.replace(/\/[^/]*$/, '')}/${name}`);
    try {
      if (scale) {
        await migrateToLatest(db);
        await importCatalog(db, readCatalogFile(path.join(repoRoot, 'data/catalog.json.gz')));
        await benchLarge(db, scale, SECONDS);
      } else await benchOn(db, 'PostgreSQL');
    } finally {
      await db.close();
      if (process.env.BENCH_KEEP_DB) console.log(`  kept database ${name} (BENCH_KEEP_DB)`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

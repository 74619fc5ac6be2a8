/**
 * `npm run bench -- --db postgres --scale large` (issue 32): PostgreSQL at the size a popular
 * instance reaches. A throwaway database gets the bundled catalogue, then, by bulk loading
 * (INSERT … SELECT over generate_series, one statement a table, counters set afterwards as the
 * app keeps them): 100,000 members, 5 tracked shows each (500,000 watchlist rows), 10 watched
 * episodes of each (5,000,000 plays and as many progress rows), 1,000,000 activity rows,
 * 200,000 reviews, 50,000 lists of 10 shows, 500,000 follows; and one signed-in viewer with a
 * long history (200 shows, 2,000 plays) who follows 1,000 members. Then each hot read is
 * loaded with 32 connections against a hello-world in the same run (target ≥ 0.40 × hello,
 * p99 ≤ 25 ms), and the plans of the viewer's own reads are printed.
 * `--scale medium` is the same at a tenth (a quicker check of the seeding).
 */
import { sql, type Kysely } from 'kysely';
import { benchConfig, startServer } from './server';
import type { Db } from '../src/db/connection';
import type { Database } from '../src/db/types';
import { loadTools } from './load';
import { benchMember } from './member';

export interface LargeScale {
  members: number;
  activities: number;
  reviews: number;
  lists: number;
}

export const scales: Record<'large' | 'medium', LargeScale> = {
  large: { members: 100_000, activities: 1_000_000, reviews: 200_000, lists: 50_000 },
  medium: { members: 10_000, activities: 100_000, reviews: 20_000, lists: 5_000 },
};

const SHOWS_PER_MEMBER = 5;
const EPISODES_PER_SHOW = 10;
const POOL = 2000; // the popular shows members track
const TEN_YEARS = 3650 * 86400;

const series = (n: number) => sql`generate_series(0, ${sql.lit(n - 1)})`;
/** An ISO instant `secondsAgo` before now, as the app stores it (text, UTC, milliseconds). */
const isoAgo = (secondsAgo: ReturnType<typeof sql>) =>
  sql`to_char(now() at time zone 'UTC' - make_interval(secs => ${secondsAgo}), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function timed(label: string, run: () => Promise<unknown>) {
  const t0 = performance.now();
  await run();
  console.log(`  ${label.padEnd(58)} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const BULK_TABLES = [
  'watchlist_items',
  'episode_plays',
  'episode_progress',
  'activities',
  'reviews',
  'lists',
  'list_items',
  'follows',
];

/**
 * Bulk loading as PostgreSQL's manual advises: on one connection, foreign-key triggers off
 * (`session_replication_role = replica`: the generated rows point only at rows that exist),
 * the secondary indexes of the big tables dropped before and built again after (a sort per
 * index instead of 12 million index insertions). Unique and primary-key indexes stay.
 */
async function seed(db: Db, scale: LargeScale): Promise<number> {
  return db.kysely.connection().execute(async (k) => {
    const indexes = (
      await sql<{ name: string; definition: string }>`
        select i.indexname as name, i.indexdef as definition from pg_indexes i
        join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
        where i.schemaname = current_schema() and i.tablename in (${sql.join(BULK_TABLES)})
          and not x.indisunique and not x.indisprimary`.execute(k)
    ).rows;
    await sql`set session_replication_role = replica`.execute(k);
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(k);
    const first = await load(k, scale);
    await timed(`${indexes.length} secondary indexes built again`, async () => {
      for (const index of indexes) await sql.raw(index.definition).execute(k);
    });
    await sql`set session_replication_role = origin`.execute(k);
    await timed('counters (shows: members, reviews) and ANALYZE', async () => {
      await sql`update shows s set total_users = c.n from
        (select show_id, count(*) as n from watchlist_items group by show_id) c
        where c.show_id = s.id`.execute(k);
      await sql`update shows s set total_reviews = c.n from
        (select show_id, count(*) as n from reviews where is_public = 1 group by show_id) c
        where c.show_id = s.id`.execute(k);
      await sql`analyze`.execute(k);
    });
    return first;
  });
}

/** Loads the community's rows; returns the first member's id. */
async function load(k: Kysely<Database>, scale: LargeScale): Promise<number> {
  const N = scale.members;
  await timed(`pool of ${POOL} popular shows, 11 episodes each at least`, async () => {
    await sql`create table bench_pool as
      select (row_number() over (order by s.popularity desc, s.id) - 1)::int as idx, s.id as show_id
      from shows s order by s.popularity desc, s.id limit ${sql.lit(POOL)}`.execute(k);
    // The bundled catalogue carries episodes for a few hundred shows (the rest come from TVmaze
    // when first opened): the others get a synthetic season 100 of 11 episodes, as in run.ts.
    await sql`insert into episodes (source_id, source_hash, show_id, season_number, episode_number,
        type, title, air_date, created_at, updated_at)
      select 'bench:' || p.show_id || ':' || n, 'bench', p.show_id, 100, n, 'regular',
        'Bench episode ' || n, '2015-01-01', ${isoAgo(sql`0`)}, ${isoAgo(sql`0`)}
      from bench_pool p cross join generate_series(1, 11) n
      where (select count(*) from episodes e where e.show_id = p.show_id and e.season_number > 0) < 11`.execute(
      k,
    );
    await sql`create table bench_eps as
      select p.idx, p.show_id, e.id as episode_id, e.rn::int as rn from bench_pool p
      cross join lateral (
        select id, row_number() over (order by season_number, episode_number, id) as rn
        from episodes where show_id = p.show_id and season_number > 0
        order by season_number, episode_number, id limit 11) e`.execute(k);
    await sql`create index on bench_eps (idx, rn)`.execute(k);
  });
  await timed(`${N.toLocaleString('en')} members (one in ten private)`, () =>
    sql`insert into users (username, username_lower, email, email_lower, password_hash,
        display_name, is_public, created_at, updated_at)
      select 'member_' || x, 'member_' || x, 'member_' || x || '@example.test',
        'member_' || x || '@example.test', 'x', 'Member ' || x, case when x % 10 = 9 then 0 else 1 end,
        ${isoAgo(sql`(x * 977) % ${sql.lit(TEN_YEARS)}`)}, ${isoAgo(sql`0`)}
      from ${series(N)} x`.execute(k),
  );
  const first = Number(
    (
      await sql<{
        id: number;
      }>`select min(id) as id from users where username_lower like 'member\\_%'`.execute(k)
    ).rows[0]!.id,
  );
  // Member m's j-th show: pool index (m * 7 + j * 397) % POOL, distinct for j < 5.
  const showIdx = (m: ReturnType<typeof sql>, j: ReturnType<typeof sql>) =>
    sql`((${m}) * 7 + (${j}) * 397) % ${sql.lit(POOL)}`;
  await timed(`${(N * SHOWS_PER_MEMBER).toLocaleString('en')} watchlist rows`, () =>
    sql`insert into watchlist_items (user_id, show_id, status, score, progress, next_episode_id,
        last_watched_at, started_at, created_at, updated_at)
      select ${first} + m, p.show_id, case when j = 4 then 'on_hold' else 'watching' end,
        case when j < 2 then 1 + (m + j) % 10 else null end, ${EPISODES_PER_SHOW}, nxt.episode_id,
        ${isoAgo(sql`(m * 131 + j) % ${sql.lit(TEN_YEARS)}`)},
        ${isoAgo(sql`(m * 131 + j) % ${sql.lit(TEN_YEARS)} + 86400`)},
        ${isoAgo(sql`(m * 131 + j) % ${sql.lit(TEN_YEARS)} + 86400`)}, ${isoAgo(sql`0`)}
      from ${series(N)} m cross join ${series(SHOWS_PER_MEMBER)} j
      join bench_pool p on p.idx = ${showIdx(sql`m`, sql`j`)}
      join bench_eps nxt on nxt.idx = p.idx and nxt.rn = ${EPISODES_PER_SHOW + 1}`.execute(k),
  );
  const plays = N * SHOWS_PER_MEMBER * EPISODES_PER_SHOW;
  for (const table of ['episode_plays', 'episode_progress'] as const) {
    await timed(`${plays.toLocaleString('en')} ${table} rows`, () =>
      table === 'episode_plays'
        ? sql`insert into episode_plays (user_id, episode_id, show_id, watched_at, source, run, created_at)
            select ${first} + m, e.episode_id, e.show_id,
              ${isoAgo(sql`((m * 131 + j) % ${sql.lit(TEN_YEARS)}) - e.rn * 3600 + 36000`)}, 'web', 1, ${isoAgo(sql`0`)}
            from ${series(N)} m cross join ${series(SHOWS_PER_MEMBER)} j
            join bench_eps e on e.idx = ${showIdx(sql`m`, sql`j`)} and e.rn <= ${EPISODES_PER_SHOW}`.execute(
            k,
          )
        : sql`insert into episode_progress (user_id, episode_id, show_id, watched_at, created_at, updated_at)
            select user_id, episode_id, show_id, watched_at, created_at, created_at
            from episode_plays where user_id >= ${first}`.execute(k),
    );
  }
  await timed(`${scale.activities.toLocaleString('en')} activity rows`, () =>
    sql`insert into activities (user_id, action, show_id, episode_count, rating, created_at)
      select ${first} + x % ${sql.lit(N)},
        (array['watched', 'rated', 'added', 'completed'])[1 + x % 4], p.show_id, 1 + x % 3,
        case when x % 4 = 1 then 1 + x % 10 else null end,
        ${isoAgo(sql`(x::bigint * ${sql.lit(Math.floor(TEN_YEARS / scale.activities))}) % ${sql.lit(TEN_YEARS)}`)}
      from ${series(scale.activities)} x join bench_pool p on p.idx = x % ${sql.lit(POOL)}`.execute(
      k,
    ),
  );
  await timed(`${scale.reviews.toLocaleString('en')} reviews`, () =>
    sql`insert into reviews (user_id, show_id, title, content, rating, is_spoiler, is_public,
        likes_count, comments_count, created_at, updated_at)
      select ${first} + x % ${sql.lit(N)}, p.show_id, 'Review ' || x,
        'A few honest paragraphs about this show, number ' || x || '. It held up on a second watch.',
        1 + x % 10, case when x % 17 = 0 then 1 else 0 end, case when x % 20 = 19 then 0 else 1 end,
        (x * 7) % 40, 0, ${isoAgo(sql`(x::bigint * 1499) % ${sql.lit(TEN_YEARS)}`)}, ${isoAgo(sql`0`)}
      from ${series(scale.reviews)} x
      join bench_pool p on p.idx = ${showIdx(sql`x % ${sql.lit(N)}`, sql`x / ${sql.lit(N)}`)}`.execute(
      k,
    ),
  );
  await timed(`${scale.lists.toLocaleString('en')} lists of 10 shows`, async () => {
    await sql`insert into lists (user_id, name, description, is_public, is_ranked, item_count,
        followers_count, created_at, updated_at)
      select ${first} + (x * 2) % ${sql.lit(N)}, 'Favourites ' || x, 'Shows worth a weekend.',
        case when x % 10 = 9 then 0 else 1 end, x % 2, 10, x % 7,
        ${isoAgo(sql`(x::bigint * 6007) % ${sql.lit(TEN_YEARS)}`)}, ${isoAgo(sql`0`)}
      from ${series(scale.lists)} x`.execute(k);
    await sql`insert into list_items (list_id, show_id, position, added_at)
      select l.id, p.show_id, j + 1, l.created_at
      from lists l cross join ${series(10)} j
      join bench_pool p on p.idx = (l.id * 31 + j * 101) % ${sql.lit(POOL)}
      where l.user_id >= ${first}`.execute(k);
  });
  await timed(`${(N * 5).toLocaleString('en')} follows`, () =>
    sql`insert into follows (follower_id, followee_id, created_at)
      select ${first} + m, ${first} + (m + 1 + j * 7919) % ${sql.lit(N)}, ${isoAgo(sql`m`)}
      from ${series(N)} m cross join ${series(5)} j
      on conflict do nothing`.execute(k),
  );
  return first;
}

/** The signed-in viewer: a long history on 200 shows, following 1,000 members. */
async function seedViewer(db: Db, viewerId: number, first: number, members: number) {
  const k = db.kysely;
  await sql`insert into watchlist_items (user_id, show_id, status, progress, next_episode_id,
      last_watched_at, started_at, created_at, updated_at)
    select ${viewerId}, p.show_id, 'watching', ${EPISODES_PER_SHOW}, nxt.episode_id,
      ${isoAgo(sql`p.idx * 86400`)}, ${isoAgo(sql`p.idx * 86400 + 3600`)},
      ${isoAgo(sql`p.idx * 86400 + 3600`)}, ${isoAgo(sql`0`)}
    from bench_pool p join bench_eps nxt on nxt.idx = p.idx and nxt.rn = ${EPISODES_PER_SHOW + 1}
    where p.idx < 200`.execute(k);
  await sql`insert into episode_plays (user_id, episode_id, show_id, watched_at, source, run, created_at)
    select ${viewerId}, e.episode_id, e.show_id, ${isoAgo(sql`e.idx * 86400 - e.rn * 1800 + 36000`)},
      'web', 1, ${isoAgo(sql`0`)}
    from bench_eps e where e.idx < 200 and e.rn <= ${EPISODES_PER_SHOW}`.execute(k);
  await sql`insert into episode_progress (user_id, episode_id, show_id, watched_at, created_at, updated_at)
    select user_id, episode_id, show_id, watched_at, created_at, created_at
    from episode_plays where user_id = ${viewerId}`.execute(k);
  await sql`insert into follows (follower_id, followee_id, created_at)
    select ${viewerId}, ${first} + (x * 97) % ${sql.lit(members)}, ${isoAgo(sql`x`)}
    from ${series(1000)} x on conflict do nothing`.execute(k);
  await sql`analyze`.execute(k);
}

/** The plans of the viewer's own reads that no cache answers for everybody. */
async function printPlans(db: Db, viewerId: number) {
  const plans: [string, ReturnType<typeof sql>][] = [
    [
      'history (newest 20 plays)',
      sql`select * from episode_plays where user_id = ${viewerId} order by watched_at desc, id desc limit 20`,
    ],
    [
      'feed (followed members, newest 20)',
      sql`select a.* from activities a where a.user_id in (select followee_id from follows where follower_id = ${viewerId}) order by a.created_at desc, a.id desc limit 20`,
    ],
  ];
  for (const [label, query] of plans) {
    const rows = (
      await sql<{
        'QUERY PLAN': string;
      }>`explain (analyze, costs off, timing off, summary on) ${query}`.execute(db.kysely)
    ).rows;
    console.log(`\n  plan: ${label}`);
    for (const row of rows) console.log(`    ${row['QUERY PLAN']}`);
  }
}

export async function benchLarge(db: Db, scaleName: 'large' | 'medium', seconds: number) {
  if (db.dialect !== 'postgres') throw new Error('--scale runs on PostgreSQL (--db postgres)');
  const scale = scales[scaleName];
  const { helloWorld, printTable, measure, helloBetween } = loadTools({ seconds });
  const started = performance.now();
  const first = await seed(db, scale);
  console.log(
    `  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s (${scaleName} scale)`,
  );

  const { server, base } = await startServer(benchConfig(), db);
  const { user, headers } = await benchMember(server, `viewer_${process.pid}`);
  await seedViewer(db, user.id, first, scale.members);

  const showIds = (
    await sql<{ show_id: number }>`select show_id from bench_pool order by idx limit 100`.execute(
      db.kysely,
    )
  ).rows.map((r) => r.show_id);
  const q = (s: string) => encodeURIComponent(s);
  const queries = ['breaking', 'brakng bad', 'game of', 'doctor who', 'office', '進撃', 'the'];
  // Public members only (every tenth member is private: index % 10 = 9).
  const member = (i: number) => first + ((i * 7910) % scale.members);
  const publicEndpoints = [
    { name: 'show', urls: showIds.map((id) => `/api/shows/${id}`) },
    { name: 'episodes', urls: showIds.slice(0, 50).map((id) => `/api/episodes/show/${id}`) },
    { name: 'global search', urls: queries.map((s) => `/api/search?limit=20&q=${q(s)}`) },
    { name: 'suggestions', urls: queries.map((s) => `/api/search/suggestions?limit=8&q=${q(s)}`) },
    { name: 'trending', urls: ['/api/shows/trending?limit=10'] },
    {
      name: 'reviews feed',
      urls: [
        '/api/reviews/recent',
        '/api/reviews/popular',
        ...showIds.slice(0, 20).map((id) => `/api/shows/${id}/reviews`),
      ],
    },
    { name: 'lists index', urls: ['/api/lists', '/api/lists/popular', '/api/lists/recent'] },
    {
      name: 'profile',
      urls: Array.from(
        { length: 20 },
        (_, i) => `/api/users/username/member_${(i * 4990) % scale.members}`,
      ),
    },
    {
      name: 'member history',
      urls: Array.from({ length: 20 }, (_, i) => `/api/users/${member(i)}/history`),
    },
    { name: 'stats', urls: ['/api/stats/global'] },
  ];
  const viewerEndpoints = [
    { name: 'my feed', urls: ['/api/activity/feed', '/api/activity/feed?offset=20'] },
    { name: 'my history', urls: ['/api/users/me/history'] },
    { name: 'my Up Next', urls: ['/api/me/up-next'] },
    { name: 'my stats', urls: ['/api/stats/me'] },
  ];

  const helloBefore = await helloWorld();
  const rows = [
    ...(await measure(server, base, publicEndpoints)),
    ...(await measure(server, base, viewerEndpoints, headers)),
  ];
  const hello = helloBetween(helloBefore, await helloWorld());
  printTable(`PostgreSQL, ${scaleName} community`, hello, rows);
  await printPlans(db, user.id);
  await server.close();
}

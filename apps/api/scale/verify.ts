import pg from 'pg';
import type { Ledger } from './load';

/**
 * After the faults: every acknowledged write is in the database, and the counters the pages
 * show equal the rows they count.
 */
export async function verifyDatabase(url: string, ledger: Ledger) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const n = async (text: string, values: unknown[] = []) =>
    Number((await client.query<{ n: string }>(text, values)).rows[0]!.n);
  try {
    const pairs = (rows: [number, number][]) => [rows.map((r) => r[0]), rows.map((r) => r[1])];
    const users = await n('select count(*) as n from users where id = any($1::int[])', [
      ledger.users.map((u) => u.id),
    ]);
    /** How many of the ledger's (member, item) pairs have their row in `table`. */
    const pairsStored = (table: string, column: string, rows: [number, number][]) =>
      n(
        `select count(*) as n from unnest($1::int[], $2::int[]) as l(u, x)
         where exists (select 1 from ${table} t where t.user_id = l.u and t.${column} = l.x)`,
        pairs(rows),
      );
    const tracked = await pairsStored('watchlist_items', 'show_id', ledger.tracked);
    const marked = await pairsStored('episode_progress', 'episode_id', ledger.marked);
    const reviews = await n('select count(*) as n from reviews where id = any($1::int[])', [
      ledger.reviews.map((r) => r.id),
    ]);
    const likes = await pairsStored('review_likes', 'review_id', ledger.likes);
    const counters = {
      watchers: await n(`select count(*) as n from shows s
        where s.total_users <> (select count(*) from watchlist_items w where w.show_id = s.id)`),
      reviewsPerShow: await n(`select count(*) as n from shows s
        where s.total_reviews <> (select count(*) from reviews r where r.show_id = s.id and r.is_public = 1)`),
      reviewLikes: await n(`select count(*) as n from reviews r
        where r.likes_count <> (select count(*) from review_likes k where k.review_id = r.id)`),
      progress: await n(`select count(*) as n from watchlist_items w
        where w.progress <> (select count(*) from episode_progress p join episodes e on e.id = p.episode_id
          where p.user_id = w.user_id and e.show_id = w.show_id and e.type = 'regular')`),
      duplicatePlays: await n(`select count(*) as n from (select 1 from episode_plays
        group by user_id, episode_id, watched_at having count(*) > 1) d`),
    };
    return {
      acknowledged: {
        users: [users, ledger.users.length],
        tracked: [tracked, ledger.tracked.length],
        marked: [marked, ledger.marked.length],
        reviews: [reviews, ledger.reviews.length],
        likes: [likes, ledger.likes.length],
      } as Record<string, [found: number, acknowledged: number]>,
      /** Rows whose counter disagrees with a COUNT(*) of what it counts (0 = exact). */
      counters,
    };
  } finally {
    await client.end();
  }
}

/** The import member's plays: how many, and how many would be duplicates. */
export async function importedRows(url: string, userId: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (text: string) =>
      Number((await client.query<{ n: string }>(text, [userId])).rows[0]!.n);
    return {
      plays: await one('select count(*) as n from episode_plays where user_id = $1'),
      held: await one('select count(*) as n from import_held_episodes where user_id = $1'),
      items: await one('select count(*) as n from watchlist_items where user_id = $1'),
    };
  } finally {
    await client.end();
  }
}

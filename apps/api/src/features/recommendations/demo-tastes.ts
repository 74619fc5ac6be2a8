import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { hashPassword } from '../auth/password';

/**
 * Demo members whose tastes cluster (ADR 183), for the recommendations bench and local
 * development (`npm run demo-data -- --tastes 2000`). Each member `demotaste_NNNN` belongs to
 * one taste group (a few genres; anime by kind), a quarter of them to a second one, and tracks
 * 12–60 shows: three quarters from their groups, where each group has its own favourites (a
 * popularity order shuffled per group, so a group's canon is not just the genre's best known),
 * the rest from the whole catalogue's best known. In-group shows get better statuses and
 * scores than the rest. Deterministic for a given `seed`. Test data, named as such.
 */
export interface DemoTasteOptions {
  members?: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

/** The taste groups: genre names as the catalogue spells them ('anime': the kind). */
export const tasteGroups = [
  ['Crime', 'Thriller', 'Mystery'],
  ['Comedy'],
  ['Science-Fiction', 'Fantasy'],
  ['Romance'],
  ['anime'],
  ['Action', 'War', 'History'],
  ['Horror', 'Supernatural'],
  ['Family', 'Children'],
  ['Food', 'Travel', 'Nature', 'Music', 'Sports'],
] as const;

/** mulberry32: a tiny seeded generator, so the same seed gives the same community. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const chunk = <T>(xs: T[], n: number) =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/** Draws from `items` with Zipf-like weights by position (1 / (i + 3)), without repeats. */
function zipfDraw(items: number[], taken: Set<number>, rand: () => number): number | null {
  for (let tries = 0; tries < 50; tries++) {
    // Inverse of a continuous 1/(x+3) distribution over [0, n).
    const n = items.length;
    const i = Math.floor(3 * Math.pow((n + 3) / 3, rand()) - 3);
    const id = items[Math.min(n - 1, Math.max(0, i))]!;
    if (!taken.has(id)) return id;
  }
  return null;
}

export async function seedDemoTastes(db: Db, options: DemoTasteOptions = {}) {
  const started = performance.now();
  const members = options.members ?? 2000;
  const rand = seeded(options.seed ?? 29);
  const k = db.kysely;
  if (
    await k
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', 'demotaste_0001')
      .executeTakeFirst()
  )
    throw new Error('Demo tastes are already there (member demotaste_0001 exists).');

  const shows = await k
    .selectFrom('shows')
    .select(['id', 'kind', 'popularity'])
    .orderBy('popularity', 'desc')
    .orderBy('id')
    .execute();
  if (shows.length === 0) throw new Error('No shows: import the catalogue first.');
  const genres = await k
    .selectFrom('show_genres')
    .innerJoin('genres', 'genres.id', 'show_genres.genre_id')
    .select(['show_genres.show_id', 'genres.name'])
    .execute();
  const genresOf = new Map<number, Set<string>>();
  for (const g of genres)
    genresOf.set(g.show_id, (genresOf.get(g.show_id) ?? new Set()).add(g.name));

  // Each group's canon: its shows in popularity order, perturbed so each group has its own.
  const popular = shows.slice(0, 400).map((s) => s.id);
  const groupPools = tasteGroups.map((names) => {
    const inGroup = shows.filter((s, rank) =>
      names.some((n) =>
        n === 'anime' ? s.kind === 'anime' && rank < 1500 : genresOf.get(s.id)?.has(n),
      ),
    );
    return inGroup
      .slice(0, 200)
      .map((s, rank) => ({ id: s.id, key: Math.log(rank + 2) + 1.5 * rand() }))
      .sort((a, b) => a.key - b.key)
      .map((s) => s.id);
  });
  const groups = groupPools.map((pool, i) => ({ i, pool })).filter((g) => g.pool.length >= 10);
  if (!groups.length) throw new Error('The catalogue has too few shows with genres for tastes.');

  const hash = await hashPassword(randomBytes(18).toString('base64url'));
  const base = Date.now();
  const span = 2 * 365 * 86_400_000;
  const iso = (t: number) => new Date(t).toISOString();
  let done = 0;
  for (const part of chunk(
    Array.from({ length: members }, (_, i) => i + 1),
    250,
  )) {
    const users = await k
      .insertInto('users')
      .values(
        part.map((n) => {
          const name = `demotaste_${String(n).padStart(4, '0')}`;
          return {
            username: name,
            username_lower: name,
            email: `${name}@demo.invalid`,
            email_lower: `${name}@demo.invalid`,
            password_hash: hash,
            display_name: `Demo taste member ${n}`,
            is_public: 1,
            created_at: iso(base - span),
            updated_at: iso(base - span),
          };
        }),
      )
      .returning('id')
      .execute();
    const items = users.flatMap(({ id: userId }) => {
      const primary = groups[Math.floor(rand() * groups.length)]!;
      const second = rand() < 0.25 ? groups[Math.floor(rand() * groups.length)]! : null;
      const count = 12 + Math.floor(rand() * rand() * 49);
      const taken = new Set<number>();
      const rows = [];
      for (let j = 0; j < count; j++) {
        const r = rand();
        const source = r < 0.25 ? popular : second && r < 0.45 ? second.pool : primary.pool;
        const showId = zipfDraw(source, taken, rand);
        if (showId === null) continue;
        taken.add(showId);
        const liked = source !== popular;
        const s = rand();
        const status = liked
          ? s < 0.55
            ? 'completed'
            : s < 0.85
              ? 'watching'
              : s < 0.95
                ? 'want_to_watch'
                : 'dropped'
          : s < 0.35
            ? 'completed'
            : s < 0.6
              ? 'watching'
              : s < 0.8
                ? 'want_to_watch'
                : 'dropped';
        const score =
          status === 'want_to_watch' || rand() < 0.4
            ? null
            : liked
              ? 6 + Math.floor(rand() * 5)
              : 3 + Math.floor(rand() * 5);
        const at = iso(base - Math.floor(rand() * span));
        rows.push({
          user_id: userId,
          show_id: showId,
          status,
          score,
          created_at: at,
          updated_at: at,
        });
      }
      return rows;
    });
    for (const rows of chunk(items, 1000))
      await k.insertInto('watchlist_items').values(rows).execute();
    done += part.length;
    options.onProgress?.(done, members);
  }

  // shows.total_users is the number of watchlist items of the show (tracking keeps it so).
  await sql`update shows set total_users = (select count(*) from watchlist_items wi
      where wi.show_id = shows.id)
    where id in (select distinct show_id from watchlist_items)`.execute(k);
  await sql`analyze`.execute(k);
  const tracked = await k
    .selectFrom('watchlist_items')
    .innerJoin('users', 'users.id', 'watchlist_items.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('users.username_lower', 'like', 'demotaste_%')
    .executeTakeFirst();
  return {
    members,
    groups: groups.length,
    items: Number(tracked?.n ?? 0),
    ms: Math.round(performance.now() - started),
  };
}

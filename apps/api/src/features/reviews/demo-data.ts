import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { nowIso } from '../../lib/time';
import { createUnitOfWork } from '../../platform/unit-of-work';
import { hashPassword } from '../auth/password';

/**
 * Demo data for load tests and local development (`npm run demo-data`, the bench): members
 * named `demo_NNNN` ("Demo member N", nobody knows their password) and reviews titled
 * "Demo review …", with likes and comments whose counters match their rows exactly. Never run
 * on a real community: it is test data and says so in every name.
 */
export interface DemoReviewOptions {
  reviews: number;
  /** Each member reviews at most `showsPool` shows, so members ≥ reviews / showsPool. */
  members?: number;
  showsPool?: number;
  onProgress?: (done: number, total: number) => void;
}

const words =
  'pacing finale pilot cast writing score twist arc season villain hero episode cliffhanger dialogue soundtrack cinematography ending character chemistry worldbuilding'.split(
    ' ',
  );

const chunk = <T>(xs: T[], n: number) =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

export async function seedDemoReviews(db: Db, options: DemoReviewOptions) {
  const started = performance.now();
  const total = options.reviews;
  const showsPool = options.showsPool ?? 500;
  const perMember = Math.min(showsPool, 50);
  const members = options.members ?? Math.max(1, Math.ceil(total / perMember));
  const k = db.kysely;
  const uow = createUnitOfWork(db);

  if (
    await k
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', 'demo_0001')
      .executeTakeFirst()
  )
    throw new Error('Demo data is already there (member demo_0001 exists).');
  const shows = (
    await k
      .selectFrom('shows')
      .select('id')
      .orderBy('popularity', 'desc')
      .orderBy('id')
      .limit(showsPool)
      .execute()
  ).map((r) => r.id);
  if (shows.length === 0) throw new Error('No shows: import the catalogue first.');

  const now = nowIso();
  const hash = await hashPassword(randomBytes(18).toString('base64url'));
  const userIds: number[] = [];
  for (const part of chunk(
    Array.from({ length: members }, (_, i) => i + 1),
    500,
  )) {
    const rows = await k
      .insertInto('users')
      .values(
        part.map((n) => {
          const name = `demo_${String(n).padStart(4, '0')}`;
          return {
            username: name,
            username_lower: name,
            email: `${name}@demo.invalid`,
            email_lower: `${name}@demo.invalid`,
            password_hash: hash,
            display_name: `Demo member ${n}`,
            is_public: 1,
            created_at: now,
            updated_at: now,
          };
        }),
      )
      .returning('id')
      .execute();
    userIds.push(...rows.map((r) => r.id));
  }

  // Review i: member i / perMember, its (i % perMember)-th show: distinct shows per member
  // because 13 and the pool size share no factor (the pool is trimmed to make sure).
  const pool = shows.length % 13 === 0 ? shows.slice(0, -1) : shows;
  const span = 2 * 365 * 86_400_000;
  const base = Date.parse(now);
  let done = 0;
  const reviewIds: { id: number; userIndex: number; likes: number; comments: number }[] = [];
  const indexOf = new Map(userIds.map((id, i) => [id, i]));
  for (const part of chunk(
    Array.from({ length: total }, (_, i) => i),
    1000,
  )) {
    const rows = await uow.run(async (trx) => {
      const values = part.map((i) => {
        const member = Math.floor(i / perMember) % userIds.length;
        const show = pool[(member * 7 + (i % perMember) * 13) % pool.length]!;
        const w = (n: number) => words[(i * 31 + n * 7) % words.length]!;
        const at = new Date(
          base - Math.floor((((i * 7919) % 100_000) / 100_000) * span),
        ).toISOString();
        return {
          user_id: userIds[member]!,
          show_id: show,
          title: `Demo review ${i + 1}: the ${w(1)} and the ${w(2)}`,
          content:
            `Demo content. The ${w(1)} works, the ${w(3)} less so. `.repeat(4) +
            `\n\nOverall the ${w(4)} carries it; the ${w(5)} is worth the wait.`,
          rating: ((i * 7) % 20) / 2 + 0.5,
          is_spoiler: i % 9 === 0 ? 1 : 0,
          is_public: i % 20 === 0 ? 0 : 1,
          likes_count: i % 5,
          comments_count: i % 10 === 0 ? 2 : 0,
          created_at: at,
          updated_at: at,
        };
      });
      return trx
        .insertInto('reviews')
        .values(values)
        .onConflict((oc) => oc.columns(['user_id', 'show_id']).doNothing())
        .returning(['id', 'user_id', 'likes_count', 'comments_count'])
        .execute();
    });
    for (const r of rows) {
      reviewIds.push({
        id: r.id,
        userIndex: indexOf.get(r.user_id)!,
        likes: r.likes_count,
        comments: r.comments_count,
      });
    }
    done += part.length;
    options.onProgress?.(done, total);
  }

  // Likes and comments by the next members along, so the counters above are their rows' count.
  const likeRows = reviewIds.flatMap((r) =>
    Array.from({ length: r.likes }, (_, j) => ({
      review_id: r.id,
      user_id: userIds[(r.userIndex + 1 + j) % userIds.length]!,
      created_at: now,
    })),
  );
  for (const part of chunk(likeRows, 2000))
    await k.insertInto('review_likes').values(part).execute();
  const commentRows = reviewIds.flatMap((r) =>
    Array.from({ length: r.comments }, (_, j) => ({
      review_id: r.id,
      user_id: userIds[(r.userIndex + 1 + j) % userIds.length]!,
      parent_id: null,
      content: `Demo comment ${j + 1} on a demo review.`,
      created_at: now,
      updated_at: now,
    })),
  );
  for (const part of chunk(commentRows, 1000))
    await k.insertInto('review_comments').values(part).execute();

  await sql`update shows set total_reviews = (select count(*) from reviews r
      where r.show_id = shows.id and r.is_public = 1)
    where id in (select distinct show_id from reviews)`.execute(k);
  await sql`analyze`.execute(k);
  return {
    members: userIds.length,
    reviews: reviewIds.length,
    likes: likeRows.length,
    comments: commentRows.length,
    ms: Math.round(performance.now() - started),
  };
}

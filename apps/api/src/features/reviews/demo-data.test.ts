import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db';
import { buildShow } from '../../../test/factories';
import { seedDemoReviews } from './demo-data';

let db: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.drop());

describe('demo data', () => {
  it('seeds reviews whose counters match their rows, once', async () => {
    for (let i = 0; i < 30; i++) await buildShow(db, { popularity: i });
    const result = await seedDemoReviews(db, { reviews: 600, showsPool: 30 });
    expect(result).toMatchObject({ reviews: 600, members: 20 });
    const mismatched = await sql<{ n: number }>`
      select count(*) as n from reviews r where
        r.likes_count <> (select count(*) from review_likes l where l.review_id = r.id) or
        r.comments_count <> (select count(*) from review_comments c where c.review_id = r.id)`.execute(
      db.kysely,
    );
    expect(Number(mismatched.rows[0]!.n)).toBe(0);
    const shows = await sql<{ n: number }>`
      select count(*) as n from shows s where s.total_reviews <>
        (select count(*) from reviews r where r.show_id = s.id and r.is_public = 1)`.execute(
      db.kysely,
    );
    expect(Number(shows.rows[0]!.n)).toBe(0);
    await expect(seedDemoReviews(db, { reviews: 10 })).rejects.toThrow(/already there/);
  });
});

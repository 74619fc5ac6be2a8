import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db';
import { buildShow } from '../../../test/factories';
import { seedDemoTastes } from './demo-tastes';

let db: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.drop());

describe('demo tastes', () => {
  it('seeds members who track mostly their group’s genre, with exact show counters, once', async () => {
    const genres = ['Comedy', 'Crime', 'Romance'];
    const ids = new Map<string, number[]>();
    for (const name of genres) {
      const g = await db.kysely
        .insertInto('genres')
        .values({ name })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < 40; i++) {
        const show = await buildShow(db, { popularity: i });
        await db.kysely
          .insertInto('show_genres')
          .values({ show_id: show.id, genre_id: g.id })
          .execute();
        ids.set(name, [...(ids.get(name) ?? []), show.id]);
      }
    }
    const result = await seedDemoTastes(db, { members: 60, seed: 7 });
    expect(result).toMatchObject({ members: 60, groups: 3 });
    expect(result.items).toBeGreaterThanOrEqual(60 * 12 * 0.9);

    // Tastes cluster: each member's most-tracked genre holds most of their shows.
    const rows = await db.kysely
      .selectFrom('watchlist_items')
      .select(['user_id', 'show_id'])
      .execute();
    const genreOf = new Map([...ids].flatMap(([g, list]) => list.map((id) => [id, g] as const)));
    const byMember = new Map<number, string[]>();
    for (const r of rows)
      byMember.set(r.user_id, [...(byMember.get(r.user_id) ?? []), genreOf.get(r.show_id)!]);
    const shares = [...byMember.values()].map((gs) => {
      const counts = new Map<string, number>();
      for (const g of gs) counts.set(g, (counts.get(g) ?? 0) + 1);
      return Math.max(...counts.values()) / gs.length;
    });
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
    expect(mean).toBeGreaterThan(0.6);

    const off = await sql<{ n: number }>`select count(*) as n from shows s where s.total_users <>
        (select count(*) from watchlist_items wi where wi.show_id = s.id)`.execute(db.kysely);
    expect(Number(off.rows[0]!.n)).toBe(0);
    await expect(seedDemoTastes(db, { members: 5 })).rejects.toThrow(/already there/);
  });
});

import type { Db } from '../src/db/connection';
import { createUnitOfWork } from '../src/platform/unit-of-work';
import { insertMemberRow } from '../test/factories';

/**
 * Lists for the bench (issue 10): `lists` public lists by 200 members, each with 0–8 shows
 * (so index cards carry covers), and one ranked list of `bigItems` shows: written straight to
 * the tables, as an import would. Returns the big list's id.
 */
export async function seedLists(
  db: Db,
  { lists = 10_000, bigItems = 1_000 }: { lists?: number; bigItems?: number } = {},
): Promise<{ bigListId: number; ms: number }> {
  const started = performance.now();
  const k = db.kysely;
  const uow = createUnitOfWork(db);
  const shows = (await k.selectFrom('shows').select('id').orderBy('id').limit(5000).execute()).map(
    (r) => r.id,
  );
  if (shows.length < bigItems) throw new Error(`need ${bigItems} shows, have ${shows.length}`);
  const base = Date.UTC(2025, 0, 1);
  const iso = (ms: number) => new Date(ms).toISOString();
  const tag = `${process.pid}${Date.now().toString(36)}`;
  const users: number[] = [];
  for (let i = 0; i < 200; i++) {
    const name = `lister_${tag}_${i}`;
    const row = await insertMemberRow(db, name, {
      password_hash: 'bench:not-a-login',
      display_name: i % 3 ? `Lister ${i}` : null,
      at: iso(base),
    });
    users.push(row.id);
  }
  // Deterministic "random".
  let seed = 42;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  await uow.run(async (trx) => {
    for (let start = 0; start < lists; start += 500) {
      const rows = Array.from({ length: Math.min(500, lists - start) }, (_, j) => {
        const i = start + j;
        const at = iso(base + i * 60_000);
        return {
          user_id: users[i % users.length]!,
          name: `Bench list ${i}`,
          description: i % 2 ? `Shows worth a weekend, number ${i}` : null,
          is_public: i % 10 === 9 ? 0 : 1,
          is_ranked: i % 3 === 0 ? 1 : 0,
          item_count: 0,
          followers_count: rand(50),
          created_at: at,
          updated_at: at,
        };
      });
      const ids = (await trx.insertInto('lists').values(rows).returning('id').execute()).map(
        (r) => r.id,
      );
      const items: {
        list_id: number;
        show_id: number;
        position: number;
        notes: string | null;
        added_at: string;
      }[] = [];
      ids.forEach((listId, j) => {
        const n = rand(9);
        const first = rand(shows.length - 10);
        for (let p = 0; p < n; p++)
          items.push({
            list_id: listId,
            show_id: shows[first + p]!,
            position: p + 1,
            notes: null,
            added_at: rows[j]!.created_at,
          });
      });
      for (let c = 0; c < items.length; c += 500)
        await trx
          .insertInto('list_items')
          .values(items.slice(c, c + 500))
          .execute();
    }
    await trx
      .updateTable('lists')
      .set((eb) => ({
        item_count: eb
          .selectFrom('list_items')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('list_items.list_id', '=', 'lists.id'),
      }))
      .execute();
  });
  const big = await uow.run(async (trx) => {
    const now = iso(base + lists * 60_000);
    const row = await trx
      .insertInto('lists')
      .values({
        user_id: users[0]!,
        name: 'The thousand',
        description: 'A ranked list of a thousand shows',
        is_public: 1,
        is_ranked: 1,
        item_count: bigItems,
        followers_count: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let c = 0; c < bigItems; c += 500)
      await trx
        .insertInto('list_items')
        .values(
          shows.slice(c, Math.min(bigItems, c + 500)).map((showId, j) => ({
            list_id: row.id,
            show_id: showId,
            position: c + j + 1,
            notes: (c + j) % 10 === 0 ? 'A note on why this one ranks here.' : null,
            added_at: now,
          })),
        )
        .execute();
    return row.id;
  });
  return { bigListId: big, ms: Math.round(performance.now() - started) };
}

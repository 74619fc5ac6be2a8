import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildEpisode, buildMemberRow, buildShow } from '../../../test/factories';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../connection';
import { migrateTo, migrateToLatest } from '../migrate';

/* 0013 turns every existing progress row into one play of run 1 and gives items a run. */

let db: Db & { drop(): Promise<void> };
const at = '2024-02-03T04:05:06.000Z';
let user = 0;
let ep = [0, 0];

beforeAll(async () => {
  db = await createTestDb({ migrate: false });
  await migrateTo(db, '0012-catalog-sync-state');
  const k = db.kysely;
  user = (await buildMemberRow(db, 'keeper')).id;
  const show = (await buildShow(db)).id;
  ep = [];
  for (const n of [1, 2]) ep.push((await buildEpisode(db, show, { episode_number: n })).id);
  // `run` does not exist yet: insert without it, as 0012 would.
  await k
    .insertInto('watchlist_items')
    .values({
      user_id: user,
      show_id: show,
      status: 'watching',
      progress: 2,
      created_at: at,
      updated_at: at,
    } as never)
    .execute();
  for (const [i, id] of ep.entries()) {
    await k
      .insertInto('episode_progress')
      .values({
        user_id: user,
        show_id: show,
        episode_id: id,
        watched_at: `2024-02-0${i + 3}T04:05:06.000Z`,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  await migrateToLatest(db);
});
afterAll(() => db.drop());

it('backfills one play of run 1 per progress row, dated as the progress row', async () => {
  const plays = await db.kysely
    .selectFrom('episode_plays')
    .select(['user_id', 'episode_id', 'watched_at', 'source', 'run'])
    .orderBy('episode_id')
    .execute();
  expect(plays).toEqual([
    { user_id: user, episode_id: ep[0], watched_at: at, source: 'migrated', run: 1 },
    {
      user_id: user,
      episode_id: ep[1],
      watched_at: '2024-02-04T04:05:06.000Z',
      source: 'migrated',
      run: 1,
    },
  ]);
  const item = await db.kysely
    .selectFrom('watchlist_items')
    .select('run')
    .executeTakeFirstOrThrow();
  expect(Number(item.run)).toBe(1);
});

it('plays go with their member', async () => {
  await db.kysely.deleteFrom('watchlist_items').execute();
  await db.kysely.deleteFrom('episode_progress').execute();
  await db.kysely.deleteFrom('users').where('id', '=', user).execute();
  expect(await db.kysely.selectFrom('episode_plays').selectAll().execute()).toEqual([]);
});

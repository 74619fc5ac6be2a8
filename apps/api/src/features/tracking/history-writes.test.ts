import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db';
import { buildEpisode, buildShow, insertMemberRow } from '../../../test/factories';
import { createUnitOfWork } from '../../platform/unit-of-work';
import { createTrackingRepository } from './tracking.repository';

/**
 * The dated history writes imports use (issue 19; added to tracking's repository so imports
 * keep no SQL of their own on progress and favourites).
 */
let db: Awaited<ReturnType<typeof createTestDb>>;
let n = 0;
const buildUser = (d: typeof db) =>
  insertMemberRow(d, `history_${++n}_${Date.now()}`, { at: '2026-01-01T00:00:00.000Z' });
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.drop();
});

describe('tracking repository: history written with its own dates', () => {
  it('inserts watches with their dates, leaves an existing watch alone, backdates only', async () => {
    const repo = createTrackingRepository(db.kysely, db.dialect);
    const uow = createUnitOfWork(db);
    const user = await buildUser(db);
    const show = await buildShow(db);
    const e1 = (await buildEpisode(db, show.id, { season_number: 1, episode_number: 1 })).id;
    const e2 = (await buildEpisode(db, show.id, { season_number: 1, episode_number: 2 })).id;
    const now = '2026-11-25T00:00:00.000Z';
    await uow.run((trx) =>
      repo.insertWatchesAt(
        trx,
        user.id,
        [{ episode_id: e1, show_id: show.id, watched_at: '2015-01-01T20:00:00.000Z' }],
        now,
      ),
    );
    await uow.run(async (trx) => {
      // Already watched: not inserted twice, its date untouched by an insert.
      await repo.insertWatchesAt(
        trx,
        user.id,
        [
          { episode_id: e1, show_id: show.id, watched_at: '2010-01-01T20:00:00.000Z' },
          { episode_id: e2, show_id: show.id, watched_at: '2016-01-01T20:00:00.000Z' },
        ],
        now,
      );
      // A later date never moves a watch forward; an earlier one moves it back.
      await repo.backdateWatch(trx, user.id, e1, '2020-01-01T00:00:00.000Z', now);
      await repo.backdateWatch(trx, user.id, e2, '2014-06-01T00:00:00.000Z', now);
    });
    const rows = await repo.watchedOfShows(db.kysely, user.id, [show.id]);
    expect(rows.sort((a, b) => a.episode_id - b.episode_id)).toEqual([
      { episode_id: e1, show_id: show.id, watched_at: '2015-01-01T20:00:00.000Z' },
      { episode_id: e2, show_id: show.id, watched_at: '2014-06-01T00:00:00.000Z' },
    ]);
  });

  it('adds a dated favourite once', async () => {
    const repo = createTrackingRepository(db.kysely, db.dialect);
    const uow = createUnitOfWork(db);
    const user = await buildUser(db);
    const show = await buildShow(db);
    const first = await uow.run((trx) =>
      repo.addFavoriteAt(trx, user.id, show.id, '2019-03-03T00:00:00.000Z'),
    );
    const again = await uow.run((trx) =>
      repo.addFavoriteAt(trx, user.id, show.id, '2021-03-03T00:00:00.000Z'),
    );
    expect([first, again]).toEqual([true, false]);
    expect(await repo.favoritesOfShows(db.kysely, user.id, [show.id])).toEqual([
      { show_id: show.id, created_at: '2019-03-03T00:00:00.000Z' },
    ]);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEpisode, buildMemberRow, buildShow } from '../../../test/factories';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../connection';
import { migrateTo } from '../migrate';

/*
 * 0004 rebuilds tables that hold user data (SQLite) or swaps their constraints (PostgreSQL):
 * this starts from the schema before it, with rows in every affected table, and checks that
 * every row, id, index and counter survives and that the catalogue can no longer take user
 * data with it when a row is deleted.
 */

let db: Db & { drop(): Promise<void> };
const at = '2026-01-01T00:00:00.000Z';
const ids = { user: 0, showA: 0, showB: 0, ep1: 0, ep2: 0, item: 0, gone: 0 };

const userTables = ['watchlist_items', 'episode_progress', 'favorites'] as const;
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(
      userTables.map(
        async (t) =>
          [t, await db.kysely.selectFrom(t).selectAll().orderBy('id').execute()] as const,
      ),
    ),
  );

async function indexNames(table: string): Promise<string[]> {
  const { rows } =
    db.dialect === 'postgres'
      ? await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(
          db.kysely,
        )
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(
          db.kysely,
        );
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  db = await createTestDb({ migrate: false });
  await migrateTo(db, '0003-tracking');
  ids.user = (await buildMemberRow(db, 'keeper')).id;
  ids.showA = (await buildShow(db)).id;
  ids.showB = (await buildShow(db)).id;
  ids.ep1 = (await buildEpisode(db, ids.showA, { episode_number: 1 })).id;
  ids.ep2 = (await buildEpisode(db, ids.showA, { episode_number: 2 })).id;
  await buildEpisode(db, ids.showA, { episode_number: 3, type: 'special' });
  const item = (showId: number) =>
    db.kysely
      .insertInto('watchlist_items')
      .values({
        user_id: ids.user,
        show_id: showId,
        status: 'watching',
        progress: 1,
        next_episode_id: ids.ep2,
        last_watched_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  ids.item = (await item(ids.showA)).id;
  // The newest id is deleted before the migration: it must never be handed out again.
  ids.gone = (await item(ids.showB)).id;
  await db.kysely.deleteFrom('watchlist_items').where('id', '=', ids.gone).execute();
  await db.kysely
    .insertInto('episode_progress')
    .values({
      user_id: ids.user,
      episode_id: ids.ep1,
      show_id: ids.showA,
      watched_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db.kysely
    .insertInto('favorites')
    .values({ user_id: ids.user, show_id: ids.showA, created_at: at })
    .execute();
});
afterAll(() => db.drop());

describe('migration 0004 (data safety)', () => {
  it('keeps every row, id and index of the user-data tables, and backfills show counts', async () => {
    const before = await snapshot();
    const indexesBefore = Object.fromEntries(
      await Promise.all(userTables.map(async (t) => [t, (await indexNames(t)).sort()] as const)),
    );
    expect(before.watchlist_items).toHaveLength(1);

    expect(await migrateTo(db, '0004-data-safety')).toEqual(['0004-data-safety']);

    expect(await snapshot()).toEqual(before);
    for (const t of userTables) {
      const after = await indexNames(t);
      // SQLite names the unique constraint's own index after the table it was created as.
      const named = (names: string[]) => names.filter((n) => !n.startsWith('sqlite_autoindex'));
      // Trending's new index is the only addition.
      const added = t === 'watchlist_items' ? ['watchlist_items_last_watched_idx'] : [];
      expect(named(after).sort()).toEqual([...named(indexesBefore[t]!), ...added].sort());
      expect(after).toHaveLength(indexesBefore[t]!.length + added.length);
    }
    const episodes = await db.kysely
      .selectFrom('episodes')
      .select(['id', 'retired_at'])
      .orderBy('id')
      .execute();
    expect(episodes.every((e) => e.retired_at === null)).toBe(true);
    const shows = await db.kysely
      .selectFrom('shows')
      .select(['id', 'episode_count', 'season_count'])
      .orderBy('id')
      .execute();
    // Two regular episodes stored (the special does not count); a show with none stays unknown.
    expect(shows).toEqual([
      { id: ids.showA, episode_count: 2, season_count: 1 },
      { id: ids.showB, episode_count: null, season_count: null },
    ]);
  });

  it('a catalogue delete can no longer take watch history, watchlist items or favourites with it', async () => {
    const before = await snapshot();
    await expect(
      db.kysely.deleteFrom('episodes').where('id', '=', ids.ep1).execute(),
    ).rejects.toThrow(/foreign key/i);
    await expect(
      db.kysely.deleteFrom('shows').where('id', '=', ids.showA).execute(),
    ).rejects.toThrow(/foreign key/i);
    expect(await snapshot()).toEqual(before);

    // The derived next-episode pointer still just lets go (it is re-derived from the catalogue).
    await db.kysely.deleteFrom('episodes').where('id', '=', ids.ep2).execute();
    const item = await db.kysely
      .selectFrom('watchlist_items')
      .select('next_episode_id')
      .where('id', '=', ids.item)
      .executeTakeFirstOrThrow();
    expect(item.next_episode_id).toBeNull();
  });

  it('ids keep counting past rows deleted before the rebuild; deleting a user still removes their own rows', async () => {
    const next = await db.kysely
      .insertInto('watchlist_items')
      .values({
        user_id: ids.user,
        show_id: ids.showB,
        status: 'want_to_watch',
        progress: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(ids.gone);

    await db.kysely.deleteFrom('users').where('id', '=', ids.user).execute();
    const left = await snapshot();
    expect(left).toEqual({ watchlist_items: [], episode_progress: [], favorites: [] });
    // With nobody's data pointing at it, the catalogue row may go.
    await db.kysely.deleteFrom('shows').where('id', '=', ids.showA).execute();
  });
});

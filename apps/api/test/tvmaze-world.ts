import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Db } from '../src/db/connection';
import type { Database } from '../src/db/types';
import { createTestDb } from './test-db';
import { startTvmazeStandIn, type TvmazeStandIn } from './tvmaze-stand-in';

/** The catalogue's tables, children first (member data points at them: RESTRICT, ADR 040). */
const catalogueTables = ['show_genres', 'show_titles', 'seasons', 'episodes', 'shows'] as const;

/**
 * A file's database and TVmaze stand-in: made before its tests, closed after; the stand-in
 * forgets its overrides and hits before each test. Read `world.db` and `world.standIn` inside
 * hooks and tests.
 */
export function useTvmazeWorld() {
  let made: { db: Db & { drop(): Promise<void> }; standIn: TvmazeStandIn } | undefined;
  const current = () => {
    if (!made) throw new Error('the TVmaze world is made in beforeAll');
    return made;
  };
  beforeAll(async () => {
    const [db, standIn] = await Promise.all([createTestDb(), startTvmazeStandIn()]);
    made = { db, standIn };
  });
  afterAll(async () => {
    await made?.standIn.close();
    await made?.db.drop();
  });
  beforeEach(() => current().standIn.reset());
  return {
    get db() {
      return current().db;
    },
    get standIn() {
      return current().standIn;
    },
  };
}

/**
 * Empties the catalogue of a database a file's tests share, so each test starts from none;
 * `before` names the tables to empty first (member data, sync state).
 */
export async function emptyCatalogue(db: Db, before: readonly (keyof Database & string)[] = []) {
  for (const table of [...before, ...catalogueTables]) await db.kysely.deleteFrom(table).execute();
}

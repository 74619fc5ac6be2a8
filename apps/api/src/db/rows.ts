import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from './types';

/*
 * The plain reads and writes of one table by column values that every repository wrote out in
 * full: the row with these values, whether there is one, how many, delete them, add one unless
 * it is there (ADR 184).
 */

type Q = Kysely<Database> | Transaction<Database>;
type Table = keyof Database & string;

/** Column values a row must have, all of them (`where a = 1 and b = 2`); no nulls. */
export type Match<T extends Table> = Partial<Selectable<Database[T]>>;

/*
 * The table is a type parameter here, which Kysely's column checks cannot follow: `Match<T>`
 * checks the columns at the call, and the query itself is built untyped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (q: Q) => q as unknown as Kysely<Record<string, any>>;

/** The row of `table` with these column values (the first, when several have them). */
export async function rowWhere<T extends Table>(
  q: Q,
  table: T,
  match: Match<T>,
): Promise<Selectable<Database[T]> | undefined> {
  return untyped(q)
    .selectFrom(table as string)
    .selectAll()
    .where((eb) => eb.and(match))
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** Whether `table` has a row with these column values. */
export async function existsWhere<T extends Table>(
  q: Q,
  table: T,
  match: Match<T>,
): Promise<boolean> {
  const row = await untyped(q)
    .selectFrom(table as string)
    .select(sql<number>`1`.as('one'))
    .where((eb) => eb.and(match))
    .executeTakeFirst();
  return row !== undefined;
}

/** How many rows of `table` have these column values. */
export async function countWhere<T extends Table>(
  q: Q,
  table: T,
  match: Match<T>,
): Promise<number> {
  const row = await untyped(q)
    .selectFrom(table as string)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.and(match))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the rows of `table` with these column values; whether any went. */
export async function deleteWhere<T extends Table>(
  q: Q,
  table: T,
  match: Match<T>,
): Promise<boolean> {
  const res = await untyped(q)
    .deleteFrom(table as string)
    .where((eb) => eb.and(match))
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Inserts `values` unless a row with the same `key` columns is there (`on conflict do
 * nothing`); whether it was new. A repeated follow, block or favourite changes nothing.
 */
export async function insertNew<T extends Table>(
  q: Q,
  table: T,
  values: Insertable<Database[T]>,
  key: readonly (keyof Database[T] & string)[],
): Promise<boolean> {
  const res = await untyped(q)
    .insertInto(table as string)
    .values(values)
    .onConflict((oc) => oc.columns([...key]).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The row of `table` with these column values and the member it belongs to (its `user_id`):
 * a session or API token by its hash. Undefined when either is missing.
 */
export async function rowWithUser<T extends Table>(
  q: Q,
  table: T,
  match: Match<T>,
): Promise<{ row: Selectable<Database[T]>; user: Selectable<Database['users']> } | undefined> {
  const row = await rowWhere(q, table, match);
  if (!row) return undefined;
  const user = await rowWhere(q, 'users', { id: (row as { user_id: number }).user_id });
  return user ? { row, user } : undefined;
}

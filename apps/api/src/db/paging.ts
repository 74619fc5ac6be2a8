import type { SelectQueryBuilder, Simplify } from 'kysely';

/** One page of a listing and how many rows the whole listing has. */
export interface CountedPage<R> {
  rows: R[];
  total: number;
}

/**
 * "Count, then page": the `limit`/`offset` page of an ordered query, read at the same time as
 * the count of all its rows (`total`, e.g. `countWhere(…)`), for the offset-paged listings.
 */
export async function offsetPage<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  total: Promise<number>,
  limit: number,
  offset: number,
): Promise<CountedPage<Simplify<O>>> {
  const [page, n] = await Promise.all([rows.limit(limit).offset(offset).execute(), total]);
  return { rows: page, total: n };
}

/** How many rows a query (its tables and filters, no select yet) has: `select count(*)`. */
export async function countOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number((row as unknown as { n: number }).n);
}

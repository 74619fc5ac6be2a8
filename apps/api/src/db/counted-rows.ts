import { sql, type Transaction } from 'kysely';
import type { Database } from './types';

/**
 * A (thing, member) row beside a counter on the thing: likes of reviews, comments and episode
 * reviews, follows of lists. One mechanism for all of them (ADR 184).
 */
export interface CountedRows {
  /** The table of (thing, member) rows, keyed on both. */
  rows: string;
  /** Its column naming the thing. */
  column: string;
  /** The thing's table and the counter on it. */
  table: string;
  counter: string;
}

/**
 * Adds (or removes) one member's row and moves the thing's counter only when a row was really
 * inserted (or deleted): two concurrent calls by one member count once, a hundred members'
 * concurrent calls count a hundred. Returns the exact count after the change.
 */
export async function setCountedRow(
  trx: Transaction<Database>,
  t: CountedRows,
  id: number,
  userId: number,
  on: boolean,
  now: string,
): Promise<{ changed: boolean; count: number }> {
  const res = on
    ? await sql<{ user_id: number }>`
        insert into ${sql.table(t.rows)} (${sql.ref(t.column)}, user_id, created_at)
        values (${id}, ${userId}, ${now})
        on conflict do nothing returning user_id`.execute(trx)
    : await sql<{ user_id: number }>`
        delete from ${sql.table(t.rows)} where ${sql.ref(t.column)} = ${id} and user_id = ${userId}
        returning user_id`.execute(trx);
  const changed = res.rows.length > 0;
  if (changed) {
    await sql`update ${sql.table(t.table)} set ${sql.ref(t.counter)} = ${sql.ref(t.counter)} + ${on ? 1 : -1}
      where id = ${id}`.execute(trx);
  }
  const row = await sql<{ n: number }>`
    select ${sql.ref(t.counter)} as n from ${sql.table(t.table)} where id = ${id}`.execute(trx);
  return { changed, count: Number(row.rows[0]?.n ?? 0) };
}

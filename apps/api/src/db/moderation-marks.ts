import { sql, type Transaction } from 'kysely';
import type { Database } from './types';

/** The tables whose rows carry a moderator's marks (ADR 151): hidden_at, removed_at, reason. */
export type MarkedTable = 'reviews' | 'episode_reviews' | 'review_comments' | 'lists';
/** A moderator's mark: hidden (its author still sees it) or removed. */
export type Mark = 'hidden_at' | 'removed_at';

/**
 * The SQL of a moderator's marks, for the repository that owns the table (reviews, comments,
 * episode reviews, lists): moderation reaches them through those features (ADR 184).
 */
export const moderationMarks = (table: MarkedTable) => ({
  /** Sets a mark (the first one stays) with the reason shown to the author. */
  async mark(trx: Transaction<Database>, id: number, column: Mark, reason: string, now: string) {
    await sql`update ${sql.table(table)}
      set ${sql.ref(column)} = coalesce(${sql.ref(column)}, ${now}), moderation_reason = ${reason}
      where id = ${id}`.execute(trx);
  },
  /**
   * A suspension's "hide all": hides whatever of a member's rows no moderator marked yet, and
   * returns `columns` of those others could see (public ones; comments: not deleted).
   */
  async hideAllBy<Row>(
    trx: Transaction<Database>,
    userId: number,
    reason: string,
    now: string,
    columns: readonly (keyof Row & string)[],
    seen: 'public' | 'not deleted',
  ): Promise<Row[]> {
    const others = seen === 'public' ? sql`is_public = 1` : sql`deleted_at is null`;
    const open = await sql<Row>`select ${sql.join(columns.map((c) => sql.ref(c)))}
      from ${sql.table(table)}
      where user_id = ${userId} and hidden_at is null and removed_at is null and ${others}`.execute(
      trx,
    );
    await sql`update ${sql.table(table)} set hidden_at = ${now}, moderation_reason = ${reason}
      where user_id = ${userId} and hidden_at is null and removed_at is null`.execute(trx);
    return open.rows;
  },
});

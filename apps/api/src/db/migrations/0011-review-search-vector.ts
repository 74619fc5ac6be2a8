import { sql } from 'kysely';
import type { AnyDb, DialectName } from './kit';

/**
 * Review search on PostgreSQL keeps its tsvector in a stored generated column (ADR 070,
 * search figures). Ranking recomputed `to_tsvector` over the text of every matching review: a
 * common word ("the") matched most of 100,000 reviews and took ~2 s. The stored vector is
 * what the GIN index covers and what `ts_rank` reads. SQLite's FTS5 table is unchanged.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`alter table reviews add column search_vector tsvector generated always as
    (setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', content), 'B')) stored`.execute(
    db,
  );
  await sql`drop index if exists reviews_search_idx`.execute(db);
  await sql`create index reviews_search_idx on reviews using gin (search_vector)`.execute(db);
}

import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/types';
import { visible } from '../../platform/policy';
import { reviewsWithRefs, type ReviewWithRefs } from './reviews.repository';

/** Search words: letters and digits only, so nothing in a query is read as search syntax. */
export function searchTokens(q: string): string[] {
  return (
    q
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? []
  );
}

/** Full-text search of public reviews: FTS5 on SQLite, a stored tsvector on PostgreSQL. */
export function createReviewSearchRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    /** Public reviews matching every word (prefixes too), best match first. */
    async searchReviews(
      q: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: (ReviewWithRefs & { score: number })[]; total: number }> {
      const tokens = searchTokens(q);
      if (tokens.length === 0) return { rows: [], total: 0 };
      let ranked: { id: number; score: number }[];
      let total: number;
      const isPublic = visible.published(null, 'r.user_id', 'r.is_public');
      if (dialect === 'sqlite') {
        const match = tokens.map((t) => `"${t}"*`).join(' ');
        const res = await sql<{ id: number; score: number }>`
          select r.id, -bm25(reviews_fts, 3.0, 1.0) as score
          from reviews_fts join reviews r on r.id = reviews_fts.rowid
          where reviews_fts match ${match} and ${isPublic}
          order by score desc, r.id desc limit ${limit} offset ${offset}`.execute(db);
        ranked = res.rows;
        const c = await sql<{ n: number }>`
          select count(*) as n from reviews_fts join reviews r on r.id = reviews_fts.rowid
          where reviews_fts match ${match} and ${isPublic}`.execute(db);
        total = Number(c.rows[0]?.n ?? 0);
      } else {
        const tsq = tokens.map((t) => `${t}:*`).join(' & ');
        // The stored, indexed vector of title (weight A) and content (B): migration 0011.
        const vector = sql`r.search_vector`;
        const res = await sql<{ id: number; score: number }>`
          select r.id, ts_rank(${vector}, to_tsquery('simple', ${tsq})) * 100 as score
          from reviews r
          where ${vector} @@ to_tsquery('simple', ${tsq}) and ${isPublic}
          order by score desc, r.id desc limit ${limit} offset ${offset}`.execute(db);
        ranked = res.rows.map((r) => ({ id: r.id, score: Number(r.score) }));
        const c = await sql<{ n: number }>`
          select count(*) as n from reviews r
          where ${vector} @@ to_tsquery('simple', ${tsq}) and ${isPublic}`.execute(db);
        total = Number(c.rows[0]?.n ?? 0);
      }
      if (ranked.length === 0) return { rows: [], total };
      const rows = (await reviewsWithRefs(db, null)
        .where(
          'r.id',
          'in',
          ranked.map((r) => r.id),
        )
        .execute()) as ReviewWithRefs[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        rows: ranked
          .filter((r) => byId.has(r.id))
          .map((r) => ({ ...byId.get(r.id)!, score: Math.round(r.score * 1000) / 1000 })),
        total,
      };
    },
  };
}

export type ReviewSearchRepository = ReturnType<typeof createReviewSearchRepository>;

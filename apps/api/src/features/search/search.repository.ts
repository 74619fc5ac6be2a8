import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/types';
import { createUnitOfWork } from '../../platform/unit-of-work';

export interface Candidate {
  showId: number;
  text: string;
  popularity: number;
  totalUsers: number;
}

const CANDIDATES = 300;
/** Typo candidates are ranked by trigram overlap; past the first hundred they are not close. */
const FUZZY_CANDIDATES = 100;
const MAX_TRIGRAMS = 40;

function trigramsOf(normalized: string): string[] {
  const out = new Set<string>();
  for (const word of normalized.split(' ')) {
    const chars = [...word];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
  }
  return [...out].slice(0, MAX_TRIGRAMS);
}

/** LIKE pattern for a normalised query (which holds no % or _, but stay safe). */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Finds shows whose titles could match a normalised query: substring matches, plus — for typos —
 * shows sharing trigrams with it (FTS5 trigram index on SQLite, pg_trgm on PostgreSQL).
 * Ranking happens in the search service, the same way for both databases.
 */
interface CandidateRow {
  show_id: number;
  text: string;
  popularity: number | string;
  total_users: number | string;
}

const toCandidate = (r: CandidateRow): Candidate => ({
  showId: r.show_id,
  text: r.text,
  popularity: Number(r.popularity),
  totalUsers: Number(r.total_users),
});

export function createSearchRepository(db: Kysely<Database>, dialect: DialectName) {
  const uow = createUnitOfWork({ kysely: db, dialect });
  /** Only what ranking needs (never whole show rows): the final page is read once, later. */
  async function substringMatches(q: string): Promise<Candidate[]> {
    const short = [...q].length < 3;
    if (!short && dialect === 'sqlite') {
      // FTS5's trigram index answers LIKE '%…%' itself, about four times faster than a scan, but
      // not with an ESCAPE clause. A normalised query holds only letters, digits and spaces, so
      // it has no wildcard to escape.
      const rows = await sql<CandidateRow>`
        select t.rowid as show_id, t.text as text, shows.popularity, shows.total_users
        from show_search_trigram t
        join shows on shows.id = t.rowid
        where t.text like ${`%${q}%`}
        order by shows.total_users desc, shows.popularity desc
        limit ${CANDIDATES}`.execute(db);
      return rows.rows.map(toCandidate);
    }
    const pattern = likeEscape(q);
    const rows = await db
      .selectFrom('show_search')
      .innerJoin('shows', 'shows.id', 'show_search.show_id')
      .select(['show_search.show_id', 'show_search.text', 'shows.popularity', 'shows.total_users'])
      .where((eb) =>
        short
          ? eb.or([
              eb(sql`show_search.text`, 'like', sql`${`${pattern}%`} escape '\\'`),
              eb(sql`show_search.text`, 'like', sql`${`% ${pattern}%`} escape '\\'`),
              eb(sql`show_search.text`, 'like', sql`${`%| ${pattern}%`} escape '\\'`),
            ])
          : eb(sql`show_search.text`, 'like', sql`${`%${pattern}%`} escape '\\'`),
      )
      .orderBy('shows.total_users', 'desc')
      .orderBy('shows.popularity', 'desc')
      .limit(CANDIDATES)
      .execute();
    return rows.map(toCandidate);
  }

  async function fuzzyMatches(q: string): Promise<number[]> {
    const trigrams = trigramsOf(q);
    if (!trigrams.length) return [];
    if (dialect === 'sqlite') {
      const match = trigrams.map((t) => `"${t.replaceAll('"', '""')}"`).join(' OR ');
      const rows = await sql<{ show_id: number }>`
        select rowid as show_id from show_search_trigram
        where show_search_trigram match ${match}
        order by rank limit ${FUZZY_CANDIDATES}`.execute(db);
      return rows.rows.map((r) => r.show_id);
    }
    return uow.run(async (trx) => {
      // Looser than pg_trgm's default 0.6, so two typos in a short title still find it.
      await sql`select set_config('pg_trgm.word_similarity_threshold', '0.3', true)`.execute(trx);
      // The planner prices word_similarity far too low and scans the table (~250 ms here)
      // instead of the trigram index (~7 ms); for this one query, make it use the index.
      await sql`select set_config('enable_seqscan', 'off', true)`.execute(trx);
      const rows = await sql<{ show_id: number }>`
        select show_id from show_search
        where ${q} <% text
        order by word_similarity(${q}, text) desc
        limit ${FUZZY_CANDIDATES}`.execute(trx);
      return rows.rows.map((r) => r.show_id);
    });
  }

  async function byIds(ids: number[]): Promise<Candidate[]> {
    if (!ids.length) return [];
    const rows = await db
      .selectFrom('show_search')
      .innerJoin('shows', 'shows.id', 'show_search.show_id')
      .select(['show_search.show_id', 'show_search.text', 'shows.popularity', 'shows.total_users'])
      .where('show_search.show_id', 'in', ids)
      .execute();
    return rows.map(toCandidate);
  }

  return {
    /**
     * `enough`: when the substring matches alone fill that many results, the fuzzy query is
     * skipped — every substring match outranks every typo-only match (relevance.ts), so the
     * page would not change.
     */
    async candidates(q: string, enough?: number): Promise<Candidate[]> {
      const found = await substringMatches(q);
      if (enough !== undefined && found.length >= enough) return found;
      const have = new Set(found.map((c) => c.showId));
      const typos = (await fuzzyMatches(q)).filter((id) => !have.has(id));
      return [...found, ...(await byIds(typos))];
    },

    async history(userId: number, limit: number) {
      return db
        .selectFrom('search_history')
        .select(['id', 'query', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Records a query (moving a repeated one to the top) and keeps only the newest `keep`. */
    async remember(userId: number, query: string, now: string, keep: number) {
      await uow.run(async (trx) => {
        // A repeated query moves to the top as a new row: its id then orders it after
        // everything before it even when two searches share a millisecond.
        await trx
          .deleteFrom('search_history')
          .where('user_id', '=', userId)
          .where('query', '=', query)
          .execute();
        await trx
          .insertInto('search_history')
          .values({ user_id: userId, query, created_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'query']).doUpdateSet({ created_at: now }))
          .execute();
        const stale = await trx
          .selectFrom('search_history')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(keep)
          .limit(1000)
          .execute();
        if (stale.length)
          await trx
            .deleteFrom('search_history')
            .where(
              'id',
              'in',
              stale.map((s) => s.id),
            )
            .execute();
      });
    },

    async forget(userId: number) {
      await db.deleteFrom('search_history').where('user_id', '=', userId).execute();
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;

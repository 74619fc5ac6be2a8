import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/connection';
import type { Database, UserRow } from '../../db/types';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Trigrams of a lowercased query: a name with a typo or two still shares most of them. */
export function trigrams(q: string): string[] {
  const s = q.toLowerCase();
  if (s.length < 3) return [s];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  return [...out].slice(0, 24);
}

/** Member rows: lookups, the members directory and the candidates of people search. */
export function createUsersRepository(db: Kysely<Database>, _dialect: DialectName) {
  return {
    byId: (id: number) =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    byUsername: (username: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('username_lower', '=', username.toLowerCase())
        .executeTakeFirst(),
    byUsernames: (usernames: string[]) =>
      db
        .selectFrom('users')
        .selectAll()
        .where(
          'username_lower',
          'in',
          usernames.map((u) => u.toLowerCase()),
        )
        .execute(),

    /** Followers per member, for cards of people. */
    async followerCounts(ids: number[]): Promise<Map<number, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('follows')
        .select(['followee_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('followee_id', 'in', ids)
        .groupBy('followee_id')
        .execute();
      return new Map(rows.map((r) => [r.followee_id, Number(r.n)]));
    },

    async showsCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('watchlist_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every member, alphabetically (private ones too: their name and avatar are public). */
    async list(limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('users')
          .selectAll()
          .orderBy('username_lower')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /**
     * Candidates for a people search: names containing the query, or sharing one of its
     * trigrams (so "jonh" still finds "john"); the service scores and ranks them.
     */
    async searchCandidates(q: string, max: number): Promise<UserRow[]> {
      const lower = q.toLowerCase();
      const patterns = [lower, ...trigrams(lower)].map((t) => `%${likeEscape(t)}%`);
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or(
            patterns.flatMap((p) => [
              eb('username_lower', 'like', sql<string>`${p} escape '\\'`),
              eb(sql`lower(display_name)`, 'like', sql<string>`${p} escape '\\'`),
            ]),
          ),
        )
        .orderBy(
          sql`case when username_lower like ${`%${likeEscape(lower)}%`} escape '\\' then 0 else 1 end`,
        )
        .orderBy('username_lower')
        .limit(max)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

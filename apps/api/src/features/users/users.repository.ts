import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/connection';
import { countWhere, rowWhere } from '../../db/rows';
import type { Database, UserRow } from '../../db/types';
import { visible } from '../../platform/policy';

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
    byId: (id: number) => rowWhere(db, 'users', { id }),
    byUsername: (username: string) =>
      rowWhere(db, 'users', { username_lower: username.toLowerCase() }),
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

    /**
     * A member's public reviews and public lists, for profile and statistics counts: a plain
     * COUNT on each owner index (ADR 090), with the same visibility rule as an anonymous
     * visitor's listing, instead of running those features' page queries just for their totals.
     */
    async publicContentCounts(userId: number): Promise<{ reviews: number; lists: number }> {
      const row = await db
        .selectNoFrom([
          sql<number>`(select count(*) from reviews r where r.user_id = ${userId} and ${visible.published(null, 'r.user_id', 'r.is_public')})`.as(
            'reviews',
          ),
          sql<number>`(select count(*) from lists l where l.user_id = ${userId} and ${visible.published(null, 'l.user_id', 'l.is_public')})`.as(
            'lists',
          ),
        ])
        .executeTakeFirstOrThrow();
      return { reviews: Number(row.reviews), lists: Number(row.lists) };
    },

    /**
     * Everything a profile page counts and checks, in one statement (ADR 090): follower and
     * following counts, shows tracked, public reviews and lists, and with a viewer whether they
     * follow the member, block them, or are blocked by them.
     */
    async profileFacts(userId: number, viewerId: number | null) {
      const v = viewerId ?? 0;
      const row = await db
        .selectNoFrom([
          sql<number>`(select count(*) from follows where followee_id = ${userId})`.as('followers'),
          sql<number>`(select count(*) from follows where follower_id = ${userId})`.as('following'),
          sql<number>`(select count(*) from watchlist_items where user_id = ${userId})`.as('shows'),
          sql<number>`(select count(*) from reviews r where r.user_id = ${userId} and ${visible.published(null, 'r.user_id', 'r.is_public')})`.as(
            'reviews',
          ),
          sql<number>`(select count(*) from lists l where l.user_id = ${userId} and ${visible.published(null, 'l.user_id', 'l.is_public')})`.as(
            'lists',
          ),
          sql<number>`(select count(*) from follows where follower_id = ${v} and followee_id = ${userId})`.as(
            'is_following',
          ),
          sql<number>`(select count(*) from blocks where blocker_id = ${v} and blocked_id = ${userId})`.as(
            'is_blocked',
          ),
          sql<number>`(select count(*) from blocks where blocker_id = ${userId} and blocked_id = ${v})`.as(
            'blocks_viewer',
          ),
        ])
        .executeTakeFirstOrThrow();
      return {
        followers: Number(row.followers),
        following: Number(row.following),
        shows: Number(row.shows),
        reviews: Number(row.reviews),
        lists: Number(row.lists),
        isFollowing: viewerId === null ? undefined : Number(row.is_following) > 0,
        isBlocked: viewerId === null ? undefined : Number(row.is_blocked) > 0,
        blocksViewer: viewerId === null ? false : Number(row.blocks_viewer) > 0,
      };
    },

    showsCount: (userId: number): Promise<number> =>
      countWhere(db, 'watchlist_items', { user_id: userId }),

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

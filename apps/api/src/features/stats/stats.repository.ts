import { sql, type Kysely } from 'kysely';
import { existsWhere } from '../../db/rows';
import type { Database } from '../../db/types';

const n = (v: unknown) => Number(v ?? 0);

/** Year bounds as ISO text (timestamps are ISO 8601 UTC text, so text ranges are time ranges). */
export const yearRange = (year: number) => ({
  from: `${year}-01-01T00:00:00.000Z`,
  to: `${year + 1}-01-01T00:00:00.000Z`,
});

/** Aggregates for statistics. Read-only; every figure is counted from its rows. */
export function createStatsRepository(db: Kysely<Database>) {
  const minutes = sql<number>`sum(coalesce(e.runtime_minutes, s.runtime_minutes, 0))`;

  /** Every play (ADR 130): a rewatch is viewing time and activity like a first watch. */
  function watched(userId: number, year: number | null) {
    let q = db
      .selectFrom('episode_plays as p')
      .innerJoin('episodes as e', 'e.id', 'p.episode_id')
      .innerJoin('shows as s', 's.id', 'p.show_id')
      .where('p.user_id', '=', userId);
    if (year !== null) {
      const r = yearRange(year);
      q = q.where('p.watched_at', '>=', r.from).where('p.watched_at', '<', r.to);
    }
    return q;
  }

  const count = (v: { n: unknown } | undefined) => n(v?.n);

  return {
    /** The platform's own counts for GET /stats/global (shows, members, favourites, rating). */
    async platformCounts(since: string) {
      const [shows, users, newUsers, rating, favorites] = await Promise.all([
        db
          .selectFrom('shows')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('created_at', '>=', since)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('shows')
          .select((eb) => eb.fn.avg<number>('rating').as('avg'))
          .where('rating', 'is not', null)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('favorites')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        shows: Number(shows.n),
        users: Number(users.n),
        newUsers: Number(newUsers.n),
        averageRating: rating.avg === null ? null : Number(rating.avg),
        favorites: Number(favorites.n),
      };
    },
    /** Watched episodes and minutes per UTC hour ('YYYY-MM-DDTHH'). */
    async watchedByHour(userId: number, year: number | null) {
      const rows = await watched(userId, year)
        .select([
          sql<string>`substr(p.watched_at, 1, 13)`.as('h'),
          (eb) => eb.fn.countAll<number>().as('n'),
          minutes.as('m'),
        ])
        .groupBy(sql`substr(p.watched_at, 1, 13)`)
        .execute();
      return rows.map((r) => ({ hour: r.h, episodes: n(r.n), minutes: n(r.m) }));
    },

    /**
     * Plays in the period, the distinct episodes they cover, and how many were rewatches
     * (the member had played that episode before, whenever).
     */
    async playCounts(userId: number, year: number | null) {
      const row = await watched(userId, year)
        .select([
          (eb) => eb.fn.countAll<number>().as('plays'),
          sql<number>`count(distinct p.episode_id)`.as('episodes'),
          sql<number>`sum(case when exists (select 1 from episode_plays p2
            where p2.user_id = p.user_id and p2.episode_id = p.episode_id
              and (p2.watched_at < p.watched_at or (p2.watched_at = p.watched_at and p2.id < p.id)))
            then 1 else 0 end)`.as('rewatches'),
        ])
        .executeTakeFirst();
      return { plays: n(row?.plays), episodes: n(row?.episodes), rewatches: n(row?.rewatches) };
    },

    async watchedYears(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('episode_plays')
        .select(sql<string>`substr(watched_at, 1, 4)`.as('y'))
        .where('user_id', '=', userId)
        .groupBy(sql`substr(watched_at, 1, 4)`)
        .execute();
      return rows.map((r) => Number(r.y)).sort((a, b) => b - a);
    },

    async topGenres(userId: number, year: number | null, limit: number) {
      const rows = await watched(userId, year)
        .innerJoin('show_genres as sg', 'sg.show_id', 's.id')
        .innerJoin('genres as g', 'g.id', 'sg.genre_id')
        .select(['g.name', (eb) => eb.fn.countAll<number>().as('n'), minutes.as('m')])
        .groupBy('g.name')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('g.name')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ name: r.name, episodes: n(r.n), minutes: n(r.m) }));
    },

    async topNetworks(userId: number, year: number | null, limit: number) {
      const rows = await watched(userId, year)
        .where('s.network_name', 'is not', null)
        .select([
          sql<string>`s.network_name`.as('name'),
          (eb) => eb.fn.countAll<number>().as('n'),
          minutes.as('m'),
        ])
        .groupBy('s.network_name')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('s.network_name')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ name: r.name, episodes: n(r.n), minutes: n(r.m) }));
    },

    async libraryByStatus(userId: number) {
      const rows = await db
        .selectFrom('watchlist_items')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .groupBy('status')
        .execute();
      return new Map(rows.map((r) => [r.status, n(r.n)]));
    },

    async completedCount(userId: number, year: number | null) {
      let q = db
        .selectFrom('watchlist_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '=', 'completed');
      if (year !== null) {
        const r = yearRange(year);
        q = q.where('completed_at', '>=', r.from).where('completed_at', '<', r.to);
      }
      return count(await q.executeTakeFirst());
    },

    async scores(userId: number) {
      const rows = await db
        .selectFrom('watchlist_items')
        .select(['score', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .where('score', 'is not', null)
        .groupBy('score')
        .execute();
      return rows.map((r) => ({ score: n(r.score), count: n(r.n) }));
    },

    /** Watchlist rows of several members (comparisons). */
    watchlists: (userIds: number[]) =>
      db
        .selectFrom('watchlist_items as w')
        .innerJoin('shows as s', 's.id', 'w.show_id')
        .select(['w.user_id', 'w.show_id', 'w.score', 's.title', 's.poster_url'])
        .where('w.user_id', 'in', userIds)
        .execute(),

    // Community figures.
    async countSince(
      table: 'users' | 'watchlist_items' | 'follows',
      column: 'created_at',
      since: string | null,
    ) {
      let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
      if (since) q = q.where(column, '>=', since);
      return count(await q.executeTakeFirst());
    },
    async episodesWatchedSince(since: string | null, showId?: number) {
      let q = db.selectFrom('episode_plays').select((eb) => eb.fn.countAll<number>().as('n'));
      if (since) q = q.where('watched_at', '>=', since);
      if (showId !== undefined) q = q.where('show_id', '=', showId);
      return count(await q.executeTakeFirst());
    },
    async completedSince(since: string | null) {
      let q = db
        .selectFrom('watchlist_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'completed');
      if (since) q = q.where('completed_at', '>=', since);
      return count(await q.executeTakeFirst());
    },
    async activeUsersSince(since: string | null) {
      let q = db.selectFrom('activities').select(sql<number>`count(distinct user_id)`.as('n'));
      if (since) q = q.where('created_at', '>=', since);
      return count(await q.executeTakeFirst());
    },
    async total(
      table: 'shows' | 'episodes' | 'users' | 'follows' | 'watchlist_items' | 'favorites',
    ) {
      return count(
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      );
    },
    async showsBy(column: 'status' | 'kind') {
      const rows = await db
        .selectFrom('shows')
        .select([sql<string>`${sql.ref(column)}`.as('k'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(column)
        .orderBy(sql`count(*)`, 'desc')
        .execute();
      return rows.map((r) => ({ key: r.k, shows: n(r.n) }));
    },
    async topCatalogNetworks(limit: number) {
      const rows = await db
        .selectFrom('shows')
        .select([sql<string>`network_name`.as('name'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('network_name', 'is not', null)
        .groupBy('network_name')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('network_name')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ name: r.name, shows: n(r.n) }));
    },
    async genres() {
      const [shows, members, episodes] = await Promise.all([
        db
          .selectFrom('genres as g')
          .innerJoin('show_genres as sg', 'sg.genre_id', 'g.id')
          .select(['g.name', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('g.name')
          .execute(),
        db
          .selectFrom('genres as g')
          .innerJoin('show_genres as sg', 'sg.genre_id', 'g.id')
          .innerJoin('watchlist_items as w', 'w.show_id', 'sg.show_id')
          .select(['g.name', sql<number>`count(distinct w.user_id)`.as('n')])
          .groupBy('g.name')
          .execute(),
        db
          .selectFrom('genres as g')
          .innerJoin('show_genres as sg', 'sg.genre_id', 'g.id')
          .innerJoin('episode_plays as p', 'p.show_id', 'sg.show_id')
          .select(['g.name', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('g.name')
          .execute(),
      ]);
      const m = new Map(members.map((r) => [r.name, n(r.n)]));
      const e = new Map(episodes.map((r) => [r.name, n(r.n)]));
      return shows.map((r) => ({
        genre: r.name,
        shows: n(r.n),
        members: m.get(r.name) ?? 0,
        episodesWatched: e.get(r.name) ?? 0,
      }));
    },

    showExists: (id: number) => existsWhere(db, 'shows', { id }),
    async showMembers(showId: number) {
      const [byStatus, scores, favorites] = await Promise.all([
        db
          .selectFrom('watchlist_items')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .where('show_id', '=', showId)
          .groupBy('status')
          .execute(),
        db
          .selectFrom('watchlist_items')
          .select(['score', (eb) => eb.fn.countAll<number>().as('n')])
          .where('show_id', '=', showId)
          .where('score', 'is not', null)
          .groupBy('score')
          .execute(),
        db
          .selectFrom('favorites')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('show_id', '=', showId)
          .executeTakeFirst(),
      ]);
      return {
        byStatus: new Map(byStatus.map((r) => [r.status, n(r.n)])),
        scores: scores.map((r) => ({ score: n(r.score), count: n(r.n) })),
        favorites: count(favorites),
      };
    },

    /** Counts per time bucket (`width` characters of the ISO timestamp: 7 month, 10 day, 13 hour). */
    async buckets(
      source: 'episode_plays' | 'watchlist_items' | 'users',
      width: 7 | 10 | 13,
      since: string | null,
      showId?: number,
    ) {
      const column = source === 'episode_plays' ? 'watched_at' : 'created_at';
      const key = sql<string>`substr(${sql.ref(column)}, 1, ${sql.lit(width)})`;
      let q = db
        .selectFrom(source)
        .select([key.as('b'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(key);
      if (since) q = q.where(column, '>=', since);
      if (showId !== undefined && source !== 'users')
        q = q.where(sql.ref(`${source}.show_id`), '=', showId);
      const rows = await q.execute();
      return new Map(rows.map((r) => [r.b, n(r.n)]));
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;

import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, SeasonRatingRow } from '../../db/types';

type Tx = Kysely<Database> | Transaction<Database>;

/** Season ratings (ADR 171): the only SQL on `season_ratings`. */
export function createSeasonRatingsRepository(db: Kysely<Database>) {
  return {
    db,

    /** Whether the show has live episodes in that season (season 0: specials, numbered 0 or none). */
    async seasonExists(q: Tx, showId: number, season: number): Promise<boolean> {
      let query = q
        .selectFrom('episodes')
        .select('id')
        .where('show_id', '=', showId)
        .where('retired_at', 'is', null);
      query =
        season === 0
          ? query.where((eb) =>
              eb.or([eb('season_number', 'is', null), eb('season_number', '=', 0)]),
            )
          : query.where('season_number', '=', season);
      return !!(await query.executeTakeFirst());
    },

    /** Sets (or replaces) one rating; returns whether a row was created rather than changed. */
    async upsert(
      trx: Transaction<Database>,
      row: {
        user_id: number;
        show_id: number;
        season_number: number;
        rating: number;
        rated_at: string;
      },
      now: string,
    ): Promise<void> {
      await trx
        .insertInto('season_ratings')
        .values({ ...row, updated_at: now })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'show_id', 'season_number'])
            .doUpdateSet({ rating: row.rating, rated_at: row.rated_at, updated_at: now }),
        )
        .execute();
    },

    async remove(q: Tx, userId: number, showId: number, season: number): Promise<boolean> {
      const res = await q
        .deleteFrom('season_ratings')
        .where('user_id', '=', userId)
        .where('show_id', '=', showId)
        .where('season_number', '=', season)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** A member's season ratings, newest first (optionally only these ratings). */
    ofMember(q: Tx, userId: number, ratings?: number[]): Promise<SeasonRatingRow[]> {
      let query = q.selectFrom('season_ratings').selectAll().where('user_id', '=', userId);
      if (ratings?.length) query = query.where('rating', 'in', ratings);
      return query.orderBy('rated_at', 'desc').orderBy('id', 'desc').execute();
    },

    async showExists(q: Tx, showId: number): Promise<boolean> {
      return !!(await q
        .selectFrom('shows')
        .select('id')
        .where('id', '=', showId)
        .executeTakeFirst());
    },

    /**
     * Per rated season of a show: every member's ratings counted (sum and count, so the
     * average is exact), with the viewer's own rating beside it.
     */
    async showSummaries(q: Tx, showId: number, viewerId: number | null, season?: number) {
      let query = q
        .selectFrom('season_ratings')
        .select([
          'season_number',
          sql<number>`count(*)`.as('n'),
          sql<number>`sum(rating)`.as('total'),
          sql<number | null>`max(case when user_id = ${viewerId ?? 0} then rating end)`.as('mine'),
        ])
        .where('show_id', '=', showId);
      if (season !== undefined) query = query.where('season_number', '=', season);
      const rows = await query.groupBy('season_number').orderBy('season_number').execute();
      return rows.map((r) => ({
        seasonNumber: Number(r.season_number),
        count: Number(r.n),
        total: Number(r.total),
        mine: r.mine === null ? null : Number(r.mine),
      }));
    },

    /** A page of a member's ratings with their shows, newest first. */
    async pageOfMember(q: Tx, userId: number, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        q
          .selectFrom('season_ratings as r')
          .innerJoin('shows as s', 's.id', 'r.show_id')
          .select([
            'r.show_id',
            's.title',
            's.poster_url',
            'r.season_number',
            'r.rating',
            'r.rated_at',
          ])
          .where('r.user_id', '=', userId)
          .orderBy('r.rated_at', 'desc')
          .orderBy('r.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        q
          .selectFrom('season_ratings')
          .select(sql<number>`count(*)`.as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    async eraseUser(q: Tx, userId: number) {
      await q.deleteFrom('season_ratings').where('user_id', '=', userId).execute();
    },
  };
}

export type SeasonRatingsRepository = ReturnType<typeof createSeasonRatingsRepository>;

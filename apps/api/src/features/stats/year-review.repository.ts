import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { visible, type Viewer } from '../../platform/policy';

const n = (v: unknown) => Number(v ?? 0);

/**
 * Year in review (issue 29, ADR 180): every figure is counted from the member's plays between
 * two instants (the first moment of the year on the member's clock and of the next). Each
 * query walks `episode_plays_user_watched_idx` (user_id, watched_at) over that range only, so a
 * long history costs what its year holds.
 */
export function createYearReviewRepository(db: Kysely<Database>) {
  const minutes = sql<number>`sum(coalesce(e.runtime_minutes, s.runtime_minutes, 0))`;
  const plays = (userId: number, from: string, to: string) =>
    db
      .selectFrom('episode_plays as p')
      .innerJoin('episodes as e', 'e.id', 'p.episode_id')
      .innerJoin('shows as s', 's.id', 'p.show_id')
      .where('p.user_id', '=', userId)
      .where('p.watched_at', '>=', from)
      .where('p.watched_at', '<', to);

  return {
    /** Plays and minutes per UTC hour ('YYYY-MM-DDTHH'), placed on the member's clock later. */
    async byHour(userId: number, from: string, to: string) {
      const rows = await plays(userId, from, to)
        .select([
          sql<string>`substr(p.watched_at, 1, 13)`.as('h'),
          (eb) => eb.fn.countAll<number>().as('n'),
          minutes.as('m'),
        ])
        .groupBy(sql`substr(p.watched_at, 1, 13)`)
        .execute();
      return rows.map((r) => ({ hour: r.h, plays: n(r.n), minutes: n(r.m) }));
    },

    async totals(userId: number, from: string, to: string) {
      const row = await plays(userId, from, to)
        .select([
          (eb) => eb.fn.countAll<number>().as('plays'),
          sql<number>`count(distinct p.episode_id)`.as('episodes'),
          sql<number>`count(distinct p.show_id)`.as('shows'),
          minutes.as('minutes'),
        ])
        .executeTakeFirst();
      return {
        plays: n(row?.plays),
        episodes: n(row?.episodes),
        shows: n(row?.shows),
        minutes: n(row?.minutes),
      };
    },

    async topShows(userId: number, from: string, to: string, limit: number) {
      const rows = await plays(userId, from, to)
        .select([
          's.id',
          's.title',
          's.poster_url',
          (eb) => eb.fn.countAll<number>().as('n'),
          minutes.as('m'),
        ])
        .groupBy(['s.id', 's.title', 's.poster_url'])
        .orderBy(sql`count(*)`, 'desc')
        .orderBy(sql`sum(coalesce(e.runtime_minutes, s.runtime_minutes, 0))`, 'desc')
        .orderBy('s.title')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        coverImageUrl: r.poster_url,
        episodes: n(r.n),
        minutes: n(r.m),
      }));
    },

    async topGenres(userId: number, from: string, to: string, limit: number) {
      const rows = await plays(userId, from, to)
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

    /** The year's first or last play, with its show and episode. */
    async edge(userId: number, from: string, to: string, which: 'first' | 'last') {
      const dir = which === 'first' ? 'asc' : 'desc';
      const row = await plays(userId, from, to)
        .select([
          'p.watched_at',
          's.id as show_id',
          's.title',
          'e.season_number',
          'e.episode_number',
        ])
        .orderBy('p.watched_at', dir)
        .orderBy('p.id', dir)
        .limit(1)
        .executeTakeFirst();
      return row
        ? {
            at: row.watched_at,
            showId: row.show_id,
            showTitle: row.title,
            seasonNumber: row.season_number,
            episodeNumber: row.episode_number,
          }
        : null;
    },

    /** Reviews and lists the member wrote in the range that this viewer may see (the policy). */
    async written(viewer: Viewer, userId: number, from: string, to: string) {
      const row = await db
        .selectNoFrom([
          sql<number>`(select count(*) from reviews r where r.user_id = ${userId} and r.created_at >= ${from} and r.created_at < ${to} and ${visible.published(viewer, 'r.user_id', 'r.is_public')})`.as(
            'reviews',
          ),
          sql<number>`(select count(*) from lists l where l.user_id = ${userId} and l.created_at >= ${from} and l.created_at < ${to} and ${visible.published(viewer, 'l.user_id', 'l.is_public')})`.as(
            'lists',
          ),
        ])
        .executeTakeFirstOrThrow();
      return { reviews: n(row.reviews), lists: n(row.lists) };
    },

    /** Years with plays (UTC years; the picker offers them), newest first. */
    async years(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('episode_plays')
        .select(sql<string>`substr(watched_at, 1, 4)`.as('y'))
        .where('user_id', '=', userId)
        .groupBy(sql`substr(watched_at, 1, 4)`)
        .execute();
      return rows.map((r) => Number(r.y)).sort((a, b) => b - a);
    },
  };
}

export type YearReviewRepository = ReturnType<typeof createYearReviewRepository>;

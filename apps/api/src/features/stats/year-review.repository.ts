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
    /**
     * Plays and minutes per UTC hour ('YYYY-MM-DDTHH'), show and episode: the one pass over the
     * year's plays with their runtimes; hours, months, days, totals, distinct episodes and top
     * shows and genres are all summed from it (about one row per play).
     */
    async hourShows(userId: number, from: string, to: string) {
      const rows = await plays(userId, from, to)
        .select([
          sql<string>`substr(p.watched_at, 1, 13)`.as('h'),
          'p.show_id',
          'p.episode_id',
          (eb) => eb.fn.countAll<number>().as('n'),
          minutes.as('m'),
        ])
        .groupBy([sql`substr(p.watched_at, 1, 13)`, 'p.show_id', 'p.episode_id'])
        .execute();
      return rows.map((r) => ({
        hour: r.h,
        showId: r.show_id,
        episodeId: r.episode_id,
        plays: n(r.n),
        minutes: n(r.m),
      }));
    },

    /** Titles and covers of these shows. */
    async shows(ids: number[]) {
      if (!ids.length) return [];
      return db
        .selectFrom('shows')
        .select(['id', 'title', 'poster_url'])
        .where('id', 'in', ids)
        .execute();
    },

    /** The genres of these shows (pairs), in chunks so a long list stays a valid statement. */
    async genresOf(ids: number[]) {
      const out: { show_id: number; name: string }[] = [];
      for (let i = 0; i < ids.length; i += 500)
        out.push(
          ...(await db
            .selectFrom('show_genres as sg')
            .innerJoin('genres as g', 'g.id', 'sg.genre_id')
            .select(['sg.show_id', 'g.name'])
            .where('sg.show_id', 'in', ids.slice(i, i + 500))
            .execute()),
        );
      return out;
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

    /**
     * Years with plays (UTC years; the picker offers them), newest first: the first and last
     * play, then one indexed look-up per year between, never a walk over the whole history.
     */
    async years(userId: number): Promise<number[]> {
      // Two look-ups, each one step down the (user_id, watched_at) index: SQLite only takes
      // that short cut for a lone min() or max().
      const edge = (dir: 'asc' | 'desc') =>
        db
          .selectFrom('episode_plays')
          .select('watched_at')
          .where('user_id', '=', userId)
          .orderBy('watched_at', dir)
          .limit(1)
          .executeTakeFirst();
      const [first, last] = await Promise.all([edge('asc'), edge('desc')]);
      const span = { lo: first?.watched_at, hi: last?.watched_at };
      if (!span.lo || !span.hi) return [];
      const lo = Number(span.lo.slice(0, 4));
      const hi = Number(span.hi.slice(0, 4));
      const probes = [];
      for (let y = hi; y >= lo && y > hi - 200; y--)
        probes.push(
          sql`select ${y} as y where exists (select 1 from episode_plays where user_id = ${userId} and watched_at >= ${`${y}-01-01`} and watched_at < ${`${y + 1}-01-01`})`,
        );
      const rows = await sql<{ y: unknown }>`${sql.join(probes, sql` union all `)}`.execute(db);
      return rows.rows.map((r) => Number(r.y)).sort((a, b) => b - a);
    },
  };
}

export type YearReviewRepository = ReturnType<typeof createYearReviewRepository>;

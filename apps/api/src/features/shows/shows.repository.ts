import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { toServicesFilter, type ShowFilters } from '@series-tracker/contracts';
import { onServices } from '../../db/services-filter';
import type { Database, ShowRow } from '../../db/types';
import { shownStatus } from './show-status';

/** A show row with the status it is shown with (ADR 035); the mappers need both. */
export type ShowRowWithStatus = ShowRow & { shown_status: string };

export type ListFilters = Omit<ShowFilters, 'limit' | 'offset' | 'sort'> & {
  sort: ShowFilters['sort'];
  /** Restrict to these ids (search results). */
  ids?: number[];
};

const today = () => new Date().toISOString().slice(0, 10);

export function createShowsRepository(db: Kysely<Database>) {
  function filtered(filters: ListFilters) {
    let q = db.selectFrom('shows');
    if (filters.ids) q = q.where('shows.id', 'in', filters.ids.length ? filters.ids : [-1]);
    if (filters.genre) {
      const genre = filters.genre.toLowerCase();
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('show_genres')
            .innerJoin('genres', 'genres.id', 'show_genres.genre_id')
            .select(sql`1`.as('one'))
            .whereRef('show_genres.show_id', '=', 'shows.id')
            .where(sql<string>`lower(genres.name)`, '=', genre),
        ),
      );
    }
    // The status people see, so "Airing" lists only shows with an Airing badge (ADR 035).
    if (filters.status) q = q.where(shownStatus('shows'), '=', filters.status);
    if (filters.kind) q = q.where('shows.kind', '=', filters.kind);
    if (filters.yearFrom) q = q.where('shows.first_air_date', '>=', `${filters.yearFrom}-01-01`);
    if (filters.yearTo) q = q.where('shows.first_air_date', '<=', `${filters.yearTo}-12-31`);
    if (filters.minRating !== undefined) q = q.where('shows.rating', '>=', filters.minRating);
    // "Recent" means premiered already; what is still to come is status=upcoming.
    if (filters.sort === 'recent') q = q.where('shows.first_air_date', '<=', today());
    const services = toServicesFilter(filters);
    if (services) q = q.where(onServices('shows.id', services));
    return q;
  }

  const orderings: Record<ShowFilters['sort'], Expression<unknown>[]> = {
    popular: [sql`shows.total_users desc`, sql`shows.popularity desc`, sql`shows.id asc`],
    top_rated: [
      sql`shows.rating is null`,
      sql`shows.rating desc`,
      sql`shows.popularity desc`,
      sql`shows.id asc`,
    ],
    recent: [sql`shows.first_air_date desc`, sql`shows.popularity desc`, sql`shows.id asc`],
    title: [sql`lower(shows.title) asc`, sql`shows.id asc`],
  };

  return {
    async list(
      filters: ListFilters,
      limit: number,
      offset: number,
    ): Promise<{ rows: ShowRowWithStatus[]; total: number }> {
      const base = filtered(filters);
      let rowsQuery = base
        .selectAll('shows')
        .select(shownStatus('shows').as('shown_status'))
        .limit(limit)
        .offset(offset);
      for (const o of orderings[filters.sort]) rowsQuery = rowsQuery.orderBy(o);
      const [rows, count] = await Promise.all([
        rowsQuery.execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Which of these ids pass the filters; ids only, no rows. */
    async idsMatching(filters: Omit<ListFilters, 'ids'>, ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await filtered({ ...filters, ids })
        .select('shows.id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** By catalogue popularity alone: no member's activity moves a show here (trending's fallback). */
    async cataloguePopular(limit: number): Promise<ShowRowWithStatus[]> {
      return db
        .selectFrom('shows')
        .selectAll('shows')
        .select(shownStatus('shows').as('shown_status'))
        .orderBy('shows.popularity', 'desc')
        .orderBy('shows.id')
        .limit(limit)
        .execute();
    },

    async findById(id: number): Promise<ShowRowWithStatus | undefined> {
      return db
        .selectFrom('shows')
        .selectAll('shows')
        .select(shownStatus('shows').as('shown_status'))
        .where('shows.id', '=', id)
        .executeTakeFirst();
    },

    /** Rows for these ids, in the order given. */
    async byIds(ids: number[]): Promise<ShowRowWithStatus[]> {
      if (!ids.length) return [];
      const rows = await db
        .selectFrom('shows')
        .selectAll('shows')
        .select(shownStatus('shows').as('shown_status'))
        .where('shows.id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)).filter((r): r is ShowRowWithStatus => !!r);
    },

    async genresFor(showIds: number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      if (!showIds.length) return out;
      const rows = await db
        .selectFrom('show_genres')
        .innerJoin('genres', 'genres.id', 'show_genres.genre_id')
        .select(['show_genres.show_id', 'genres.name'])
        .where('show_genres.show_id', 'in', showIds)
        .orderBy('genres.name')
        .execute();
      for (const r of rows) out.set(r.show_id, [...(out.get(r.show_id) ?? []), r.name]);
      return out;
    },

    async genreNames(): Promise<string[]> {
      const rows = await db.selectFrom('genres').select('name').orderBy('name').execute();
      return rows.map((r) => r.name);
    },

    async alternativeTitles(showId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('show_titles')
        .select('title')
        .where('show_id', '=', showId)
        .orderBy('title')
        .execute();
      return rows.map((r) => r.title);
    },

    async seasons(showId: number) {
      return db
        .selectFrom('seasons')
        .select(['number', 'episode_count', 'premiere_date', 'end_date'])
        .where('show_id', '=', showId)
        .orderBy('number')
        .execute();
    },

    /** Shows sharing the most genres with this one, same kind first, then the better known. */
    async similar(show: ShowRow, limit: number): Promise<ShowRowWithStatus[]> {
      const shared = db
        .selectFrom('show_genres as mine')
        .innerJoin('show_genres as theirs', 'theirs.genre_id', 'mine.genre_id')
        .select(['theirs.show_id', (eb) => eb.fn.countAll<number>().as('shared')])
        .where('mine.show_id', '=', show.id)
        .where('theirs.show_id', '!=', show.id)
        .groupBy('theirs.show_id')
        .as('s');
      return db
        .selectFrom(shared)
        .innerJoin('shows', 'shows.id', 's.show_id')
        .selectAll('shows')
        .select(shownStatus('shows').as('shown_status'))
        .orderBy('s.shared', 'desc')
        .orderBy(sql`case when shows.kind = ${show.kind} then 0 else 1 end`)
        .orderBy('shows.total_users', 'desc')
        .orderBy('shows.popularity', 'desc')
        .orderBy('shows.id')
        .limit(limit)
        .execute();
    },

    /** Shows with an episode airing on `date` (a local air date), best known first. */
    async airingOn(
      date: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: ShowRowWithStatus[]; total: number }> {
      const airing = sql<SqlBool>`exists (select 1 from episodes where episodes.show_id = shows.id and episodes.air_date = ${date} and episodes.retired_at is null)`;
      const [rows, count] = await Promise.all([
        db
          .selectFrom('shows')
          .selectAll('shows')
          .select(shownStatus('shows').as('shown_status'))
          .where(airing)
          .orderBy('total_users', 'desc')
          .orderBy('popularity', 'desc')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('shows')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(airing)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async episodesOn(showIds: number[], date: string) {
      if (!showIds.length) return [];
      return db
        .selectFrom('episodes')
        .selectAll()
        .where('show_id', 'in', showIds)
        .where('air_date', '=', date)
        .where('retired_at', 'is', null)
        .orderBy('season_number')
        .orderBy('episode_number')
        .execute();
    },
  };
}

export type ShowsRepository = ReturnType<typeof createShowsRepository>;

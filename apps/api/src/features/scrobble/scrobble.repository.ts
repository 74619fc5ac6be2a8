import { sql, type Kysely } from 'kysely';
import { scrobbleEventsKept } from '@series-tracker/contracts';
import { rowWhere } from '../../db/rows';
import type { Database, ScrobbleEventRow } from '../../db/types';
import type { Tx } from '../../platform/unit-of-work';

export type NewScrobbleEvent = Omit<ScrobbleEventRow, 'id'>;

/** SQL of scrobbling (ADR 161): webhook secrets, the events log, catalogue matching. */
export function createScrobbleRepository(db: Kysely<Database>) {
  return {
    hookOf: (userId: number) => rowWhere(db, 'scrobble_hooks', { user_id: userId }),

    /** The hook with its member's suspension (ADR 151): a suspended member's hook writes nothing. */
    hookBySecret(secret: string) {
      return db
        .selectFrom('scrobble_hooks as h')
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .selectAll('h')
        .select(['u.suspended_at', 'u.suspended_until', 'u.suspension_reason'])
        .where('h.secret', '=', secret)
        .executeTakeFirst();
    },

    /** Creates the member's hook, or replaces its secret (the old URL stops working). */
    async saveHook(userId: number, secret: string, at: string) {
      await db
        .insertInto('scrobble_hooks')
        .values({ user_id: userId, secret, created_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, created_at: at }))
        .execute();
    },

    /** Records one event and keeps only the member's newest ones. */
    /** Runs inside the caller's unit of work. */
    async addEvent(trx: Tx, row: NewScrobbleEvent) {
      await trx.insertInto('scrobble_events').values(row).execute();
      const keep = await trx
        .selectFrom('scrobble_events')
        .select('id')
        .where('user_id', '=', row.user_id)
        .orderBy('id', 'desc')
        .offset(scrobbleEventsKept - 1)
        .limit(1)
        .executeTakeFirst();
      if (keep)
        await trx
          .deleteFrom('scrobble_events')
          .where('user_id', '=', row.user_id)
          .where('id', '<', keep.id)
          .execute();
    },

    events(userId: number, limit: number) {
      return db
        .selectFrom('scrobble_events as e')
        .leftJoin('shows as s', 's.id', 'e.show_id')
        .selectAll('e')
        .select('s.title as show_title')
        .where('e.user_id', '=', userId)
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** A show by any of its external ids (the first that names one). */
    async showByIds(ids: { tvdb?: number; imdb?: string; tmdb?: number }) {
      if (ids.tvdb === undefined && ids.imdb === undefined && ids.tmdb === undefined) return null;
      for (const [column, value] of [
        ['tvdb_id', ids.tvdb],
        ['imdb_id', ids.imdb],
        ['tmdb_id', ids.tmdb],
      ] as const) {
        if (value === undefined) continue;
        const row = await db
          .selectFrom('shows')
          .select(['id', 'title'])
          .where(column, '=', value as never)
          .orderBy('popularity', 'desc')
          .executeTakeFirst();
        if (row) return row;
      }
      return null;
    },

    /**
     * Shows whose title (or an alternative title) is `title`, case-insensitively, with their
     * first air year and whether the member tracks them: the caller picks the best one.
     */
    async showsByTitle(title: string, userId: number) {
      const lower = title.toLowerCase();
      // Three indexed lookups (lower(title) indexes, 0018) rather than one OR the planner
      // would answer with a scan of the catalogue.
      const [byTitle, byEnglish, byAlias] = await Promise.all([
        db
          .selectFrom('shows')
          .select('id')
          .where(sql`lower(title)`, '=', lower)
          .limit(50)
          .execute(),
        db
          .selectFrom('shows')
          .select('id')
          .where(sql`lower(title_english)`, '=', lower)
          .limit(50)
          .execute(),
        db
          .selectFrom('show_titles')
          .select('show_id as id')
          .where(sql`lower(title)`, '=', lower)
          .limit(50)
          .execute(),
      ]);
      const ids = [...new Set([...byTitle, ...byEnglish, ...byAlias].map((r) => r.id))];
      if (!ids.length) return [];
      return db
        .selectFrom('shows as s')
        .select((eb) => [
          's.id',
          's.title',
          's.first_air_date',
          's.popularity',
          eb
            .exists(
              eb
                .selectFrom('watchlist_items as w')
                .select('w.id')
                .where('w.user_id', '=', userId)
                .whereRef('w.show_id', '=', 's.id'),
            )
            .as('tracked'),
        ])
        .where('s.id', 'in', ids)
        .execute();
    },

    episode(showId: number, season: number, number: number) {
      return db
        .selectFrom('episodes')
        .select(['id', 'show_id'])
        .where('show_id', '=', showId)
        .where('season_number', '=', season)
        .where('episode_number', '=', number)
        .where('retired_at', 'is', null)
        .orderBy('id')
        .executeTakeFirst();
    },
  };
}

export type ScrobbleRepository = ReturnType<typeof createScrobbleRepository>;

import { sql, type Kysely, type Transaction } from 'kysely';
import type { ServicesFilter } from '@series-tracker/contracts';
import { onServices } from '../../db/services-filter';
import type { DialectName } from '../../db/connection';
import type { Database, WatchlistItemRow } from '../../db/types';
import {
  nextEpisodeSql,
  showColumns,
  today,
  withShownStatus,
  type ItemWithShow,
  type Tx,
} from './tracking-sql.repository';

export type WatchlistSort = 'updated' | 'title' | 'score' | 'added';

/** Statuses that say "not now" or "no": activity on such a show is not interest (trending). */
const disinterest = ['paused', 'dropped'];

/** A show removed and added again carries on in the run its plays reached (ADR 130). */
const carriedRun = (userId: number, showId: number) =>
  sql<number>`(select coalesce(max(run), 1) from episode_plays where user_id = ${userId} and show_id = ${showId})`;

/** A member's watchlist items (ADR 009): the list, Up Next, runs, locks and shows.total_users. */
export function createTrackingItemsRepository(db: Kysely<Database>, dialect: DialectName) {
  const withShow = (q: Tx) =>
    q
      .selectFrom('watchlist_items as w')
      .innerJoin('shows as s', 's.id', 'w.show_id')
      .selectAll('w')
      .select(showColumns)
      .select(withShownStatus());

  /** shows.total_users follows the items: one watcher more (`+`) or less (`-`) of each show. */
  const countWatchers = (q: Tx, showIds: number[], change: '+' | '-') =>
    q
      .updateTable('shows')
      .set((eb) => ({ total_users: eb('total_users', change, 1) }))
      .where('id', 'in', showIds)
      .execute();

  const orderings: Record<WatchlistSort, ReturnType<typeof sql>[]> = {
    updated: [sql`w.updated_at desc`, sql`w.id desc`],
    added: [sql`w.created_at desc`, sql`w.id desc`],
    title: [sql`lower(s.title) asc`, sql`w.id asc`],
    score: [sql`w.score is null`, sql`w.score desc`, sql`w.updated_at desc`, sql`w.id desc`],
  };

  return {
    async list(
      userId: number,
      status: string | undefined,
      sort: WatchlistSort,
      limit: number,
      offset: number,
      services: ServicesFilter | null = null,
    ) {
      const items = () => {
        let q = db.selectFrom('watchlist_items as w').where('w.user_id', '=', userId);
        if (status) q = q.where('w.status', '=', status);
        if (services) q = q.where(onServices('w.show_id', services));
        return q;
      };
      let rows = withShow(db).where('w.user_id', '=', userId);
      if (status) rows = rows.where('w.status', '=', status);
      if (services) rows = rows.where(onServices('w.show_id', services));
      if (sort === 'title') {
        rows = rows.limit(limit).offset(offset);
      } else {
        // Page through the item index alone, then join shows for just that page: a deep page
        // of a 5,000-item list does not join and sort 5,000 rows.
        let page = items().select('w.id');
        for (const o of orderings[sort]) page = page.orderBy(o);
        rows = rows.where('w.id', 'in', page.limit(limit).offset(offset));
      }
      for (const o of orderings[sort]) rows = rows.orderBy(o);
      const [data, count] = await Promise.all([
        rows.execute(),
        items()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: data as ItemWithShow[], total: Number(count.n) };
    },

    async itemById(q: Tx, id: number): Promise<ItemWithShow | undefined> {
      return (await withShow(q).where('w.id', '=', id).executeTakeFirst()) as
        ItemWithShow | undefined;
    },

    async itemFor(q: Tx, userId: number, showId: number): Promise<ItemWithShow | undefined> {
      return (await withShow(q)
        .where('w.user_id', '=', userId)
        .where('w.show_id', '=', showId)
        .executeTakeFirst()) as ItemWithShow | undefined;
    },

    /** Creates the item unless one exists; keeps shows.total_users exact. Returns whether it was created. */
    async insertItem(
      trx: Transaction<Database>,
      values: {
        user_id: number;
        show_id: number;
        status: string;
        score: number | null;
        progress: number;
        started_at: string | null;
        completed_at: string | null;
        now: string;
      },
    ): Promise<boolean> {
      const { now, ...rest } = values;
      const run = carriedRun(values.user_id, values.show_id);
      const inserted = await trx
        .insertInto('watchlist_items')
        .values({ ...rest, run, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'show_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      await countWatchers(trx, [values.show_id], '+');
      return true;
    },

    /**
     * Creates "watching" items for the shows the member does not track yet (each carrying on
     * in the run its plays reached, like insertItem) and keeps shows.total_users exact.
     * Returns the shows whose item was created.
     */
    async insertWatchingItems(
      trx: Transaction<Database>,
      userId: number,
      showIds: number[],
      now: string,
    ): Promise<number[]> {
      const created: number[] = [];
      for (let i = 0; i < showIds.length; i += 200) {
        const part = showIds.slice(i, i + 200);
        const rows = await trx
          .insertInto('watchlist_items')
          .values(
            part.map((showId) => ({
              user_id: userId,
              show_id: showId,
              status: 'watching',
              score: null,
              progress: 0,
              started_at: now,
              completed_at: null,
              run: carriedRun(userId, showId),
              created_at: now,
              updated_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['user_id', 'show_id']).doNothing())
          .returning('show_id')
          .execute();
        const ids = rows.map((r) => r.show_id);
        if (ids.length) await countWatchers(trx, ids, '+');
        created.push(...ids);
      }
      return created;
    },

    /** lockItem for many shows at once. */
    async lockItems(trx: Transaction<Database>, userId: number, showIds: number[]) {
      if (dialect !== 'postgres' || !showIds.length) return;
      for (let i = 0; i < showIds.length; i += 500)
        await sql`select id from watchlist_items where user_id = ${userId} and show_id in (${sql.join(showIds.slice(i, i + 500))}) order by id for update`.execute(
          trx,
        );
    },

    /** currentRun for many shows at once. */
    async currentRuns(q: Tx, userId: number, showIds: number[]): Promise<Map<number, number>> {
      const out = new Map<number, number>();
      for (let i = 0; i < showIds.length; i += 500) {
        const part = showIds.slice(i, i + 500);
        const [items, plays] = await Promise.all([
          q
            .selectFrom('watchlist_items')
            .select(['show_id', 'run'])
            .where('user_id', '=', userId)
            .where('show_id', 'in', part)
            .execute(),
          q
            .selectFrom('episode_plays')
            .select(['show_id', (eb) => eb.fn.max('run').as('run')])
            .where('user_id', '=', userId)
            .where('show_id', 'in', part)
            .groupBy('show_id')
            .execute(),
        ]);
        for (const r of plays) out.set(r.show_id, Number(r.run));
        for (const r of items) out.set(r.show_id, Number(r.run));
        for (const id of part) if (!out.has(id)) out.set(id, 1);
      }
      return out;
    },

    /** Serialises concurrent changes to one user's progress on one show (PostgreSQL; SQLite writes are already serial). */
    async lockItem(trx: Transaction<Database>, userId: number, showId: number): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`select id from watchlist_items where user_id = ${userId} and show_id = ${showId} for update`.execute(
        trx,
      );
    },

    async updateItem(
      q: Tx,
      id: number,
      set: Partial<Omit<WatchlistItemRow, 'id' | 'user_id' | 'show_id' | 'created_at'>>,
    ) {
      await q.updateTable('watchlist_items').set(set).where('id', '=', id).execute();
    },

    async deleteItem(trx: Transaction<Database>, id: number, showId: number): Promise<boolean> {
      const res = await trx.deleteFrom('watchlist_items').where('id', '=', id).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) return false;
      await countWatchers(trx, [showId], '-');
      return true;
    },

    /** Account deletion (platform/erasure.ts): the user's items go, and each show counts one watcher less. */
    async eraseUser(q: Tx, userId: number): Promise<void> {
      await q
        .updateTable('shows')
        .set((eb) => ({ total_users: eb('total_users', '-', 1) }))
        .where('id', 'in', (eb) =>
          eb.selectFrom('watchlist_items').select('show_id').where('user_id', '=', userId),
        )
        .execute();
      await q.deleteFrom('watchlist_items').where('user_id', '=', userId).execute();
      // Plays cascade with the user row; deleted here too so erasure never depends on it.
      await q.deleteFrom('episode_plays').where('user_id', '=', userId).execute();
    },

    /**
     * After the catalogue changes a show's episodes: recount every watcher's progress and next
     * episode, by the rules of `derive` (retired episodes still count as watched, never as next).
     */
    async rederiveShows(q: Tx, showIds: number[]) {
      if (!showIds.length) return;
      await sql`
        update watchlist_items set
          progress = (select count(*) from episode_progress p join episodes e on e.id = p.episode_id
            where p.user_id = watchlist_items.user_id and p.show_id = watchlist_items.show_id and e.type = 'regular'),
          next_episode_id = (${nextEpisodeSql(sql.ref('watchlist_items.user_id'), sql.ref('watchlist_items.show_id'))})
        where show_id in (${sql.join(showIds)})`.execute(q);
      // A second pass: SET sees the old next_episode_id within the statement above.
      await sql`
        update watchlist_items set
          next_air_date = (select e.air_date from episodes e where e.id = watchlist_items.next_episode_id)
        where show_id in (${sql.join(showIds)})`.execute(q);
    },

    async upNext(
      userId: number,
      limit: number,
      offset: number,
      services: ServicesFilter | null = null,
    ) {
      const day = today();
      // "On my services" (ADR 182), or every show.
      const onMine = sql<boolean>`${services ? onServices('w.show_id', services) : sql`1 = 1`}`;
      // Filtered and counted on the item alone (next_air_date); episodes joined only for the page.
      const watching = (q: Tx) =>
        q
          .selectFrom('watchlist_items as w')
          .where('w.user_id', '=', userId)
          .where('w.status', '=', 'watching')
          .where('w.next_air_date', 'is not', null)
          .where('w.next_air_date', '<=', day)
          .where(onMine);
      const [rows, count] = await Promise.all([
        withShow(db)
          .where(onMine)
          .innerJoin('episodes as e', 'e.id', 'w.next_episode_id')
          .select([
            'e.id as e_id',
            'e.season_number as e_season',
            'e.episode_number as e_number',
            'e.title as e_title',
            'e.air_date as e_air_date',
          ])
          .where('w.user_id', '=', userId)
          .where('w.status', '=', 'watching')
          .where('w.next_air_date', 'is not', null)
          .where('w.next_air_date', '<=', day)
          .orderBy(sql`w.last_watched_at desc nulls last`)
          .orderBy('w.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        watching(db)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * Trending input (ActivitySource): each member's latest add of, or episode watched on, a
     * show since a moment. Read off the items alone (`created_at`, and `last_watched_at`, which
     * is the latest `watched_at` of the member's episodes of the show, kept with every change):
     * one row per member and show, however many episodes they marked, and no history scan. A
     * show the member has put On Hold or Dropped (or removed) is not interest, whatever they
     * did with it this week.
     */
    async activitySince(since: string): Promise<{ showId: number; userId: number; at: string }[]> {
      const [added, watched] = await Promise.all([
        db
          .selectFrom('watchlist_items')
          .select(['show_id', 'user_id', 'created_at as at'])
          .where('created_at', '>=', since)
          .where('status', 'not in', disinterest)
          .execute(),
        db
          .selectFrom('watchlist_items')
          .select(['show_id', 'user_id', 'last_watched_at as at'])
          .where('last_watched_at', '>=', since)
          .where('status', 'not in', disinterest)
          .execute(),
      ]);
      return [...added, ...watched].map((r) => ({
        showId: r.show_id,
        userId: r.user_id,
        at: r.at!,
      }));
    },

    /** A member's watchlist items of several shows. */
    async itemsOfShows(q: Tx, userId: number, showIds: number[]) {
      return q
        .selectFrom('watchlist_items')
        .selectAll()
        .where('user_id', '=', userId)
        .where('show_id', 'in', showIds)
        .execute();
    },
  };
}

export type TrackingItemsRepository = ReturnType<typeof createTrackingItemsRepository>;

import { sql, type Kysely, type Transaction } from 'kysely';
import type { ServicesFilter } from '@series-tracker/contracts';
import { onServices } from '../../db/services-filter';
import type { DialectName } from '../../db/connection';
import type { Database, WatchlistItemRow } from '../../db/types';
import { shownStatus } from '../shows/show-status';

type Tx = Kysely<Database> | Transaction<Database>;

export const today = () => new Date().toISOString().slice(0, 10);

/** Viewing order: by season, then number; unnumbered last (undated last, like both databases agree). */
const viewingOrder = sql`e.season_number is null, e.season_number, e.episode_number is null, e.episode_number, e.air_date is null, e.air_date, e.id`;

/**
 * An episode's place in viewing order as a comparable row, nulls last exactly as in
 * `viewingOrder`: `(a, b, c, d) > (w, x, y, z)` means "later in viewing order".
 */
const placeOf = (t: 'e' | 'w') =>
  sql`(coalesce(${sql.ref(`${t}.season_number`)}, 2147483647), coalesce(${sql.ref(`${t}.episode_number`)}, 2147483647), coalesce(${sql.ref(`${t}.air_date`)}, '9999-12-31'), ${sql.ref(`${t}.id`)})`;
const placeColumns = sql`coalesce(w.season_number, 2147483647) as ws, coalesce(w.episode_number, 2147483647) as wn, coalesce(w.air_date, '9999-12-31') as wa, w.id as wid`;
const reverseViewingOrder = sql`w.season_number is null desc, w.season_number desc, w.episode_number is null desc, w.episode_number desc, w.air_date is null desc, w.air_date desc, w.id desc`;

/**
 * The next episode of a member's show (ADR 009): the first live regular episode after the
 * furthest one they have watched in viewing order (not the first gap before it), or the first
 * one when they have watched none. `userId`/`showId` are SQL so the catalogue re-derive can
 * pass the item's columns. The furthest watched place is a derived table of one row, so it is
 * found once per item, not once per episode.
 */
const nextEpisodeSql = <R = { id: number }>(
  userId: unknown,
  showId: unknown,
  columns = sql`e.id`,
) => sql<R>`
  select ${columns} from episodes e
  left join (select ${placeColumns} from episode_progress p join episodes w on w.id = p.episode_id
      where p.user_id = ${userId} and p.show_id = ${showId} and w.type = 'regular'
      order by ${reverseViewingOrder} limit 1) f on 1 = 1
  where e.show_id = ${showId} and e.type = 'regular' and e.retired_at is null
    and (f.wid is null or ${placeOf('e')} > (f.ws, f.wn, f.wa, f.wid))
  order by ${viewingOrder} limit 1`;

/** The show fields embedded in a watchlist item or favourite (see showColumns). */
export interface EmbeddedShowColumns {
  show_id: number;
  s_title: string;
  s_title_english: string | null;
  s_poster_url: string | null;
  s_status: string;
  s_episode_count: number | null;
  s_rating: number | null;
  s_synopsis: string | null;
}

export interface ItemWithShow extends WatchlistItemRow, EmbeddedShowColumns {}

/** The show fields a watchlist card or favourite embeds, prefixed so they cannot clash. */
const showColumns = [
  's.title as s_title',
  's.title_english as s_title_english',
  's.poster_url as s_poster_url',
  's.episode_count as s_episode_count',
  's.rating as s_rating',
  's.synopsis as s_synopsis',
] as const;

/** The embedded show's status as people see it (ADR 035), like every other show read. */
const withShownStatus = () => shownStatus('s').as('s_status');

export type WatchlistSort = 'updated' | 'title' | 'score' | 'added';

/** Statuses that say "not now" or "no": activity on such a show is not interest (trending). */
const disinterest = ['paused', 'dropped'];

/**
 * The watch-through a member is on for a show (ADR 130): the item's run, or, for a show not
 * on the watchlist (removed, history kept), the latest run of its plays; 1 before any.
 */
export async function currentRun(q: Tx, userId: number, showId: number): Promise<number> {
  const r = await sql<{ run: number | null }>`
    select coalesce(
      (select run from watchlist_items where user_id = ${userId} and show_id = ${showId}),
      (select max(run) from episode_plays where user_id = ${userId} and show_id = ${showId}),
      1) as run`.execute(q);
  return Number(r.rows[0]?.run ?? 1);
}

export function createTrackingRepository(db: Kysely<Database>, dialect: DialectName) {
  const withShow = (q: Tx) =>
    q
      .selectFrom('watchlist_items as w')
      .innerJoin('shows as s', 's.id', 'w.show_id')
      .selectAll('w')
      .select(showColumns)
      .select(withShownStatus());

  const orderings: Record<WatchlistSort, ReturnType<typeof sql>[]> = {
    updated: [sql`w.updated_at desc`, sql`w.id desc`],
    added: [sql`w.created_at desc`, sql`w.id desc`],
    title: [sql`lower(s.title) asc`, sql`w.id asc`],
    score: [sql`w.score is null`, sql`w.score desc`, sql`w.updated_at desc`, sql`w.id desc`],
  };

  return {
    db,

    async list(
      userId: number,
      status: string | undefined,
      sort: WatchlistSort,
      limit: number,
      offset: number,
      services: ServicesFilter | null = null,
    ) {
      let base = db.selectFrom('watchlist_items as w').where('w.user_id', '=', userId);
      if (status) base = base.where('w.status', '=', status);
      if (services) base = base.where(onServices('w.show_id', services));
      let rows = withShow(db).where('w.user_id', '=', userId);
      if (status) rows = rows.where('w.status', '=', status);
      if (services) rows = rows.where(onServices('w.show_id', services));
      if (sort === 'title') {
        rows = rows.limit(limit).offset(offset);
      } else {
        // Page through the item index alone, then join shows for just that page: a deep page
        // of a 5,000-item list does not join and sort 5,000 rows.
        let page = db
          .selectFrom('watchlist_items as w')
          .select('w.id')
          .where('w.user_id', '=', userId);
        if (status) page = page.where('w.status', '=', status);
        if (services) page = page.where(onServices('w.show_id', services));
        for (const o of orderings[sort]) page = page.orderBy(o);
        rows = rows.where('w.id', 'in', page.limit(limit).offset(offset));
      }
      for (const o of orderings[sort]) rows = rows.orderBy(o);
      const [data, count] = await Promise.all([
        rows.execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
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
      // A show removed and added again carries on in the run its plays reached (ADR 130).
      const run = sql<number>`(select coalesce(max(run), 1) from episode_plays where user_id = ${values.user_id} and show_id = ${values.show_id})`;
      const inserted = await trx
        .insertInto('watchlist_items')
        .values({ ...rest, run, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'show_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      await trx
        .updateTable('shows')
        .set((eb) => ({ total_users: eb('total_users', '+', 1) }))
        .where('id', '=', values.show_id)
        .execute();
      return true;
    },

    // --- the same, for many shows at once (history from elsewhere, ADR 171) ---

    /** The shows among these ids, with what the completion rule needs. */
    async showsAmong(q: Tx, ids: number[]) {
      const out: { id: number; status: string; episodes_complete: number }[] = [];
      for (let i = 0; i < ids.length; i += 500)
        out.push(
          ...(await q
            .selectFrom('shows')
            .select(['id', 'status', 'episodes_complete'])
            .where('id', 'in', ids.slice(i, i + 500))
            .execute()),
        );
      return out;
    },

    /** The show of each of these episodes. */
    async showOfEpisodes(q: Tx, ids: number[]): Promise<Map<number, number>> {
      const out = new Map<number, number>();
      for (let i = 0; i < ids.length; i += 500)
        for (const r of await q
          .selectFrom('episodes')
          .select(['id', 'show_id'])
          .where('id', 'in', ids.slice(i, i + 500))
          .execute())
          out.set(r.id, r.show_id);
      return out;
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
              run: sql<number>`(select coalesce(max(run), 1) from episode_plays where user_id = ${userId} and show_id = ${showId})`,
              created_at: now,
              updated_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['user_id', 'show_id']).doNothing())
          .returning('show_id')
          .execute();
        const ids = rows.map((r) => r.show_id);
        if (ids.length)
          await trx
            .updateTable('shows')
            .set((eb) => ({ total_users: eb('total_users', '+', 1) }))
            .where('id', 'in', ids)
            .execute();
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
      await trx
        .updateTable('shows')
        .set((eb) => ({ total_users: eb('total_users', '-', 1) }))
        .where('id', '=', showId)
        .execute();
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

    /** Which of these episode ids are episodes of the show. */
    async episodeIdsOfShow(q: Tx, showId: number, ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await q
        .selectFrom('episodes')
        .select('id')
        .where('show_id', '=', showId)
        .where('id', 'in', ids)
        .execute();
      return rows.map((r) => r.id);
    },

    async episode(q: Tx, id: number) {
      return q
        .selectFrom('episodes')
        .select(['id', 'show_id', 'type', 'season_number', 'episode_number', 'air_date'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async show(q: Tx, id: number) {
      return q
        .selectFrom('shows')
        .select(['id', 'status', 'episodes_complete'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Live episodes of a show in viewing order, optionally one season, with whether each has aired. */
    async showEpisodes(
      q: Tx,
      showId: number,
      season?: number,
    ): Promise<{ id: number; aired: boolean; regular: boolean }[]> {
      const day = today();
      let query = q
        .selectFrom('episodes as e')
        .select(['e.id', 'e.air_date', 'e.type'])
        .where('e.show_id', '=', showId)
        .where('e.retired_at', 'is', null);
      if (season !== undefined) query = query.where('e.season_number', '=', season);
      const rows = await query.orderBy(viewingOrder).execute();
      return rows.map((r) => ({
        id: r.id,
        aired: r.air_date !== null && r.air_date <= day,
        regular: r.type === 'regular',
      }));
    },

    async markWatched(
      trx: Transaction<Database>,
      userId: number,
      showId: number,
      episodeIds: number[],
      now: string,
      source = 'web',
      /** When the watch happened, when not now (an offline mark synced later, ADR 176). */
      { watchedAt = now }: { watchedAt?: string } = {},
    ): Promise<number[]> {
      // The episodes that were not watched before (already watched ones keep their date).
      const inserted: number[] = [];
      for (let i = 0; i < episodeIds.length; i += 500) {
        const chunk = episodeIds.slice(i, i + 500);
        const rows = await trx
          .insertInto('episode_progress')
          .values(
            chunk.map((episode_id) => ({
              user_id: userId,
              episode_id,
              show_id: showId,
              watched_at: watchedAt,
              created_at: now,
              updated_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doNothing())
          .returning('episode_id')
          .execute();
        inserted.push(...rows.map((r) => r.episode_id));
      }
      // Every newly watched episode is a play of the current run (ADR 130); re-marking a
      // watched one adds nothing.
      if (inserted.length) {
        const run = await currentRun(trx, userId, showId);
        for (let i = 0; i < inserted.length; i += 500) {
          await trx
            .insertInto('episode_plays')
            .values(
              inserted.slice(i, i + 500).map((episode_id) => ({
                user_id: userId,
                episode_id,
                show_id: showId,
                watched_at: watchedAt,
                source,
                run,
                created_at: now,
              })),
            )
            .execute();
        }
      }
      return inserted;
    },

    /** Unwatched in the current run: the progress rows go, and so do this run's plays of them (earlier runs stay). */
    async markUnwatched(trx: Transaction<Database>, userId: number, episodeIds: number[]) {
      for (let i = 0; i < episodeIds.length; i += 500) {
        const chunk = episodeIds.slice(i, i + 500);
        await trx
          .deleteFrom('episode_plays')
          .where('user_id', '=', userId)
          .where('episode_id', 'in', chunk)
          .where(
            'run',
            '=',
            sql<number>`coalesce((select w.run from watchlist_items w where w.user_id = ${userId} and w.show_id = episode_plays.show_id), (select max(p2.run) from episode_plays p2 where p2.user_id = ${userId} and p2.show_id = episode_plays.show_id))`,
          )
          .execute();
        await trx
          .deleteFrom('episode_progress')
          .where('user_id', '=', userId)
          .where('episode_id', 'in', chunk)
          .execute();
      }
    },

    async progressRow(q: Tx, userId: number, episodeId: number) {
      return q
        .selectFrom('episode_progress')
        .select(['episode_id', 'watched_at'])
        .where('user_id', '=', userId)
        .where('episode_id', '=', episodeId)
        .executeTakeFirst();
    },

    async showProgress(q: Tx, userId: number, showId: number) {
      return q
        .selectFrom('episode_progress')
        .select(['episode_id', 'watched_at'])
        .where('user_id', '=', userId)
        .where('show_id', '=', showId)
        .orderBy('episode_id')
        .execute();
    },

    /**
     * Everything derived from a user's watched episodes of one show, counted afresh.
     * `watched` is the user's watch count: every watched regular episode, retired ones too
     * (history is never lost). `aired`/`watchedAired` ("N of M") and the next episode only
     * count live episodes: a retired one is no longer part of the show's list.
     */
    async derive(q: Tx, userId: number, showId: number) {
      const day = today();
      const counts = await sql<{
        watched: number;
        aired: number;
        watched_aired: number;
        last: string | null;
      }>`
        select
          (select count(*) from episode_progress p join episodes e on e.id = p.episode_id
            where p.user_id = ${userId} and p.show_id = ${showId} and e.type = 'regular') as watched,
          (select count(*) from episodes e
            where e.show_id = ${showId} and e.type = 'regular' and e.retired_at is null
              and e.air_date is not null and e.air_date <= ${day}) as aired,
          (select count(*) from episode_progress p join episodes e on e.id = p.episode_id
            where p.user_id = ${userId} and p.show_id = ${showId} and e.type = 'regular'
              and e.retired_at is null and e.air_date is not null and e.air_date <= ${day}) as watched_aired,
          (select max(watched_at) from episode_progress p where p.user_id = ${userId} and p.show_id = ${showId}) as last`.execute(
        q,
      );
      const next = await nextEpisodeSql<{ id: number; air_date: string | null }>(
        userId,
        showId,
        sql`e.id, e.air_date`,
      ).execute(q);
      const c = counts.rows[0]!;
      return {
        watched: Number(c.watched),
        aired: Number(c.aired),
        watchedAired: Number(c.watched_aired),
        lastWatchedAt: c.last,
        nextEpisodeId: next.rows[0]?.id ?? null,
        nextAirDate: next.rows[0]?.air_date ?? null,
      };
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

    // Favourites
    async favorites(userId: number, limit: number, offset: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('favorites as f')
          .innerJoin('shows as s', 's.id', 'f.show_id')
          .select(['f.id', 'f.show_id', 'f.created_at', ...showColumns])
          .select(withShownStatus())
          .where('f.user_id', '=', userId)
          .orderBy('f.created_at', 'desc')
          .orderBy('f.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('favorites')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async favorite(userId: number, showId: number) {
      return db
        .selectFrom('favorites as f')
        .innerJoin('shows as s', 's.id', 'f.show_id')
        .select(['f.id', 'f.show_id', 'f.created_at', ...showColumns])
        .select(withShownStatus())
        .where('f.user_id', '=', userId)
        .where('f.show_id', '=', showId)
        .executeTakeFirst();
    },

    async addFavorite(userId: number, showId: number, now: string): Promise<boolean> {
      const row = await db
        .insertInto('favorites')
        .values({ user_id: userId, show_id: showId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'show_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return !!row;
    },

    async removeFavorite(userId: number, showId: number): Promise<boolean> {
      const res = await db
        .deleteFrom('favorites')
        .where('user_id', '=', userId)
        .where('show_id', '=', showId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
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

    // --- History written with its own dates (imports, issue 19): batched per show set ---

    /** A member's watched episodes of several shows, with their dates. */
    async watchedOfShows(q: Tx, userId: number, showIds: number[]) {
      return q
        .selectFrom('episode_progress')
        .select(['episode_id', 'show_id', 'watched_at'])
        .where('user_id', '=', userId)
        .where('show_id', 'in', showIds)
        .execute();
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

    /** Which of several shows the member has favourited. */
    async favoritesOfShows(q: Tx, userId: number, showIds: number[]) {
      return q
        .selectFrom('favorites')
        .select(['show_id', 'created_at'])
        .where('user_id', '=', userId)
        .where('show_id', 'in', showIds)
        .execute();
    },

    /** Watches with their own dates; an episode already watched is left as it is. */
    async insertWatchesAt(
      trx: Transaction<Database>,
      userId: number,
      rows: { episode_id: number; show_id: number; watched_at: string }[],
      now: string,
    ) {
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto('episode_progress')
          .values(
            rows
              .slice(i, i + 1000)
              .map((r) => ({ ...r, user_id: userId, created_at: now, updated_at: now })),
          )
          .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doNothing())
          .execute();
      }
    },

    /** Moves a watch back to an earlier date (never forward). */
    async backdateWatch(
      trx: Transaction<Database>,
      userId: number,
      episodeId: number,
      watchedAt: string,
      now: string,
    ) {
      await trx
        .updateTable('episode_progress')
        .set({ watched_at: watchedAt, updated_at: now })
        .where('user_id', '=', userId)
        .where('episode_id', '=', episodeId)
        .where('watched_at', '>', watchedAt)
        .execute();
    },

    /** A favourite dated `at`, inside a transaction; false when it was one already. */
    async addFavoriteAt(trx: Transaction<Database>, userId: number, showId: number, at: string) {
      const row = await trx
        .insertInto('favorites')
        .values({ user_id: userId, show_id: showId, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'show_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return !!row;
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;

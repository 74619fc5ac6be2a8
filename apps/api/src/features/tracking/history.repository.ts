import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import {
  currentRun,
  nextEpisodeSql,
  today,
  viewingOrder,
  type Tx,
} from './tracking-sql.repository';

/**
 * A member's watched episodes (episode_progress, and the plays marking adds) and the catalogue
 * reads the write rules need: which show an episode is of, a show's episodes in viewing order,
 * and everything derived from what was watched.
 */
/** A member's watched episodes with their dates. */
const progressOf = (q: Tx, userId: number) =>
  q
    .selectFrom('episode_progress')
    .select(['episode_id', 'watched_at'])
    .where('user_id', '=', userId);

export function createHistoryRepository() {
  return {
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
      return progressOf(q, userId).where('episode_id', '=', episodeId).executeTakeFirst();
    },

    async showProgress(q: Tx, userId: number, showId: number) {
      return progressOf(q, userId).where('show_id', '=', showId).orderBy('episode_id').execute();
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

    /** A member's watched episodes of several shows, with their dates. */
    async watchedOfShows(q: Tx, userId: number, showIds: number[]) {
      return q
        .selectFrom('episode_progress')
        .select(['episode_id', 'show_id', 'watched_at'])
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
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;

import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';

/**
 * A member's progress rows (`episode_progress`) kept equal to "has a play in the current run"
 * (ADR 130): every play write of tracking ends here, and a new run starts here.
 */
export function createProgressSyncRepository() {
  /** syncShowProgress for episodes of several shows in the same run (`showOf` says whose). */
  async function syncProgressOf(
    trx: Transaction<Database>,
    userId: number,
    episodeIds: number[],
    showOf: (episodeId: number) => number,
    run: number,
    now: string,
    lost?: number[],
  ): Promise<number[]> {
    const newly: number[] = [];
    for (let i = 0; i < episodeIds.length; i += 500) {
      const ids = episodeIds.slice(i, i + 500);
      const [latest, progress] = await Promise.all([
        trx
          .selectFrom('episode_plays')
          .select((eb) => ['episode_id', eb.fn.max('watched_at').as('last')])
          .where('user_id', '=', userId)
          .where('episode_id', 'in', ids)
          .where('run', '=', run)
          .groupBy('episode_id')
          .execute(),
        trx
          .selectFrom('episode_progress')
          .select(['id', 'episode_id', 'watched_at'])
          .where('user_id', '=', userId)
          .where('episode_id', 'in', ids)
          .execute(),
      ]);
      const lastOf = new Map(latest.map((r) => [r.episode_id, r.last as string]));
      const rowOf = new Map(progress.map((r) => [r.episode_id, r]));
      const inserts = [];
      const gone: number[] = [];
      const moved: number[] = [];
      for (const episodeId of ids) {
        const last = lastOf.get(episodeId);
        const row = rowOf.get(episodeId);
        if (!last) {
          if (row) {
            gone.push(row.id);
            lost?.push(episodeId);
          }
        } else if (!row) {
          inserts.push({
            user_id: userId,
            episode_id: episodeId,
            show_id: showOf(episodeId),
            watched_at: last,
            created_at: now,
            updated_at: now,
          });
          newly.push(episodeId);
        } else if (row.watched_at !== last) moved.push(row.id);
      }
      // A statement per kind of change, not per episode: a library's rewatches move
      // thousands of dates at once.
      if (gone.length) await trx.deleteFrom('episode_progress').where('id', 'in', gone).execute();
      if (moved.length)
        await trx
          .updateTable('episode_progress')
          .set({
            watched_at: sql<string>`(select max(p.watched_at) from episode_plays p
              where p.user_id = episode_progress.user_id and p.episode_id = episode_progress.episode_id
                and p.run = ${run})`,
            updated_at: now,
          })
          .where('id', 'in', moved)
          .execute();
      if (inserts.length) await trx.insertInto('episode_progress').values(inserts).execute();
    }
    return newly;
  }

  return {
    /**
     * syncProgress for many episodes of one show at once (imports): each episode is watched in
     * `run` exactly when it has a play in it, its progress row dated by the latest such play.
     * A few statements whatever the number of episodes. Returns the episodes newly watched.
     */
    syncShowProgress(
      trx: Transaction<Database>,
      userId: number,
      showId: number,
      episodeIds: number[],
      run: number,
      now: string,
      /** Filled with the episodes no longer watched in `run` (their progress row went). */
      lost?: number[],
    ): Promise<number[]> {
      return syncProgressOf(trx, userId, episodeIds, () => showId, run, now, lost);
    },

    syncProgressOf,

    /**
     * Makes the progress row of one episode agree with its plays of `run`: none → not
     * watched in this run (row deleted); some → watched, dated by the latest of them.
     * Returns whether the episode is watched in the run afterwards, and whether that changed.
     */
    async syncProgress(
      trx: Transaction<Database>,
      userId: number,
      showId: number,
      episodeId: number,
      run: number,
      now: string,
    ): Promise<{ watched: boolean; changed: boolean }> {
      const agg = await trx
        .selectFrom('episode_plays')
        .select((eb) => eb.fn.max('watched_at').as('last'))
        .where('user_id', '=', userId)
        .where('episode_id', '=', episodeId)
        .where('run', '=', run)
        .executeTakeFirst();
      const last = (agg?.last as string | null | undefined) ?? null;
      const before = await trx
        .selectFrom('episode_progress')
        .select(['id', 'watched_at'])
        .where('user_id', '=', userId)
        .where('episode_id', '=', episodeId)
        .executeTakeFirst();
      if (!last) {
        if (before) await trx.deleteFrom('episode_progress').where('id', '=', before.id).execute();
        return { watched: false, changed: !!before };
      }
      if (!before) {
        await trx
          .insertInto('episode_progress')
          .values({
            user_id: userId,
            episode_id: episodeId,
            show_id: showId,
            watched_at: last,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return { watched: true, changed: true };
      }
      if (before.watched_at !== last) {
        await trx
          .updateTable('episode_progress')
          .set({ watched_at: last, updated_at: now })
          .where('id', '=', before.id)
          .execute();
      }
      return { watched: true, changed: false };
    },

    /** A new run: the show's progress rows go (its plays stay, they are the earlier runs). */
    async startRun(trx: Transaction<Database>, itemId: number, userId: number, showId: number) {
      await trx
        .deleteFrom('episode_progress')
        .where('user_id', '=', userId)
        .where('show_id', '=', showId)
        .execute();
      await trx
        .updateTable('watchlist_items')
        .set((eb) => ({ run: eb('run', '+', 1) }))
        .where('id', '=', itemId)
        .execute();
    },
  };
}

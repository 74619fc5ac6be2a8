import type { Kysely, Transaction } from 'kysely';
import { deleteWhere, rowWhere } from '../../db/rows';
import type {
  Database,
  EpisodeRow,
  ShowRow,
  TraktCheckinRow,
  TraktPlaybackRow,
} from '../../db/types';

/** A playback row with the show and episode it points at (Trakt's playback answer). */
export interface PlaybackWithItem {
  playback: TraktPlaybackRow;
  show: ShowRow;
  episode: EpisodeRow;
}

/**
 * SQL of Trakt-compatible playback progress (`trakt_playback`: where a paused or stopped-early
 * scrobble stands, one row per member and episode) and checkins (`trakt_checkins`, ADR 172).
 */
export function createTraktPlaybackRepository(db: Kysely<Database>) {
  return {
    /** Saves where the member stands in an episode (one row per member and episode). */
    save(row: Omit<TraktPlaybackRow, 'id'>): Promise<TraktPlaybackRow> {
      return db
        .insertInto('trakt_playback')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'episode_id'])
            .doUpdateSet({ progress: row.progress, paused_at: row.paused_at }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async clear(userId: number, episodeId: number): Promise<void> {
      await deleteWhere(db, 'trakt_playback', { user_id: userId, episode_id: episodeId });
    },

    byId: (id: number): Promise<TraktPlaybackRow | undefined> =>
      rowWhere(db, 'trakt_playback', { id }),

    async remove(id: number): Promise<void> {
      await db.deleteFrom('trakt_playback').where('id', '=', id).execute();
    },

    /** A member's playback rows, most recently paused first, with their shows and episodes. */
    async list(
      userId: number,
      opts: { startAt?: string; endAt?: string; limit?: number },
    ): Promise<PlaybackWithItem[]> {
      let q = db
        .selectFrom('trakt_playback')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('paused_at', 'desc')
        .orderBy('id', 'desc');
      if (opts.startAt) q = q.where('paused_at', '>=', opts.startAt);
      if (opts.endAt) q = q.where('paused_at', '<=', opts.endAt);
      if (opts.limit) q = q.limit(opts.limit);
      const rows = await q.execute();
      if (!rows.length) return [];
      const [shows, episodes] = await Promise.all([
        db
          .selectFrom('shows')
          .selectAll()
          .where('id', 'in', [...new Set(rows.map((r) => r.show_id))])
          .execute(),
        db
          .selectFrom('episodes')
          .selectAll()
          .where('id', 'in', [...new Set(rows.map((r) => r.episode_id))])
          .execute(),
      ]);
      const showById = new Map(shows.map((s) => [s.id, s]));
      const episodeById = new Map(episodes.map((e) => [e.id, e]));
      return rows.flatMap((playback) => {
        const show = showById.get(playback.show_id);
        const episode = episodeById.get(playback.episode_id);
        return show && episode ? [{ playback, show, episode }] : [];
      });
    },

    checkinOf: (userId: number): Promise<TraktCheckinRow | undefined> =>
      rowWhere(db, 'trakt_checkins', { user_id: userId }),

    /**
     * Starts a checkin unless one is running (an ended one is replaced), inside the caller's
     * transaction. Returns the running checkin when there is one (nothing written).
     */
    async startCheckin(
      trx: Transaction<Database>,
      row: Omit<TraktCheckinRow, 'id' | 'play_id'>,
      now: string,
    ): Promise<{ started: TraktCheckinRow } | { running: TraktCheckinRow }> {
      await trx
        .deleteFrom('trakt_checkins')
        .where('user_id', '=', row.user_id)
        .where('expires_at', '<=', now)
        .execute();
      const inserted = await trx
        .insertInto('trakt_checkins')
        .values({ ...row, play_id: null })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { started: inserted };
      const running = await trx
        .selectFrom('trakt_checkins')
        .selectAll()
        .where('user_id', '=', row.user_id)
        .executeTakeFirstOrThrow();
      return { running };
    },

    async setCheckinPlay(id: number, playId: number | null): Promise<void> {
      await db
        .updateTable('trakt_checkins')
        .set({ play_id: playId })
        .where('id', '=', id)
        .execute();
    },

    /** Removes the member's checkin; returns it (undefined when there was none). */
    async endCheckin(userId: number): Promise<TraktCheckinRow | undefined> {
      const row = await this.checkinOf(userId);
      if (row) await db.deleteFrom('trakt_checkins').where('id', '=', row.id).execute();
      return row;
    },
  };
}

export type TraktPlaybackRepository = ReturnType<typeof createTraktPlaybackRepository>;

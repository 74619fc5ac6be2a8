import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { trackedEpisodes } from './calendar.repository';

export interface AlertCandidateRow {
  user_id: number;
  username: string;
  email: string;
  /** The member's language, for the mail (issue 31). */
  locale: string | null;
  time_zone: string | null;
  episode_alerts: string | null;
  alerts_from: string | null;
  unsubscribe_token: string | null;
  tracked_since: string;
  episode_id: number;
  show_id: number;
  show_title: string;
  season_number: number | null;
  episode_number: number | null;
  title: string | null;
  air_date: string | null;
  air_stamp: string | null;
  schedule_time: string | null;
  schedule_timezone: string | null;
}

/** The alert job's SQL (ADR 160). */
export function createEpisodeAlertsRepository(db: Kysely<Database>) {
  return {
    /** Live episodes dated in [fromDate, toDate] of shows members track with `statuses`. */
    candidates(
      statuses: readonly string[],
      fromDate: string,
      toDate: string,
    ): Promise<AlertCandidateRow[]> {
      return trackedEpisodes(db, statuses, fromDate, toDate)
        .innerJoin('users as u', 'u.id', 'w.user_id')
        .leftJoin('member_preferences as p', 'p.user_id', 'w.user_id')
        .select([
          'w.user_id',
          'u.username',
          'u.email',
          'u.locale',
          'p.time_zone',
          'p.episode_alerts',
          'p.alerts_from',
          'p.unsubscribe_token',
          'w.created_at as tracked_since',
        ])
        .orderBy('w.user_id')
        .orderBy('e.air_date')
        .orderBy('e.id')
        .execute();
    },

    /**
     * Claims alerts: inserts (user, episode) rows and returns the episode ids this call
     * inserted. Another server inserting the same rows gets none of them back (primary key).
     */
    async claim(
      userId: number,
      episodeIds: number[],
      mode: string,
      now: string,
    ): Promise<number[]> {
      if (!episodeIds.length) return [];
      const rows = await db
        .insertInto('episode_alerts')
        .values(
          episodeIds.map((id) => ({ user_id: userId, episode_id: id, mode, created_at: now })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doNothing())
        .returning('episode_id')
        .execute();
      return rows.map((r) => r.episode_id);
    },
  };
}

export type EpisodeAlertsRepository = ReturnType<typeof createEpisodeAlertsRepository>;

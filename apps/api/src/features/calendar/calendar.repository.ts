import type { Kysely } from 'kysely';
import { countWhere, rowWhere } from '../../db/rows';
import type { Database } from '../../db/types';
import type { WatchStatus } from '@series-tracker/contracts';

export interface CalendarEpisodeRow {
  episode_id: number;
  show_id: number;
  show_title: string;
  poster_thumb_url: string | null;
  poster_url: string | null;
  season_number: number | null;
  episode_number: number | null;
  title: string | null;
  air_date: string | null;
  air_stamp: string | null;
  runtime_minutes: number | null;
  show_runtime: number | null;
  schedule_time: string | null;
  schedule_timezone: string | null;
  status: string;
  updated_at: string;
  watched: number | null;
}

/**
 * Live episodes dated in [fromDate, toDate] of the shows tracked with `statuses`, with what
 * the calendar and the episode alerts both show of them (the member's day is placed later).
 */
export const trackedEpisodes = (
  db: Kysely<Database>,
  statuses: readonly string[],
  fromDate: string,
  toDate: string,
) =>
  db
    .selectFrom('watchlist_items as w')
    .innerJoin('shows as s', 's.id', 'w.show_id')
    .innerJoin('episodes as e', 'e.show_id', 'w.show_id')
    .select([
      'e.id as episode_id',
      's.id as show_id',
      's.title as show_title',
      'e.season_number',
      'e.episode_number',
      'e.title',
      'e.air_date',
      'e.air_stamp',
      's.schedule_time',
      's.schedule_timezone',
    ])
    .where('w.status', 'in', [...statuses])
    .where('e.retired_at', 'is', null)
    .where('e.air_date', '>=', fromDate)
    .where('e.air_date', '<=', toDate);

/** The calendar's SQL: member preferences, the feed secret, a member's shows' episodes. */
export function createCalendarRepository(db: Kysely<Database>) {
  return {
    prefs: (userId: number) => rowWhere(db, 'member_preferences', { user_id: userId }),

    /** Creates the member's row on first save; `patch` sets only the columns it names. */
    async savePrefs(
      userId: number,
      patch: Partial<{
        time_zone: string;
        episode_alerts: string;
        alerts_from: string | null;
        feed_secret_hash: string | null;
        feed_created_at: string | null;
        unsubscribe_token: string;
      }>,
      now: string,
    ) {
      await db
        .insertInto('member_preferences')
        .values({ user_id: userId, ...patch, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...patch, updated_at: now }))
        .execute();
    },

    /** Alerts off for the member holding this unsubscribe token; false when none does. */
    async unsubscribe(token: string, now: string): Promise<boolean> {
      const res = await db
        .updateTable('member_preferences')
        .set({ episode_alerts: 'none', updated_at: now })
        .where('unsubscribe_token', '=', token)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    byFeedHash(hash: string) {
      return db
        .selectFrom('member_preferences as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.user_id', 'p.time_zone', 'u.username'])
        .where('p.feed_secret_hash', '=', hash)
        .executeTakeFirst();
    },

    trackedShows: (userId: number): Promise<number> =>
      countWhere(db, 'watchlist_items', { user_id: userId }),

    /**
     * Live episodes of the member's tracked shows (with `statuses`) whose air date lies in
     * [fromDate, toDate]: callers widen the range by the time zones' reach and place each
     * episode on the member's own day afterwards.
     */
    episodes(
      userId: number,
      statuses: readonly WatchStatus[],
      fromDate: string,
      toDate: string,
      withWatched = true,
    ): Promise<CalendarEpisodeRow[]> {
      let q = trackedEpisodes(db, statuses.length ? statuses : ['-'], fromDate, toDate)
        .select([
          's.poster_thumb_url',
          's.poster_url',
          'e.runtime_minutes',
          's.runtime_minutes as show_runtime',
          'w.status',
          'e.updated_at',
        ])
        .where('w.user_id', '=', userId);
      q = withWatched
        ? q.select((eb) =>
            eb
              .selectFrom('episode_progress as p')
              .select(eb.lit(1).as('one'))
              .whereRef('p.episode_id', '=', 'e.id')
              .where('p.user_id', '=', userId)
              .limit(1)
              .as('watched'),
          )
        : q.select((eb) => eb.lit(null).as('watched'));
      return q
        .orderBy('e.air_date')
        .orderBy('e.air_stamp')
        .orderBy('s.title')
        .orderBy('e.season_number')
        .orderBy('e.episode_number')
        .execute() as Promise<CalendarEpisodeRow[]>;
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;

import { sql, type Kysely } from 'kysely';
import type { Database, ShowRow } from '../../db/types';

/** The episode columns sync answers and resolution need. */
export interface SyncEpisodeRow {
  id: number;
  show_id: number;
  season_number: number | null;
  episode_number: number | null;
  title: string | null;
  type: string;
  air_date: string | null;
  air_stamp: string | null;
  retired_at: string | null;
}

export interface HistoryFilter {
  showId?: number;
  season?: number;
  episodeId?: number;
  startAt?: string;
  endAt?: string;
}

const episodeColumns = [
  'e.id',
  'e.show_id',
  'e.season_number',
  'e.episode_number',
  'e.title',
  'e.type',
  'e.air_date',
  'e.air_stamp',
  'e.retired_at',
] as const;

const chunks = <T>(list: T[], size = 500): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/**
 * Reads of the Trakt sync calls (ADR 171): a member's plays, watchlist and ratings in Trakt's
 * groupings, and the activity stamps. Every write goes through tracking's and reviews'
 * services; the only rows written here are the activity stamps (`sync_activity`).
 */
export function createTraktSyncRepository(db: Kysely<Database>) {
  return {
    async showsByIds(ids: number[]): Promise<Map<number, ShowRow>> {
      const out = new Map<number, ShowRow>();
      for (const part of chunks([...new Set(ids)])) {
        const rows = await db.selectFrom('shows').selectAll().where('id', 'in', part).execute();
        for (const r of rows) out.set(r.id, r);
      }
      return out;
    },

    async episodesByIds(ids: number[]): Promise<SyncEpisodeRow[]> {
      const out: SyncEpisodeRow[] = [];
      for (const part of chunks([...new Set(ids)]))
        out.push(
          ...(await db
            .selectFrom('episodes as e')
            .select(episodeColumns)
            .where('e.id', 'in', part)
            .execute()),
        );
      return out;
    },

    /** The live episodes of these shows. */
    async episodesOfShows(showIds: number[]): Promise<SyncEpisodeRow[]> {
      const out: SyncEpisodeRow[] = [];
      for (const part of chunks([...new Set(showIds)], 200))
        out.push(
          ...(await db
            .selectFrom('episodes as e')
            .select(episodeColumns)
            .where('e.show_id', 'in', part)
            .where('e.retired_at', 'is', null)
            .execute()),
        );
      return out;
    },

    async seasonsByIds(ids: number[]) {
      const out: { id: number; show_id: number; number: number }[] = [];
      for (const part of chunks([...new Set(ids)]))
        out.push(
          ...(await db
            .selectFrom('seasons')
            .select(['id', 'show_id', 'number'])
            .where('id', 'in', part)
            .execute()),
        );
      return out;
    },

    /** The seasons rows of these shows, `showId:number` → id (the season's `trakt` id). */
    async seasonIdsOf(showIds: number[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      for (const part of chunks([...new Set(showIds)]))
        for (const r of await db
          .selectFrom('seasons')
          .select(['id', 'show_id', 'number'])
          .where('show_id', 'in', part)
          .execute())
          out.set(`${r.show_id}:${r.number}`, r.id);
      return out;
    },

    /**
     * A member's plays counted per episode (every run), with the latest watch and the latest
     * write, then where each episode sits: counted on `episode_plays_user_episode_idx` first,
     * so the join meets one row per episode, not one per play.
     */
    async watchedEpisodes(userId: number) {
      const r = await sql<{
        show_id: number;
        episode_id: number;
        season_number: number | null;
        episode_number: number | null;
        plays: number;
        last_watched: string;
        last_written: string;
      }>`select a.show_id, a.episode_id, e.season_number, e.episode_number, a.plays,
            a.last_watched, a.last_written
          from (select show_id, episode_id, count(*) as plays, max(watched_at) as last_watched,
                  max(created_at) as last_written
                from episode_plays where user_id = ${userId}
                group by show_id, episode_id) a
          join episodes e on e.id = a.episode_id`.execute(db);
      return r.rows;
    },

    /** A member's plays counted per show (`extended=noseasons`). */
    watchedShows(userId: number) {
      return db
        .selectFrom('episode_plays')
        .select([
          'show_id',
          (eb) => eb.fn.countAll<number>().as('plays'),
          (eb) => eb.fn.max('watched_at').as('last_watched'),
          (eb) => eb.fn.max('created_at').as('last_written'),
        ])
        .where('user_id', '=', userId)
        .groupBy('show_id')
        .execute();
    },

    /** The member's watchlist items of these shows: run (rewatches), dates. */
    async itemsOf(userId: number, showIds: number[]) {
      const out: {
        id: number;
        show_id: number;
        status: string;
        score: number | null;
        run: number;
        started_at: string | null;
        created_at: string;
        updated_at: string;
      }[] = [];
      for (const part of chunks([...new Set(showIds)]))
        out.push(
          ...(await db
            .selectFrom('watchlist_items')
            .select([
              'id',
              'show_id',
              'status',
              'score',
              'run',
              'started_at',
              'created_at',
              'updated_at',
            ])
            .where('user_id', '=', userId)
            .where('show_id', 'in', part)
            .execute()),
        );
      return out;
    },

    /** One page of a member's plays, newest first, with the episode; and the total. */
    async history(userId: number, f: HistoryFilter, limit: number, offset: number) {
      let q = db
        .selectFrom('episode_plays as p')
        .innerJoin('episodes as e', 'e.id', 'p.episode_id')
        .where('p.user_id', '=', userId);
      if (f.showId !== undefined) q = q.where('p.show_id', '=', f.showId);
      if (f.episodeId !== undefined) q = q.where('p.episode_id', '=', f.episodeId);
      if (f.season !== undefined)
        q =
          f.season === 0
            ? q.where((eb) =>
                eb.or([eb('e.season_number', 'is', null), eb('e.season_number', '=', 0)]),
              )
            : q.where('e.season_number', '=', f.season);
      if (f.startAt) q = q.where('p.watched_at', '>=', f.startAt);
      if (f.endAt) q = q.where('p.watched_at', '<=', f.endAt);
      const [rows, count] = await Promise.all([
        q
          .select(['p.id as play_id', 'p.watched_at', 'p.source', ...episodeColumns])
          .orderBy('p.watched_at', 'desc')
          .orderBy('p.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Items planned to watch (the Trakt watchlist), oldest first (Trakt's rank order). */
    plannedItems(userId: number) {
      return db
        .selectFrom('watchlist_items')
        .select(['id', 'show_id', 'created_at'])
        .where('user_id', '=', userId)
        .where('status', '=', 'want_to_watch')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Scored shows (the member's show ratings). */
    scoredItems(userId: number, ratings?: number[]) {
      let q = db
        .selectFrom('watchlist_items')
        .select(['id', 'show_id', 'score', 'updated_at'])
        .where('user_id', '=', userId)
        .where('score', 'is not', null);
      if (ratings?.length) q = q.where('score', 'in', ratings);
      return q.execute();
    },

    /** The member's own episode ratings (episode reviews, public or private). */
    episodeRatings(userId: number, ratings?: number[]) {
      let q = db
        .selectFrom('episode_reviews as r')
        .innerJoin('episodes as e', 'e.id', 'r.episode_id')
        .select([
          'r.id as review_id',
          'r.rating',
          'r.content',
          'r.created_at',
          'r.updated_at',
          ...episodeColumns,
        ])
        .where('r.user_id', '=', userId);
      if (ratings?.length) q = q.where('r.rating', 'in', ratings);
      return q.execute();
    },

    // --- last activities ---

    async stamps(userId: number): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('sync_activity')
        .select(['kind', 'at'])
        .where('user_id', '=', userId)
        .execute();
      return new Map(rows.map((r) => [r.kind, r.at]));
    },

    /** Moves stamps forward (never back: a late event cannot hide a newer change). */
    async touch(userId: number, kinds: string[], at: string) {
      if (!kinds.length) return;
      await db
        .insertInto('sync_activity')
        .values(kinds.map((kind) => ({ user_id: userId, kind, at })))
        .onConflict((oc) =>
          oc.columns(['user_id', 'kind']).doUpdateSet({
            at: sql`case when excluded.at > sync_activity.at then excluded.at else sync_activity.at end`,
          }),
        )
        .execute();
    },

    /** What the stamps cannot know before they existed: the data's own latest dates. */
    async floors(userId: number) {
      const r = await sql<{
        joined: string;
        played: string | null;
        item: string | null;
        episode_rated: string | null;
        season_rated: string | null;
        paused: string | null;
        list: string | null;
      }>`select
          (select created_at from users where id = ${userId}) as joined,
          (select max(created_at) from episode_plays where user_id = ${userId}) as played,
          (select max(updated_at) from watchlist_items where user_id = ${userId}) as item,
          (select max(updated_at) from episode_reviews where user_id = ${userId}) as episode_rated,
          (select max(updated_at) from season_ratings where user_id = ${userId}) as season_rated,
          (select max(paused_at) from trakt_playback where user_id = ${userId}) as paused,
          (select max(updated_at) from lists where user_id = ${userId}) as list`.execute(db);
      return r.rows[0]!;
    },
  };
}

export type TraktSyncRepository = ReturnType<typeof createTraktSyncRepository>;

import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { offsetPage } from '../../db/paging';
import { countWhere } from '../../db/rows';
import type { Database, EpisodePlaysTable } from '../../db/types';
import { createProgressSyncRepository } from './progress-sync.repository';

type Tx = Kysely<Database> | Transaction<Database>;

/** A play as the diary and the episode page show it. */
export interface PlayRow extends Omit<Selectable<EpisodePlaysTable>, 'created_at'> {
  /** 1 when an earlier play of the same episode by the same member exists. */
  rewatch: number;
}

/**
 * "Not the member's first play of this episode": an earlier play exists (by date, then id).
 * Probes `episode_plays_user_episode_idx`.
 */
const rewatchSql = sql<number>`case when exists (select 1 from episode_plays p2
  where p2.user_id = p.user_id and p2.episode_id = p.episode_id
    and (p2.watched_at < p.watched_at or (p2.watched_at = p.watched_at and p2.id < p.id))) then 1 else 0 end`;

/** Plays (ADR 130): the only SQL on `episode_plays` besides marking (history.repository.ts) and the progress sync (progress-sync.repository.ts). */
export function createPlaysRepository(db: Kysely<Database>) {
  const base = (q: Tx) =>
    q
      .selectFrom('episode_plays as p')
      .select([
        'p.id',
        'p.user_id',
        'p.episode_id',
        'p.show_id',
        'p.watched_at',
        'p.source',
        'p.run',
      ])
      .select(rewatchSql.as('rewatch'));

  /** A member's plays whose `column` is among `values`, 500 at a time. */
  async function playsAmong(q: Tx, userId: number, column: 'id' | 'episode_id', values: number[]) {
    const out: { id: number; episode_id: number; show_id: number }[] = [];
    for (let i = 0; i < values.length; i += 500)
      out.push(
        ...(await q
          .selectFrom('episode_plays')
          .select(['id', 'episode_id', 'show_id'])
          .where('user_id', '=', userId)
          .where(column, 'in', values.slice(i, i + 500))
          .execute()),
      );
    return out;
  }

  return {
    db,
    ...createProgressSyncRepository(),

    async byId(q: Tx, id: number): Promise<PlayRow | undefined> {
      return (await base(q).where('p.id', '=', id).executeTakeFirst()) as PlayRow | undefined;
    },

    /** One member's plays of one episode, newest first (a handful; capped anyway). */
    async ofEpisode(q: Tx, userId: number, episodeId: number): Promise<PlayRow[]> {
      return (await base(q)
        .where('p.user_id', '=', userId)
        .where('p.episode_id', '=', episodeId)
        .orderBy('p.watched_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(500)
        .execute()) as PlayRow[];
    },

    async insert(
      trx: Transaction<Database>,
      rows: (Omit<PlayRow, 'id' | 'rewatch'> & { created_at: string })[],
    ): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        const out = await trx
          .insertInto('episode_plays')
          .values(rows.slice(i, i + 500))
          .returning('id')
          .execute();
        ids.push(...out.map((r) => r.id));
      }
      return ids;
    },

    /** Whether the member has a play of the episode between two instants (scrobble-play.ts). */
    async playedBetween(q: Tx, userId: number, episodeId: number, from: string, to: string) {
      const row = await q
        .selectFrom('episode_plays')
        .select('id')
        .where('user_id', '=', userId)
        .where('episode_id', '=', episodeId)
        .where('watched_at', '>=', from)
        .where('watched_at', '<=', to)
        .executeTakeFirst();
      return !!row;
    },

    /** Serialises one member's scrobbles (PostgreSQL; SQLite runs one transaction at a time). */
    async lockMember(trx: Transaction<Database>, userId: number, dialect: 'sqlite' | 'postgres') {
      if (dialect === 'postgres')
        await sql`select id from users where id = ${userId} for update`.execute(trx);
    },

    /** The member's plays of these episodes as `episode|instant` keys (idempotency). */
    async existingAt(q: Tx, userId: number, episodeIds: number[]): Promise<Set<string>> {
      const keys = new Set<string>();
      for (let i = 0; i < episodeIds.length; i += 500) {
        const rows = await q
          .selectFrom('episode_plays')
          .select(['episode_id', 'watched_at'])
          .where('user_id', '=', userId)
          .where('episode_id', 'in', episodeIds.slice(i, i + 500))
          .execute();
        for (const r of rows) keys.add(`${r.episode_id}|${r.watched_at}`);
      }
      return keys;
    },

    /** A member's plays among these ids (someone else's are as absent as missing ones). */
    ownedAmong: (q: Tx, userId: number, ids: number[]) => playsAmong(q, userId, 'id', ids),

    /** Every play (all runs) a member has of these episodes. */
    ofEpisodes: (q: Tx, userId: number, episodeIds: number[]) =>
      playsAmong(q, userId, 'episode_id', episodeIds),

    async removeMany(trx: Transaction<Database>, userId: number, ids: number[]): Promise<number> {
      let n = 0;
      for (let i = 0; i < ids.length; i += 500) {
        const res = await trx
          .deleteFrom('episode_plays')
          .where('user_id', '=', userId)
          .where('id', 'in', ids.slice(i, i + 500))
          .executeTakeFirst();
        n += Number(res.numDeletedRows);
      }
      return n;
    },

    async setDate(trx: Transaction<Database>, id: number, watchedAt: string) {
      await trx
        .updateTable('episode_plays')
        .set({ watched_at: watchedAt })
        .where('id', '=', id)
        .execute();
    },

    async remove(trx: Transaction<Database>, id: number) {
      await trx.deleteFrom('episode_plays').where('id', '=', id).execute();
    },

    /** Plays of a show per run (the show page's "earlier runs"). */
    async runsOf(q: Tx, userId: number, showId: number) {
      const rows = await q
        .selectFrom('episode_plays')
        .select([
          'run',
          (eb) => eb.fn.countAll<number>().as('plays'),
          (eb) => eb.fn.count<number>('episode_id').distinct().as('episodes'),
          (eb) => eb.fn.min('watched_at').as('first'),
          (eb) => eb.fn.max('watched_at').as('last'),
        ])
        .where('user_id', '=', userId)
        .where('show_id', '=', showId)
        .groupBy('run')
        .orderBy('run')
        .execute();
      return rows.map((r) => ({
        run: Number(r.run),
        plays: Number(r.plays),
        episodes: Number(r.episodes),
        firstWatchedAt: r.first as string,
        lastWatchedAt: r.last as string,
      }));
    },

    /**
     * A member's diary: plays newest first with their episode and show, one page. `hasMore`
     * comes from one extra row; `total` is a count on the diary index.
     */
    history: (userId: number, limit: number, offset: number) =>
      offsetPage(
        base(db)
          .innerJoin('episodes as e', 'e.id', 'p.episode_id')
          .innerJoin('shows as s', 's.id', 'p.show_id')
          .select([
            'e.season_number as e_season',
            'e.episode_number as e_number',
            'e.title as e_title',
            'e.type as e_type',
            's.title as s_title',
            's.poster_url as s_poster_url',
          ])
          .where('p.user_id', '=', userId)
          .orderBy('p.watched_at', 'desc')
          .orderBy('p.id', 'desc'),
        countWhere(db, 'episode_plays', { user_id: userId }),
        limit,
        offset,
      ),
  };
}

export type PlaysRepository = ReturnType<typeof createPlaysRepository>;

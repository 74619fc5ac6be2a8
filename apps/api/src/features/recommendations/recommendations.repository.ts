import { sql, type Kysely } from 'kysely';
import { deleteWhere, existsWhere, insertNew } from '../../db/rows';
import type { Database } from '../../db/types';
import type { Executor } from '../../platform/unit-of-work';
import type { Neighbour, Pick, ShowMeta } from './similarity';

export interface TrackedRow {
  user_id: number;
  show_id: number;
  status: string;
  score: number | null;
  is_public: number;
}

const chunk = <T>(xs: T[], n: number) =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/** The recommender's SQL (ADR 183): reads tracking and the catalogue, writes its three tables. */
export function createRecommendationsRepository(db: Kysely<Database>) {
  const recency = sql`coalesce(wi.last_watched_at, wi.updated_at)`;
  return {
    /** Every watchlist item, each member's newest first, with the member's profile visibility. */
    async allTracked(): Promise<TrackedRow[]> {
      return db
        .selectFrom('watchlist_items as wi')
        .innerJoin('users as u', 'u.id', 'wi.user_id')
        .select(['wi.user_id', 'wi.show_id', 'wi.status', 'wi.score', 'u.is_public'])
        .orderBy('wi.user_id')
        .orderBy(recency, 'desc')
        .orderBy('wi.id', 'desc')
        .execute();
    },

    async trackedBy(userId: number): Promise<TrackedRow[]> {
      return db
        .selectFrom('watchlist_items as wi')
        .innerJoin('users as u', 'u.id', 'wi.user_id')
        .select(['wi.user_id', 'wi.show_id', 'wi.status', 'wi.score', 'u.is_public'])
        .where('wi.user_id', '=', userId)
        .orderBy(recency, 'desc')
        .orderBy('wi.id', 'desc')
        .execute();
    },

    /** What content similarity reads of every show: kind, genres, network, year, how known. */
    async showMeta(): Promise<ShowMeta[]> {
      const [shows, genres] = await Promise.all([
        db
          .selectFrom('shows')
          .select([
            'id',
            'kind',
            'network_name',
            'streaming_service',
            'first_air_date',
            'popularity',
            'total_users',
          ])
          .execute(),
        db.selectFrom('show_genres').select(['show_id', 'genre_id']).execute(),
      ]);
      const byShow = new Map<number, number[]>();
      for (const g of genres) byShow.set(g.show_id, [...(byShow.get(g.show_id) ?? []), g.genre_id]);
      return shows.map((s) => ({
        id: s.id,
        kind: s.kind,
        genres: byShow.get(s.id) ?? [],
        network: s.network_name ?? s.streaming_service,
        year: s.first_air_date ? Number(s.first_air_date.slice(0, 4)) : null,
        popularity: Number(s.total_users) * 10 + Number(s.popularity),
      }));
    },

    async dismissedBy(userId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('recommendation_dismissals')
        .select('show_id')
        .where('user_id', '=', userId)
        .execute();
      return new Set(rows.map((r) => r.show_id));
    },

    async allDismissed(): Promise<Map<number, Set<number>>> {
      const rows = await db
        .selectFrom('recommendation_dismissals')
        .select(['user_id', 'show_id'])
        .execute();
      const out = new Map<number, Set<number>>();
      for (const r of rows) out.set(r.user_id, (out.get(r.user_id) ?? new Set()).add(r.show_id));
      return out;
    },

    /** The stored neighbour lists of these shows. */
    async neighboursOf(showIds: number[]): Promise<Map<number, Neighbour[]>> {
      const out = new Map<number, Neighbour[]>();
      for (const part of chunk(showIds, 500)) {
        if (!part.length) continue;
        const rows = await db
          .selectFrom('show_similarities')
          .select(['show_id', 'similar_show_id', 'score', 'source'])
          .where('show_id', 'in', part)
          .orderBy('show_id')
          .orderBy('score', 'desc')
          .execute();
        for (const r of rows)
          out.set(r.show_id, [
            ...(out.get(r.show_id) ?? []),
            {
              id: r.similar_show_id,
              score: Number(r.score),
              source: r.source === 'community' ? 'community' : 'content',
            },
          ]);
      }
      return out;
    },

    /** Replaces the neighbour lists of `lists`' shows (all of them when `replaceAll`). */
    async saveNeighbours(
      trx: Executor,
      lists: Map<number, Neighbour[]>,
      at: string,
      replaceAll: boolean,
    ): Promise<number> {
      const ids = [...lists.keys()];
      if (replaceAll) await trx.deleteFrom('show_similarities').execute();
      else
        for (const part of chunk(ids, 500))
          await trx.deleteFrom('show_similarities').where('show_id', 'in', part).execute();
      const rows = [...lists].flatMap(([showId, list]) =>
        list.map((n) => ({
          show_id: showId,
          similar_show_id: n.id,
          score: n.score,
          source: n.source,
          computed_at: at,
        })),
      );
      // An upsert: two servers' member refreshes may fill the same rare show's content
      // neighbours at once (each deleted none, then both insert); the later one wins.
      for (const part of chunk(rows, 1000))
        await trx
          .insertInto('show_similarities')
          .values(part)
          .onConflict((oc) =>
            oc.columns(['show_id', 'similar_show_id']).doUpdateSet((eb) => ({
              score: eb.ref('excluded.score'),
              source: eb.ref('excluded.source'),
              computed_at: eb.ref('excluded.computed_at'),
            })),
          )
          .execute();
      return rows.length;
    },

    /** Replaces the picks of each member in `picks` (every member's when `replaceAll`). */
    async savePicks(
      trx: Executor,
      picks: Map<number, Pick[]>,
      at: string,
      replaceAll: boolean,
    ): Promise<number> {
      if (replaceAll) await trx.deleteFrom('member_recommendations').execute();
      else
        for (const part of chunk([...picks.keys()], 500))
          await trx.deleteFrom('member_recommendations').where('user_id', 'in', part).execute();
      const rows = [...picks].flatMap(([userId, list]) =>
        list.map((p) => ({
          user_id: userId,
          show_id: p.showId,
          because_show_id: p.because,
          score: p.score,
          computed_at: at,
        })),
      );
      // An upsert too: a member's refresh and the full rebuild may overlap.
      for (const part of chunk(rows, 1000))
        await trx
          .insertInto('member_recommendations')
          .values(part)
          .onConflict((oc) =>
            oc.columns(['user_id', 'show_id']).doUpdateSet((eb) => ({
              because_show_id: eb.ref('excluded.because_show_id'),
              score: eb.ref('excluded.score'),
              computed_at: eb.ref('excluded.computed_at'),
            })),
          )
          .execute();
      return rows.length;
    },

    /**
     * A member's stored picks, best first, without shows they track or dismissed since the job
     * ran (so neither ever shows, whatever the job's timing).
     */
    async page(userId: number, limit: number, offset: number) {
      const base = db
        .selectFrom('member_recommendations as mr')
        .innerJoin('shows as b', 'b.id', 'mr.because_show_id')
        .where('mr.user_id', '=', userId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('watchlist_items as wi')
                .select('wi.id')
                .whereRef('wi.user_id', '=', 'mr.user_id')
                .whereRef('wi.show_id', '=', 'mr.show_id'),
            ),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('recommendation_dismissals as d')
                .select('d.show_id')
                .whereRef('d.user_id', '=', 'mr.user_id')
                .whereRef('d.show_id', '=', 'mr.show_id'),
            ),
          ),
        );
      const [rows, count, stamp] = await Promise.all([
        base
          .select(['mr.show_id', 'mr.score', 'mr.because_show_id', 'b.title as because_title'])
          .orderBy('mr.score', 'desc')
          .orderBy('mr.show_id')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        db
          .selectFrom('member_recommendations')
          .select((eb) => eb.fn.max('computed_at').as('at'))
          .where('user_id', '=', userId)
          .executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.n ?? 0), computedAt: stamp?.at ?? null };
    },

    showExists: (showId: number): Promise<boolean> => existsWhere(db, 'shows', { id: showId }),

    async dismiss(userId: number, showId: number, at: string): Promise<void> {
      const row = { user_id: userId, show_id: showId, created_at: at };
      await insertNew(db, 'recommendation_dismissals', row, ['user_id', 'show_id']);
    },

    async undismiss(userId: number, showId: number): Promise<void> {
      await deleteWhere(db, 'recommendation_dismissals', { user_id: userId, show_id: showId });
    },
  };
}

export type RecommendationsRepository = ReturnType<typeof createRecommendationsRepository>;

import { sql, type Kysely, type Transaction } from 'kysely';
import { setCountedRow } from '../../db/counted-rows';
import type { Database } from '../../db/types';

type Tx = Kysely<Database> | Transaction<Database>;

/** Every likeable kind: a (thing, member) like table beside a counter on the thing. */
export const likeTargets = {
  review: { rows: 'review_likes', column: 'review_id', table: 'reviews', counter: 'likes_count' },
  comment: {
    rows: 'comment_likes',
    column: 'comment_id',
    table: 'review_comments',
    counter: 'likes_count',
  },
  'episode-review': {
    rows: 'episode_review_likes',
    column: 'episode_review_id',
    table: 'episode_reviews',
    counter: 'likes_count',
  },
} as const;
export type LikeTarget = keyof typeof likeTargets;

/** 1 when the viewer likes the row `idRef` names, 0 when not, null for anonymous viewers. */
export const likedBy = (target: LikeTarget, idRef: string, viewerId: number | null) => {
  const t = likeTargets[target];
  return viewerId === null
    ? sql<number | null>`null`
    : sql<
        number | null
      >`case when exists (select 1 from ${sql.table(t.rows)} lk where lk.${sql.ref(t.column)} = ${sql.ref(idRef)} and lk.user_id = ${viewerId}) then 1 else 0 end`;
};

/** Likes of every likeable kind (ADR 070): one table per kind, one mechanism. */
export function createLikesRepository(db: Kysely<Database>) {
  return {
    db,

    /** One member's like on or off; the counter moves only when a row did (db/counted-rows.ts). */
    async setLike(
      trx: Transaction<Database>,
      target: LikeTarget,
      id: number,
      userId: number,
      liked: boolean,
      now: string,
    ): Promise<{ changed: boolean; likesCount: number }> {
      const { changed, count } = await setCountedRow(
        trx,
        likeTargets[target],
        id,
        userId,
        liked,
        now,
      );
      return { changed, likesCount: count };
    },

    async isLiked(target: LikeTarget, id: number, userId: number): Promise<boolean> {
      const t = likeTargets[target];
      const res = await sql`select 1 as x from ${sql.table(t.rows)}
        where ${sql.ref(t.column)} = ${id} and user_id = ${userId}`.execute(db);
      return res.rows.length > 0;
    },

    /** Who likes a thing, newest first. */
    async likers(target: LikeTarget, id: number, limit: number, offset: number) {
      const t = likeTargets[target];
      const rows = await sql<{
        user_id: number;
        username: string;
        display_name: string | null;
        avatar_url: string | null;
        created_at: string;
      }>`select l.user_id, u.username, u.display_name, u.avatar_url, l.created_at
        from ${sql.table(t.rows)} l join users u on u.id = l.user_id
        where l.${sql.ref(t.column)} = ${id}
        order by l.created_at desc, l.user_id desc limit ${limit} offset ${offset}`.execute(db);
      const n = await sql<{ n: number }>`select count(*) as n from ${sql.table(t.rows)}
        where ${sql.ref(t.column)} = ${id}`.execute(db);
      return { rows: rows.rows, total: Number(n.rows[0]?.n ?? 0) };
    },

    /**
     * Account erasure: the member's likes go and the counters they moved on others' things are
     * put back to the exact count of what remains.
     */
    async eraseUser(trx: Tx, userId: number) {
      for (const t of Object.values(likeTargets)) {
        const liked = await sql<{ id: number }>`select ${sql.ref(t.column)} as id
          from ${sql.table(t.rows)} where user_id = ${userId}`.execute(trx);
        const ids = liked.rows.map((r) => r.id);
        await sql`delete from ${sql.table(t.rows)} where user_id = ${userId}`.execute(trx);
        if (!ids.length) continue;
        await sql`update ${sql.table(t.table)} set ${sql.ref(t.counter)} = (select count(*)
            from ${sql.table(t.rows)} l where l.${sql.ref(t.column)} = ${sql.table(t.table)}.id)
          where id in (${sql.join(ids)})`.execute(trx);
      }
    },
  };
}

export type LikesRepository = ReturnType<typeof createLikesRepository>;

import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/types';
import { visible, type Viewer } from '../../platform/policy';

type Tx = Kysely<Database> | Transaction<Database>;

/** A review row with its author and show, as every review read needs it. */
export interface ReviewWithRefs {
  id: number;
  user_id: number;
  show_id: number;
  title: string;
  content: string;
  rating: number;
  is_spoiler: number;
  is_public: number;
  likes_count: number;
  comments_count: number;
  created_at: string;
  updated_at: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  show_title: string;
  show_poster: string | null;
  /** 1 when the viewer likes it, 0 when not, null for anonymous viewers. */
  is_liked: number | boolean | null;
  hidden_at: string | null;
  removed_at: string | null;
  moderation_reason: string | null;
}

export interface CommentWithAuthor {
  id: number;
  review_id: number;
  user_id: number;
  parent_id: number | null;
  content: string;
  deleted_at: string | null;
  likes_count: number;
  created_at: string;
  updated_at: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  is_liked: number | boolean | null;
  hidden_at: string | null;
  removed_at: string | null;
  moderation_reason: string | null;
}

export interface EpisodeReviewWithAuthor {
  id: number;
  user_id: number;
  episode_id: number;
  show_id: number;
  rating: number;
  content: string | null;
  is_spoiler: number;
  is_public: number;
  likes_count: number;
  created_at: string;
  updated_at: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  is_liked: number | boolean | null;
  hidden_at: string | null;
  removed_at: string | null;
  moderation_reason: string | null;
}

/** Which rows a listing draws from. */
export interface ReviewScope {
  /**
   * `community`: what everyone sees (feeds, show tabs, search): public reviews only, the
   * author's own private ones included nowhere but their own pages. `viewer`: the policy's
   * per-viewer rule (a profile's list, a member's review of a show).
   */
  visibility: 'community' | 'viewer';
  showId?: number;
  userId?: number;
  minRating?: number;
  minLikes?: number;
  since?: string;
  /** People (ADR 090): reviews by the members this member follows, none by members blocking them. */
  followedBy?: number;
}

export type ReviewOrderColumn = 'created_at' | 'rating' | 'likes_count';

/** The three like tables, each a (thing, member) primary key beside a counter on the thing. */
export const likeTargets = {
  review: { likes: 'review_likes', column: 'review_id', table: 'reviews' },
  comment: { likes: 'comment_likes', column: 'comment_id', table: 'review_comments' },
  'episode-review': {
    likes: 'episode_review_likes',
    column: 'episode_review_id',
    table: 'episode_reviews',
  },
} as const;
export type LikeTarget = keyof typeof likeTargets;

const likedBy = (likes: string, column: string, idRef: string, viewerId: number | null) =>
  viewerId === null
    ? sql<number | null>`null`
    : sql<
        number | null
      >`case when exists (select 1 from ${sql.table(likes)} lk where lk.${sql.ref(column)} = ${sql.ref(idRef)} and lk.user_id = ${viewerId}) then 1 else 0 end`;

/** Search words: letters and digits only, so nothing in a query is read as search syntax. */
export function searchTokens(q: string): string[] {
  return (
    q
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? []
  );
}

/**
 * How long a community listing's total (the same for every viewer) is reused. Counting 100,000
 * public reviews costs more than the rest of a feed page; a write on this server drops the
 * memo at once (forgetTotals), another server's write shows within this time.
 */
const TOTAL_TTL_MS = 10_000;

export function createReviewsRepository(db: Kysely<Database>, dialect: DialectName) {
  const totals = new Map<string, { n: number; at: number }>();
  const reviewsWithRefs = (q: Tx, viewerId: number | null) =>
    q
      .selectFrom('reviews as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('shows as s', 's.id', 'r.show_id')
      // Named, not r.*: on PostgreSQL the row also holds its search vector (migration 0011).
      .select([
        'r.id',
        'r.user_id',
        'r.show_id',
        'r.title',
        'r.content',
        'r.rating',
        'r.is_spoiler',
        'r.is_public',
        'r.likes_count',
        'r.comments_count',
        'r.created_at',
        'r.updated_at',
        'r.hidden_at',
        'r.removed_at',
        'r.moderation_reason',
      ])
      .select([
        'u.username',
        'u.display_name',
        'u.avatar_url',
        's.title as show_title',
        's.poster_url as show_poster',
      ])
      .select(likedBy('review_likes', 'review_id', 'r.id', viewerId).as('is_liked'));

  function scopeFilter(viewer: Viewer, scope: ReviewScope): Expression<SqlBool>[] {
    const where: Expression<SqlBool>[] = [
      // Community listings show what an anonymous visitor sees; pages about one member ask
      // the policy about this viewer.
      visible.published(
        scope.visibility === 'community' ? null : viewer,
        'r.user_id',
        'r.is_public',
      ),
    ];
    if (scope.showId !== undefined) where.push(sql<SqlBool>`r.show_id = ${scope.showId}`);
    if (scope.userId !== undefined) where.push(sql<SqlBool>`r.user_id = ${scope.userId}`);
    if (scope.minRating !== undefined) where.push(sql<SqlBool>`r.rating >= ${scope.minRating}`);
    if (scope.minLikes !== undefined) where.push(sql<SqlBool>`r.likes_count >= ${scope.minLikes}`);
    if (scope.since !== undefined) where.push(sql<SqlBool>`r.created_at >= ${scope.since}`);
    if (scope.followedBy !== undefined) {
      where.push(
        sql<SqlBool>`exists (select 1 from follows f where f.follower_id = ${scope.followedBy} and f.followee_id = r.user_id)`,
        sql<SqlBool>`not exists (select 1 from blocks b where b.blocker_id = r.user_id and b.blocked_id = ${scope.followedBy})`,
      );
    }
    return where;
  }

  const commentsWithAuthor = (q: Tx, viewerId: number | null) =>
    q
      .selectFrom('review_comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select(['u.username', 'u.display_name', 'u.avatar_url'])
      .select(likedBy('comment_likes', 'comment_id', 'c.id', viewerId).as('is_liked'));

  const episodeReviewsWithAuthor = (q: Tx, viewerId: number | null) =>
    q
      .selectFrom('episode_reviews as er')
      .innerJoin('users as u', 'u.id', 'er.user_id')
      .selectAll('er')
      .select(['u.username', 'u.display_name', 'u.avatar_url'])
      .select(
        likedBy('episode_review_likes', 'episode_review_id', 'er.id', viewerId).as('is_liked'),
      );

  return {
    db,
    dialect,
    /** Whether `viewer` may see this member's details (visible.memberDetails, ADR 150). */
    async memberDetailsVisible(viewer: Viewer, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('users as u')
        .select('u.id')
        .where('u.id', '=', userId)
        .where(visible.memberDetails(viewer, 'u.id'))
        .executeTakeFirst();
      return row !== undefined;
    },

    // --- reviews ---

    async reviewById(q: Tx, id: number, viewerId: number | null) {
      return (await reviewsWithRefs(q, viewerId).where('r.id', '=', id).executeTakeFirst()) as
        ReviewWithRefs | undefined;
    },

    async reviewFor(q: Tx, userId: number, showId: number, viewerId: number | null) {
      return (await reviewsWithRefs(q, viewerId)
        .where('r.user_id', '=', userId)
        .where('r.show_id', '=', showId)
        .executeTakeFirst()) as ReviewWithRefs | undefined;
    },

    /**
     * One page of reviews with authors, shows and the viewer's likes: the page's ids come from
     * the reviews indexes alone, then one join draws just those rows (no N+1, no deep sort of
     * joined rows).
     */
    async listReviews(
      viewer: Viewer,
      scope: ReviewScope,
      order: { column: ReviewOrderColumn; direction: 'asc' | 'desc' },
      limit: number,
      offset: number,
    ): Promise<{ rows: ReviewWithRefs[]; total: number }> {
      const where = scopeFilter(viewer, scope);
      const dir = order.direction === 'asc' ? sql`asc` : sql`desc`;
      const orderBy = [sql`r.${sql.ref(order.column)} ${dir}`, sql`r.id ${dir}`];
      let page = db.selectFrom('reviews as r').select('r.id');
      let count = db.selectFrom('reviews as r').select((eb) => eb.fn.countAll<number>().as('n'));
      for (const w of where) {
        page = page.where(w);
        count = count.where(w);
      }
      for (const o of orderBy) page = page.orderBy(o);
      const ids = (await page.limit(limit).offset(offset).execute()).map((r) => r.id);
      // Community totals are the same for every viewer: counted once per TOTAL_TTL_MS.
      const key = scope.visibility === 'community' ? JSON.stringify(scope) : null;
      const memo = key ? totals.get(key) : undefined;
      const fresh = memo && Date.now() - memo.at < TOTAL_TTL_MS ? memo.n : undefined;
      const [rows, n] = await Promise.all([
        ids.length
          ? reviewsWithRefs(db, viewer?.id ?? null)
              .where('r.id', 'in', ids)
              .execute()
          : Promise.resolve([]),
        fresh !== undefined
          ? Promise.resolve(fresh)
          : count.executeTakeFirstOrThrow().then((c) => Number(c.n)),
      ]);
      if (key && fresh === undefined) {
        if (totals.size > 1000) totals.clear();
        totals.set(key, { n, at: Date.now() });
      }
      const byId = new Map((rows as ReviewWithRefs[]).map((r) => [r.id, r]));
      return {
        rows: ids.map((id) => byId.get(id)).filter((r): r is ReviewWithRefs => !!r),
        // A page may show more than a memo a moment old counted: never less than it shows.
        total: Math.max(n, offset + ids.length),
      };
    },

    /** Drops the memo of community totals (after any write that may move one). */
    forgetTotals() {
      totals.clear();
    },

    /** Public reviews matching every word (prefixes too), best match first. */
    async searchReviews(
      q: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: (ReviewWithRefs & { score: number })[]; total: number }> {
      const tokens = searchTokens(q);
      if (tokens.length === 0) return { rows: [], total: 0 };
      let ranked: { id: number; score: number }[];
      let total: number;
      const isPublic = visible.published(null, 'r.user_id', 'r.is_public');
      if (dialect === 'sqlite') {
        const match = tokens.map((t) => `"${t}"*`).join(' ');
        const res = await sql<{ id: number; score: number }>`
          select r.id, -bm25(reviews_fts, 3.0, 1.0) as score
          from reviews_fts join reviews r on r.id = reviews_fts.rowid
          where reviews_fts match ${match} and ${isPublic}
          order by score desc, r.id desc limit ${limit} offset ${offset}`.execute(db);
        ranked = res.rows;
        const c = await sql<{ n: number }>`
          select count(*) as n from reviews_fts join reviews r on r.id = reviews_fts.rowid
          where reviews_fts match ${match} and ${isPublic}`.execute(db);
        total = Number(c.rows[0]?.n ?? 0);
      } else {
        const tsq = tokens.map((t) => `${t}:*`).join(' & ');
        // The stored, indexed vector of title (weight A) and content (B): migration 0011.
        const vector = sql`r.search_vector`;
        const res = await sql<{ id: number; score: number }>`
          select r.id, ts_rank(${vector}, to_tsquery('simple', ${tsq})) * 100 as score
          from reviews r
          where ${vector} @@ to_tsquery('simple', ${tsq}) and ${isPublic}
          order by score desc, r.id desc limit ${limit} offset ${offset}`.execute(db);
        ranked = res.rows.map((r) => ({ id: r.id, score: Number(r.score) }));
        const c = await sql<{ n: number }>`
          select count(*) as n from reviews r
          where ${vector} @@ to_tsquery('simple', ${tsq}) and ${isPublic}`.execute(db);
        total = Number(c.rows[0]?.n ?? 0);
      }
      if (ranked.length === 0) return { rows: [], total };
      const rows = (await reviewsWithRefs(db, null)
        .where(
          'r.id',
          'in',
          ranked.map((r) => r.id),
        )
        .execute()) as ReviewWithRefs[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        rows: ranked
          .filter((r) => byId.has(r.id))
          .map((r) => ({ ...byId.get(r.id)!, score: Math.round(r.score * 1000) / 1000 })),
        total,
      };
    },

    async insertReview(
      trx: Transaction<Database>,
      values: {
        user_id: number;
        show_id: number;
        title: string;
        content: string;
        rating: number;
        is_spoiler: number;
        is_public: number;
        now: string;
      },
    ): Promise<number | null> {
      const { now, ...rest } = values;
      const row = await trx
        .insertInto('reviews')
        .values({ ...rest, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'show_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async updateReview(
      trx: Transaction<Database>,
      id: number,
      set: Partial<{
        title: string;
        content: string;
        rating: number;
        is_spoiler: number;
        is_public: number;
        updated_at: string;
      }>,
    ) {
      await trx.updateTable('reviews').set(set).where('id', '=', id).execute();
    },

    async deleteReview(trx: Transaction<Database>, id: number): Promise<boolean> {
      const res = await trx.deleteFrom('reviews').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** Moves a show's count of public reviews (spec: the show's Reviews count). */
    async moveShowReviews(trx: Transaction<Database>, showId: number, by: number) {
      if (by === 0) return;
      await trx
        .updateTable('shows')
        .set((eb) => ({ total_reviews: eb('total_reviews', '+', by) }))
        .where('id', '=', showId)
        .execute();
    },

    /** Serialises writes to one review's row on PostgreSQL (SQLite writes are already serial). */
    async lockReview(trx: Transaction<Database>, id: number) {
      if (dialect !== 'postgres') return;
      await sql`select id from reviews where id = ${id} for update`.execute(trx);
    },

    async showExists(q: Tx, showId: number) {
      return !!(await q
        .selectFrom('shows')
        .select('id')
        .where('id', '=', showId)
        .executeTakeFirst());
    },

    /** Members' ratings of a show: public review ratings, and watchlist scores of members without one. */
    async memberRating(q: Tx, showId: number): Promise<{ average: number | null; count: number }> {
      // What everyone may see: the policy's anonymous view of reviews.
      const res = await sql<{ avg: number | null; n: number }>`
        select avg(x.v) as avg, count(*) as n from (
          select r.rating as v from reviews r
          where r.show_id = ${showId} and ${visible.published(null, 'r.user_id', 'r.is_public')}
          union all
          select w.score as v from watchlist_items w
          where w.show_id = ${showId} and w.score is not null and not exists (
            select 1 from reviews r2
            where r2.show_id = w.show_id and r2.user_id = w.user_id
              and ${visible.published(null, 'r2.user_id', 'r2.is_public')})
        ) x`.execute(q);
      const row = res.rows[0];
      return {
        average: row?.avg === null || row?.avg === undefined ? null : Number(row.avg),
        count: Number(row?.n ?? 0),
      };
    },

    async countPublicReviews(): Promise<number> {
      const row = await db
        .selectFrom('reviews as r')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(visible.published(null, 'r.user_id', 'r.is_public'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    // --- likes ---

    /**
     * Adds (or removes) one member's like and moves the thing's counter only when a row was
     * really inserted (or deleted): two concurrent likes by one member count once, a hundred
     * members' concurrent likes count a hundred. Returns the exact count after the change.
     */
    async setLike(
      trx: Transaction<Database>,
      target: LikeTarget,
      id: number,
      userId: number,
      liked: boolean,
      now: string,
    ): Promise<{ changed: boolean; likesCount: number }> {
      const t = likeTargets[target];
      let changed: boolean;
      if (liked) {
        const res = await sql<{ user_id: number }>`
          insert into ${sql.table(t.likes)} (${sql.ref(t.column)}, user_id, created_at)
          values (${id}, ${userId}, ${now})
          on conflict do nothing returning user_id`.execute(trx);
        changed = res.rows.length > 0;
      } else {
        const res = await sql<{ user_id: number }>`
          delete from ${sql.table(t.likes)} where ${sql.ref(t.column)} = ${id} and user_id = ${userId}
          returning user_id`.execute(trx);
        changed = res.rows.length > 0;
      }
      if (changed) {
        await sql`update ${sql.table(t.table)} set likes_count = likes_count + ${liked ? 1 : -1}
          where id = ${id}`.execute(trx);
      }
      const row = await sql<{ likes_count: number }>`
        select likes_count from ${sql.table(t.table)} where id = ${id}`.execute(trx);
      return { changed, likesCount: Number(row.rows[0]?.likes_count ?? 0) };
    },

    async isLiked(target: LikeTarget, id: number, userId: number): Promise<boolean> {
      const t = likeTargets[target];
      const res = await sql`select 1 as x from ${sql.table(t.likes)}
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
        from ${sql.table(t.likes)} l join users u on u.id = l.user_id
        where l.${sql.ref(t.column)} = ${id}
        order by l.created_at desc, l.user_id desc limit ${limit} offset ${offset}`.execute(db);
      const n = await sql<{ n: number }>`select count(*) as n from ${sql.table(t.likes)}
        where ${sql.ref(t.column)} = ${id}`.execute(db);
      return { rows: rows.rows, total: Number(n.rows[0]?.n ?? 0) };
    },

    // --- comments ---

    async commentById(q: Tx, id: number, viewerId: number | null) {
      return (await commentsWithAuthor(q, viewerId).where('c.id', '=', id).executeTakeFirst()) as
        CommentWithAuthor | undefined;
    },

    /** Top-level comments of a review, newest first, each with all its replies (oldest first). */
    async listComments(reviewId: number, viewerId: number | null, limit: number, offset: number) {
      const shown = visible.comments(viewerId === null ? null : { id: viewerId }, 'c');
      const [top, count] = await Promise.all([
        commentsWithAuthor(db, viewerId)
          .where(shown)
          .where('c.review_id', '=', reviewId)
          .where('c.parent_id', 'is', null)
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('review_comments as c')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(shown)
          .where('c.review_id', '=', reviewId)
          .where('c.parent_id', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      const ids = top.map((c) => c.id);
      const replies = ids.length
        ? ((await commentsWithAuthor(db, viewerId)
            .where(shown)
            .where('c.parent_id', 'in', ids)
            .orderBy('c.created_at', 'asc')
            .orderBy('c.id', 'asc')
            .execute()) as CommentWithAuthor[])
        : [];
      return { rows: top as CommentWithAuthor[], replies, total: Number(count.n) };
    },

    async listReplies(parentId: number, viewerId: number | null, limit: number, offset: number) {
      const shown = visible.comments(viewerId === null ? null : { id: viewerId }, 'c');
      const [rows, count] = await Promise.all([
        commentsWithAuthor(db, viewerId)
          .where(shown)
          .where('c.parent_id', '=', parentId)
          .orderBy('c.created_at', 'asc')
          .orderBy('c.id', 'asc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('review_comments as c')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(shown)
          .where('c.parent_id', '=', parentId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as CommentWithAuthor[], total: Number(count.n) };
    },

    async countReplies(q: Tx, parentId: number): Promise<number> {
      const row = await q
        .selectFrom('review_comments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('parent_id', '=', parentId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertComment(
      trx: Transaction<Database>,
      values: {
        review_id: number;
        user_id: number;
        parent_id: number | null;
        content: string;
        now: string;
      },
    ): Promise<number> {
      const { now, ...rest } = values;
      const row = await trx
        .insertInto('review_comments')
        .values({ ...rest, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateComment(trx: Tx, id: number, content: string, now: string) {
      await trx
        .updateTable('review_comments')
        .set({ content, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Keeps a comment with replies as a '[deleted]' placeholder: no text, no author shown, no likes. */
    async softDeleteComment(trx: Transaction<Database>, id: number, now: string) {
      await trx.deleteFrom('comment_likes').where('comment_id', '=', id).execute();
      await trx
        .updateTable('review_comments')
        .set({ content: '', deleted_at: now, likes_count: 0, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async hardDeleteComment(trx: Transaction<Database>, id: number) {
      await trx.deleteFrom('review_comments').where('id', '=', id).execute();
    },

    /**
     * Puts a review's comment count back to what others can read: comments not deleted and
     * not hidden or removed by a moderator, nor under a hidden one (ADR 151). Exact whatever
     * moved before, so moderation and deletions of hidden comments never drift it.
     */
    async recountComments(trx: Tx, reviewId: number) {
      await sql`update reviews set comments_count = (select count(*) from review_comments c
          where c.review_id = reviews.id and c.deleted_at is null and ${visible.comments(null, 'c')})
        where id = ${reviewId}`.execute(trx);
    },

    /** Puts shows' counts of public reviews back to what everyone can read (ADR 151). */
    async recountShowReviews(trx: Tx, showIds: number[]) {
      if (!showIds.length) return;
      await sql`update shows set total_reviews = (select count(*) from reviews r
          where r.show_id = shows.id and ${visible.published(null, 'r.user_id', 'r.is_public')})
        where id in (${sql.join(showIds)})`.execute(trx);
    },

    async moveCommentsCount(trx: Transaction<Database>, reviewId: number, by: number) {
      if (by === 0) return;
      await trx
        .updateTable('reviews')
        .set((eb) => ({ comments_count: eb('comments_count', '+', by) }))
        .where('id', '=', reviewId)
        .execute();
    },

    // --- episode reviews ---

    async episode(q: Tx, id: number) {
      return q
        .selectFrom('episodes')
        .select(['id', 'show_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async episodeReviewById(q: Tx, id: number, viewerId: number | null) {
      return (await episodeReviewsWithAuthor(q, viewerId)
        .where('er.id', '=', id)
        .executeTakeFirst()) as EpisodeReviewWithAuthor | undefined;
    },

    async episodeReviewFor(q: Tx, userId: number, episodeId: number) {
      return q
        .selectFrom('episode_reviews')
        .select('id')
        .where('user_id', '=', userId)
        .where('episode_id', '=', episodeId)
        .executeTakeFirst();
    },

    async listEpisodeReviews(
      episodeId: number,
      viewerId: number | null,
      limit: number,
      offset: number,
    ) {
      const shown = visible.published(
        viewerId === null ? null : { id: viewerId },
        'er.user_id',
        'er.is_public',
      );
      const [rows, count] = await Promise.all([
        episodeReviewsWithAuthor(db, viewerId)
          .where('er.episode_id', '=', episodeId)
          .where(shown)
          .orderBy('er.created_at', 'desc')
          .orderBy('er.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('episode_reviews as er')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('er.episode_id', '=', episodeId)
          .where(shown)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as EpisodeReviewWithAuthor[], total: Number(count.n) };
    },

    async insertEpisodeReview(
      trx: Transaction<Database>,
      values: {
        user_id: number;
        episode_id: number;
        show_id: number;
        rating: number;
        content: string | null;
        is_spoiler: number;
        is_public?: number;
        now: string;
      },
    ): Promise<number | null> {
      const { now, ...rest } = values;
      const row = await trx
        .insertInto('episode_reviews')
        .values({ ...rest, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async updateEpisodeReview(
      trx: Tx,
      id: number,
      set: Partial<{
        rating: number;
        content: string | null;
        is_spoiler: number;
        is_public: number;
        updated_at: string;
      }>,
    ) {
      await trx.updateTable('episode_reviews').set(set).where('id', '=', id).execute();
    },

    async deleteEpisodeReview(trx: Tx, id: number) {
      await trx.deleteFrom('episode_reviews').where('id', '=', id).execute();
    },

    // --- account erasure ---

    /**
     * Removes everything a member wrote or liked here and puts every counter those rows moved
     * on other members' rows back to the exact count of what remains.
     */
    async eraseUser(trx: Tx, userId: number) {
      // Things whose counters the member's rows move, gathered before the rows go.
      const likedReviews = trx
        .selectFrom('review_likes')
        .select('review_id')
        .where('user_id', '=', userId);
      const likedComments = trx
        .selectFrom('comment_likes')
        .select('comment_id')
        .where('user_id', '=', userId);
      const likedEpisodeReviews = trx
        .selectFrom('episode_review_likes')
        .select('episode_review_id')
        .where('user_id', '=', userId);
      const commentedReviews = trx
        .selectFrom('review_comments')
        .select('review_id')
        .where('user_id', '=', userId);
      const reviewIds = [
        ...new Set([
          ...(await likedReviews.execute()).map((r) => r.review_id),
          ...(await commentedReviews.execute()).map((r) => r.review_id),
        ]),
      ];
      const commentIds = (await likedComments.execute()).map((r) => r.comment_id);
      const episodeReviewIds = (await likedEpisodeReviews.execute()).map(
        (r) => r.episode_review_id,
      );
      const showIds = (
        await trx.selectFrom('reviews').select('show_id').where('user_id', '=', userId).execute()
      ).map((r) => r.show_id);

      await trx.deleteFrom('review_likes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('comment_likes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('episode_review_likes').where('user_id', '=', userId).execute();
      // Their comments go with the replies under them (others' replies to a member who left
      // would answer nobody).
      await trx.deleteFrom('review_comments').where('user_id', '=', userId).execute();
      await trx.deleteFrom('episode_reviews').where('user_id', '=', userId).execute();
      await trx.deleteFrom('reviews').where('user_id', '=', userId).execute();

      if (reviewIds.length) {
        await sql`update reviews set
            likes_count = (select count(*) from review_likes l where l.review_id = reviews.id),
            comments_count = (select count(*) from review_comments c
              where c.review_id = reviews.id and c.deleted_at is null)
          where id in (${sql.join(reviewIds)})`.execute(trx);
      }
      if (commentIds.length) {
        await sql`update review_comments set
            likes_count = (select count(*) from comment_likes l where l.comment_id = review_comments.id)
          where id in (${sql.join(commentIds)})`.execute(trx);
      }
      if (episodeReviewIds.length) {
        await sql`update episode_reviews set
            likes_count = (select count(*) from episode_review_likes l
              where l.episode_review_id = episode_reviews.id)
          where id in (${sql.join(episodeReviewIds)})`.execute(trx);
      }
      if (showIds.length) {
        await sql`update shows set total_reviews = (select count(*) from reviews r
            where r.show_id = shows.id and ${visible.published(null, 'r.user_id', 'r.is_public')})
          where id in (${sql.join(showIds)})`.execute(trx);
      }
      return { showIds };
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;

import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { DialectName } from '../../db/connection';
import type { Database } from '../../db/types';
import { moderationMarks } from '../../db/moderation-marks';
import { reviewColumns } from '../../db/review-columns';
import { visible, type Viewer } from '../../platform/policy';
import { likedBy } from './likes.repository';

type Tx = Kysely<Database> | Transaction<Database>;

/** What every read of a member's writing carries: its author, the viewer's like, its marks. */
export interface AuthoredRow {
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  /** 1 when the viewer likes it, 0 when not, null for anonymous viewers. */
  is_liked: number | boolean | null;
  hidden_at: string | null;
  removed_at: string | null;
  moderation_reason: string | null;
}

/** A review row with its author and show, as every review read needs it. */
export interface ReviewWithRefs extends AuthoredRow {
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
  show_title: string;
  show_poster: string | null;
}

/** The columns a member writes in a review. */
type ReviewFields = Pick<
  ReviewWithRefs,
  'title' | 'content' | 'rating' | 'is_spoiler' | 'is_public'
>;

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

/** Reviews with author, show and whether the viewer likes each: every review read starts here. */
export const reviewsWithRefs = (q: Tx, viewerId: number | null) =>
  q
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('shows as s', 's.id', 'r.show_id')
    .select(reviewColumns)
    .select([
      'u.username',
      'u.display_name',
      'u.avatar_url',
      's.title as show_title',
      's.poster_url as show_poster',
    ])
    .select(likedBy('review', 'r.id', viewerId).as('is_liked'));

/**
 * How long a community listing's total (the same for every viewer) is reused. Counting 100,000
 * public reviews costs more than the rest of a feed page; a write on this server drops the
 * memo at once (forgetTotals), another server's write shows within this time.
 */
const TOTAL_TTL_MS = 10_000;

export function createReviewsRepository(db: Kysely<Database>, dialect: DialectName) {
  const totals = new Map<string, { n: number; at: number }>();
  const marks = moderationMarks('reviews');
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

  /** Puts shows' counts of public reviews back to what everyone can read (ADR 151). */
  async function recountShowReviews(trx: Tx, showIds: number[]) {
    if (!showIds.length) return;
    await sql`update shows set total_reviews = (select count(*) from reviews r
        where r.show_id = shows.id and ${visible.published(null, 'r.user_id', 'r.is_public')})
      where id in (${sql.join(showIds)})`.execute(trx);
  }

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

    async insertReview(
      trx: Transaction<Database>,
      values: ReviewFields & { user_id: number; show_id: number; now: string },
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
      set: Partial<ReviewFields & { updated_at: string }>,
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

    recountShowReviews,

    // --- moderation (ADR 151): its marks, through this feature ---

    mark: marks.mark,

    async markSpoiler(trx: Transaction<Database>, id: number) {
      await trx.updateTable('reviews').set({ is_spoiler: 1 }).where('id', '=', id).execute();
    },

    /** A suspension's "hide all" of a member's reviews; returns those others could see. */
    hideAllBy: (trx: Transaction<Database>, userId: number, reason: string, now: string) =>
      marks.hideAllBy<{ id: number; show_id: number; rating: number; title: string }>(
        trx,
        userId,
        reason,
        now,
        ['id', 'show_id', 'rating', 'title'],
        'public',
      ),

    /** Account erasure: the member's reviews go; the shows they were on count again. */
    async eraseUser(trx: Tx, userId: number) {
      const showIds = (
        await trx.selectFrom('reviews').select('show_id').where('user_id', '=', userId).execute()
      ).map((r) => r.show_id);
      await trx.deleteFrom('reviews').where('user_id', '=', userId).execute();
      await recountShowReviews(trx, showIds);
      return { showIds };
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;

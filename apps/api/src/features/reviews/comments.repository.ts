import { sql, type Kysely, type Transaction } from 'kysely';
import { countOf, offsetPage } from '../../db/paging';
import { countWhere } from '../../db/rows';
import type { Database } from '../../db/types';
import { visible } from '../../platform/policy';
import { likedBy } from './likes.repository';
import type { AuthoredRow } from './reviews.repository';
import { moderationMarks } from '../../db/moderation-marks';

type Tx = Kysely<Database> | Transaction<Database>;

export interface CommentWithAuthor extends AuthoredRow {
  id: number;
  review_id: number;
  user_id: number;
  parent_id: number | null;
  content: string;
  deleted_at: string | null;
  likes_count: number;
  created_at: string;
  updated_at: string;
}

/** Comments on reviews and their replies (one level). */
export function createCommentsRepository(db: Kysely<Database>) {
  const commentsWithAuthor = (q: Tx, viewerId: number | null) =>
    q
      .selectFrom('review_comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select(['u.username', 'u.display_name', 'u.avatar_url'])
      .select(likedBy('comment', 'c.id', viewerId).as('is_liked'));
  const shownTo = (viewerId: number | null) =>
    visible.comments(viewerId === null ? null : { id: viewerId }, 'c');
  const marks = moderationMarks('review_comments');
  const comments = () => db.selectFrom('review_comments as c');

  return {
    db,

    async commentById(q: Tx, id: number, viewerId: number | null) {
      return (await commentsWithAuthor(q, viewerId).where('c.id', '=', id).executeTakeFirst()) as
        CommentWithAuthor | undefined;
    },

    /** Top-level comments of a review, newest first, each with all its replies (oldest first). */
    async listComments(reviewId: number, viewerId: number | null, limit: number, offset: number) {
      const shown = shownTo(viewerId);
      const { rows: top, total } = await offsetPage(
        commentsWithAuthor(db, viewerId)
          .where(shown)
          .where('c.review_id', '=', reviewId)
          .where('c.parent_id', 'is', null)
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc'),
        countOf(
          comments()
            .where(shown)
            .where('c.review_id', '=', reviewId)
            .where('c.parent_id', 'is', null),
        ),
        limit,
        offset,
      );
      const ids = top.map((c) => c.id);
      const replies = ids.length
        ? ((await commentsWithAuthor(db, viewerId)
            .where(shown)
            .where('c.parent_id', 'in', ids)
            .orderBy('c.created_at', 'asc')
            .orderBy('c.id', 'asc')
            .execute()) as CommentWithAuthor[])
        : [];
      return { rows: top as CommentWithAuthor[], replies, total };
    },

    async listReplies(parentId: number, viewerId: number | null, limit: number, offset: number) {
      const shown = shownTo(viewerId);
      const page = await offsetPage(
        commentsWithAuthor(db, viewerId)
          .where(shown)
          .where('c.parent_id', '=', parentId)
          .orderBy('c.created_at', 'asc')
          .orderBy('c.id', 'asc'),
        countOf(comments().where(shown).where('c.parent_id', '=', parentId)),
        limit,
        offset,
      );
      return { rows: page.rows as CommentWithAuthor[], total: page.total };
    },

    countReplies: (q: Tx, parentId: number): Promise<number> =>
      countWhere(q, 'review_comments', { parent_id: parentId }),

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

    // --- moderation (ADR 151): its marks, through this feature ---

    /** Sets a moderator's mark with the reason shown to the author. */
    mark: marks.mark,

    /** A suspension's "hide all" of a member's comments; returns those others could see. */
    hideAllBy: (trx: Transaction<Database>, userId: number, reason: string, now: string) =>
      marks.hideAllBy<{ id: number; review_id: number }>(
        trx,
        userId,
        reason,
        now,
        ['id', 'review_id'],
        'not deleted',
      ),

    /**
     * Account erasure: a member's comments go with the replies under them (others' replies to
     * a member who left would answer nobody); the reviews they were on count again.
     */
    async eraseUser(trx: Tx, userId: number) {
      const reviewIds = (
        await trx
          .selectFrom('review_comments')
          .select('review_id')
          .where('user_id', '=', userId)
          .execute()
      ).map((r) => r.review_id);
      await trx.deleteFrom('review_comments').where('user_id', '=', userId).execute();
      if (reviewIds.length) {
        await sql`update reviews set comments_count = (select count(*) from review_comments c
              where c.review_id = reviews.id and c.deleted_at is null)
          where id in (${sql.join([...new Set(reviewIds)])})`.execute(trx);
      }
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;

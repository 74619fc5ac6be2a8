import type { Kysely, Transaction } from 'kysely';
import type { ReportItemType } from '@series-tracker/contracts';
import { reviewColumns } from '../../db/review-columns';
import type { Database } from '../../db/types';

type Tx = Kysely<Database> | Transaction<Database>;

/** What moderation needs to know about one reportable thing, whatever its kind. */
export interface ItemRow {
  itemType: ReportItemType;
  itemId: number;
  authorId: number;
  title: string | null;
  text: string | null;
  isSpoiler: boolean;
  isPublic: boolean;
  hiddenAt: string | null;
  removedAt: string | null;
  /** Comments: their review's author and visibility, and whether a parent hides them. */
  reviewId?: number;
  reviewOwnerId?: number;
  showId?: number;
  episodeId?: number;
  showTitle?: string;
  reviewAuthor?: string;
  rating?: number;
  /** Where it sits, for the queue and the author's mail. */
  context: string;
  link: string | null;
  /** Lists/reviews: the name to put in events. */
  name?: string;
}

/** What every member-written thing has in common, as moderation sees it. */
const written = (
  itemType: ReportItemType,
  row: {
    id: number;
    user_id: number;
    is_public: number;
    hidden_at: string | null;
    removed_at: string | null;
  },
) => ({
  itemType,
  itemId: row.id,
  authorId: row.user_id,
  isPublic: Boolean(row.is_public),
  hiddenAt: row.hidden_at,
  removedAt: row.removed_at,
});

/**
 * What moderation reads of one reportable thing, whatever its kind (reviews, episode reviews,
 * comments, lists, profiles): the queue, the action's checks and the author's mail need it.
 */
export async function readItem(
  q: Tx,
  type: ReportItemType,
  id: number,
): Promise<ItemRow | undefined> {
  switch (type) {
    case 'review': {
      const r = await q
        .selectFrom('reviews as r')
        .innerJoin('shows as s', 's.id', 'r.show_id')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(reviewColumns)
        .select(['s.title as show_title', 'u.username'])
        .where('r.id', '=', id)
        .executeTakeFirst();
      if (!r) return undefined;
      return {
        ...written(type, r),
        title: r.title,
        text: r.content,
        isSpoiler: Boolean(r.is_spoiler),
        showId: r.show_id,
        showTitle: r.show_title,
        rating: Number(r.rating),
        name: r.title,
        context: `${r.username}'s review of ${r.show_title}`,
        link: `/review/${r.id}`,
      };
    }
    case 'episode-review': {
      const r = await q
        .selectFrom('episode_reviews as er')
        .innerJoin('episodes as e', 'e.id', 'er.episode_id')
        .innerJoin('shows as s', 's.id', 'er.show_id')
        .innerJoin('users as u', 'u.id', 'er.user_id')
        .select([
          'er.id',
          'er.user_id',
          'er.show_id',
          'er.episode_id',
          'er.content',
          'er.rating',
          'er.is_spoiler',
          'er.is_public',
          'er.hidden_at',
          'er.removed_at',
          's.title as show_title',
          'e.season_number',
          'e.episode_number',
          'u.username',
        ])
        .where('er.id', '=', id)
        .executeTakeFirst();
      if (!r) return undefined;
      const code = `S${String(r.season_number).padStart(2, '0')}E${String(r.episode_number).padStart(2, '0')}`;
      return {
        ...written(type, r),
        title: null,
        text: r.content,
        isSpoiler: Boolean(r.is_spoiler),
        showId: r.show_id,
        episodeId: r.episode_id,
        showTitle: r.show_title,
        context: `${r.username}'s review of ${r.show_title} ${code}`,
        link: `/episode/${r.episode_id}`,
      };
    }
    case 'comment': {
      const c = await q
        .selectFrom('review_comments as c')
        .innerJoin('reviews as r', 'r.id', 'c.review_id')
        .innerJoin('shows as s', 's.id', 'r.show_id')
        .innerJoin('users as ru', 'ru.id', 'r.user_id')
        .leftJoin('review_comments as p', 'p.id', 'c.parent_id')
        .select([
          'c.id',
          'c.user_id',
          'c.review_id',
          'c.content',
          'c.deleted_at',
          'c.hidden_at',
          'c.removed_at',
          'r.user_id as review_owner',
          'r.is_public as review_public',
          'r.hidden_at as review_hidden',
          'r.removed_at as review_removed',
          's.title as show_title',
          'ru.username as review_author',
        ])
        .where('c.id', '=', id)
        .executeTakeFirst();
      if (!c || c.deleted_at !== null) return undefined;
      return {
        itemType: type,
        itemId: c.id,
        authorId: c.user_id,
        title: null,
        text: c.content,
        isSpoiler: false,
        // Readable by others as far as its review is.
        isPublic: Boolean(c.review_public) && !c.review_hidden && !c.review_removed,
        hiddenAt: c.hidden_at,
        removedAt: c.removed_at,
        reviewId: c.review_id,
        reviewOwnerId: c.review_owner,
        reviewAuthor: c.review_author,
        showTitle: c.show_title,
        context: `Comment on ${c.review_author}'s review of ${c.show_title}`,
        link: `/review/${c.review_id}`,
      };
    }
    case 'list': {
      const l = await q
        .selectFrom('lists as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select([
          'l.id',
          'l.user_id',
          'l.name',
          'l.description',
          'l.is_public',
          'l.hidden_at',
          'l.removed_at',
          'u.username',
        ])
        .where('l.id', '=', id)
        .executeTakeFirst();
      if (!l) return undefined;
      return {
        ...written(type, l),
        title: l.name,
        text: l.description,
        isSpoiler: false,
        name: l.name,
        context: `${l.username}'s list`,
        link: `/list/${l.id}`,
      };
    }
    case 'profile': {
      const u = await q
        .selectFrom('users')
        .select(['id', 'username', 'display_name', 'bio', 'is_public'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!u) return undefined;
      return {
        itemType: type,
        itemId: u.id,
        authorId: u.id,
        title: u.display_name ?? u.username,
        text: u.bio,
        isSpoiler: false,
        isPublic: true,
        hiddenAt: null,
        removedAt: null,
        context: `${u.username}'s profile`,
        link: `/profile/${encodeURIComponent(u.username)}`,
      };
    }
  }
}

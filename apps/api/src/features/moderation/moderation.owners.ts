import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Trx = Transaction<Database>;
/** A moderator's mark: hidden (its author still sees it) or removed. */
export type Mark = 'hidden_at' | 'removed_at';

/**
 * What moderation does to one kind of thing, through the feature that owns it (ADR 151, 184):
 * moderation writes no other feature's table. The composition root passes the owners'
 * repositories, which fit.
 */
export interface MarkableKind<Hidden> {
  /** Sets a mark (the first one stays) with the reason shown to the author. */
  mark(trx: Trx, id: number, column: Mark, reason: string, now: string): Promise<void>;
  /** Hides all of a member's things no moderator marked yet; returns those others could see. */
  hideAllBy(trx: Trx, userId: number, reason: string, now: string): Promise<Hidden[]>;
}

interface SpoilerKind {
  markSpoiler(trx: Trx, id: number): Promise<void>;
}

export interface ModerationOwners {
  review: MarkableKind<{ id: number; show_id: number; rating: number; title: string }> &
    SpoilerKind;
  'episode-review': MarkableKind<{ id: number; episode_id: number }> & SpoilerKind;
  comment: MarkableKind<{ id: number; review_id: number }>;
  list: MarkableKind<{ id: number; name: string }>;
}

/** What a suspension with "hide content" hid, kind by kind. */
export interface HiddenContent {
  reviews: Awaited<ReturnType<ModerationOwners['review']['hideAllBy']>>;
  lists: Awaited<ReturnType<ModerationOwners['list']['hideAllBy']>>;
  comments: Awaited<ReturnType<ModerationOwners['comment']['hideAllBy']>>;
  episodeReviews: Awaited<ReturnType<ModerationOwners['episode-review']['hideAllBy']>>;
}

/** Hides every public thing a member wrote that others can still see, in one step. */
export async function hideAllBy(
  owners: ModerationOwners,
  trx: Trx,
  userId: number,
  reason: string,
  now: string,
): Promise<HiddenContent> {
  return {
    reviews: await owners.review.hideAllBy(trx, userId, reason, now),
    lists: await owners.list.hideAllBy(trx, userId, reason, now),
    comments: await owners.comment.hideAllBy(trx, userId, reason, now),
    episodeReviews: await owners['episode-review'].hideAllBy(trx, userId, reason, now),
  };
}

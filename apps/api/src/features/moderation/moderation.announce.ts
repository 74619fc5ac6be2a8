import type { ModerationAction } from '@series-tracker/contracts';
import type { EventBus } from '../../platform/events';
import type { ItemRow } from './moderation.repository';
import type { HiddenContent } from './moderation.owners';

/** After commit: the feature events the change implies, then content.moderated. */
export async function announce(
  { events, counters }: { events: EventBus; counters: { forgetTotals(): void } },
  item: ItemRow,
  action: ModerationAction,
  actionId: number,
  now: string,
  hidden: HiddenContent | null,
) {
  counters.forgetTotals();
  const gone = action === 'hide' || action === 'remove';
  if (item.itemType === 'review' && (gone || action === 'spoiler')) {
    await events.emit('review.updated', {
      reviewId: item.itemId,
      userId: item.authorId,
      showId: item.showId!,
      rating: item.rating ?? 0,
      isPublic: gone ? false : item.isPublic && !item.hiddenAt && !item.removedAt,
      at: now,
      title: item.title ?? '',
    });
  }
  if (item.itemType === 'comment' && gone) {
    await events.emit('comment.deleted', {
      commentId: item.itemId,
      reviewId: item.reviewId!,
      userId: item.authorId,
    });
  }
  if (item.itemType === 'list' && gone) {
    await events.emit('list.updated', {
      listId: item.itemId,
      userId: item.authorId,
      name: item.name ?? '',
      isPublic: false,
      at: now,
      change: 'visibility',
    });
  }
  if (action === 'suspend' || action === 'unsuspend') {
    // Signed-in state carries the suspension: every server reads it again.
    await events.emit('sessions.changed', { userId: item.authorId });
  }
  for (const r of hidden?.reviews ?? []) {
    await events.emit('review.updated', {
      reviewId: r.id,
      userId: item.authorId,
      showId: r.show_id,
      rating: Number(r.rating),
      isPublic: false,
      at: now,
      title: r.title,
    });
  }
  for (const l of hidden?.lists ?? []) {
    await events.emit('list.updated', {
      listId: l.id,
      userId: item.authorId,
      name: l.name,
      isPublic: false,
      at: now,
      change: 'visibility',
    });
  }
  for (const er of hidden?.episodeReviews ?? []) {
    await events.emit('content.moderated', {
      itemType: 'episode-review',
      itemId: er.id,
      authorId: item.authorId,
      action: 'hide',
      episodeId: er.episode_id,
      actionId,
    });
  }
  await events.emit('content.moderated', {
    itemType: item.itemType,
    itemId: item.itemId,
    authorId: item.authorId,
    action,
    ...(item.episodeId !== undefined ? { episodeId: item.episodeId } : {}),
    actionId,
  });
}

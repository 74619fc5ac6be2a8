import type { WatchlistItem, WatchStatus } from '@series-tracker/contracts';
import { watchStatuses } from '@series-tracker/contracts';
import type { EmbeddedShowColumns, ItemWithShow } from './tracking.repository';

export const toWatchlistShow = (r: EmbeddedShowColumns) => ({
  id: r.show_id,
  title: r.s_title,
  titleEnglish: r.s_title_english,
  coverImageUrl: r.s_poster_url,
  status: r.s_status,
  episodes: r.s_episode_count,
  averageRating: r.s_rating,
  description: r.s_synopsis,
});

export function toWatchlistItem(r: ItemWithShow): WatchlistItem {
  return {
    id: r.id,
    userId: r.user_id,
    showId: r.show_id,
    status: (watchStatuses as readonly string[]).includes(r.status)
      ? (r.status as WatchStatus)
      : 'watching',
    progress: r.progress,
    score: r.score,
    startedAt: r.started_at,
    completedAt: r.completed_at,
    lastWatchedAt: r.last_watched_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    run: r.run,
    show: toWatchlistShow(r),
  };
}
